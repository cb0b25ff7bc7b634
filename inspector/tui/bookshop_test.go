package tui

import (
	"context"
	"fmt"

	"github.com/mcpdev/mcpdev/sdk"
)

// The in-process server of the synchronous tests: the seed's bookshop
// tools, plus annotations and structured output.

type Genre string

const (
	Fiction    Genre = "fiction"
	NonFiction Genre = "non-fiction"
	Poetry     Genre = "poetry"
)

type SearchBooksArgs struct {
	// Title or author to search for.
	Query string `json:"query"`
	// Maximum number of results.
	Limit int    `json:"limit" jsonschema:"minimum=1,maximum=50,default=10"`
	Genre *Genre `json:"genre"`
}

// Search the catalog by title or author.
func SearchBooks(ctx context.Context, a SearchBooksArgs) (string, error) {
	return fmt.Sprintf("Found 3 books matching '%s' (showing up to %d).", a.Query, a.Limit), nil
}

type Book struct {
	Title  string `json:"title"`
	Author string `json:"author"`
	Year   int    `json:"year" jsonschema:"minimum=1450,maximum=2100"`
}

type AddBookArgs struct {
	Book Book `json:"book"`
}

// Add a book to the catalog.
func AddBook(ctx context.Context, a AddBookArgs) (Book, error) { return a.Book, nil }

type CityArgs struct {
	City string `json:"city"`
}

type Weather struct {
	City        string  `json:"city"`
	Temperature float64 `json:"temperature"`
	Conditions  string  `json:"conditions"`
}

// Get the weather for a city.
func GetWeather(ctx context.Context, a CityArgs) (Weather, error) {
	return Weather{City: a.City, Temperature: 21.5, Conditions: "sunny"}, nil
}

type NoArgs struct{}

// Delete every book in the catalog.
func DeleteAll(ctx context.Context, _ NoArgs) (string, error) { return "deleted", nil }

func testBookshop() *sdk.Server {
	s := sdk.NewServer("Bookshop", &sdk.ServerOptions{Version: "0.3.1"})
	sdk.Tool(s, SearchBooks, &sdk.ToolOptions{Description: "Search the catalog by title or author.", Annotations: &sdk.ToolAnnotations{ReadOnlyHint: sdk.Bool(true)}})
	sdk.Tool(s, AddBook, &sdk.ToolOptions{Title: "Add a book", Description: "Add a book to the catalog."})
	sdk.Tool(s, GetWeather, &sdk.ToolOptions{Description: "Get the weather for a city.", Annotations: &sdk.ToolAnnotations{ReadOnlyHint: sdk.Bool(true), OpenWorldHint: sdk.Bool(true)}})
	sdk.Tool(s, DeleteAll, &sdk.ToolOptions{Description: "Delete every book in the catalog.", Annotations: &sdk.ToolAnnotations{DestructiveHint: sdk.Bool(true), IdempotentHint: sdk.Bool(true)}})
	return s
}
