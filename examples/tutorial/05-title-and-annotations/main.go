// Command 05-title-and-annotations: override what the SDK infers — a title
// for UIs and behaviour hints for clients.
package main

import (
	"context"
	"fmt"
	"log"

	"github.com/mcpdev/mcpdev/sdk"
)

// SearchBooksArgs are the arguments of search_books.
type SearchBooksArgs struct {
	Query string `json:"query"`
}

// SearchBooks searches the catalog by title or author.
func SearchBooks(ctx context.Context, args SearchBooksArgs) (string, error) {
	return fmt.Sprintf("Found 3 books matching '%s'.", args.Query), nil
}

func main() {
	s := sdk.NewServer("Bookshop", nil)
	sdk.Tool(s, SearchBooks, &sdk.ToolOptions{
		Title: "Search the catalog",
		// The doc comment follows Go's convention, from which the SDK would
		// make "Searches the catalog by title or author."; Description puts
		// the seed's exact sentence on the wire instead.
		Description: "Search the catalog by title or author.",
		Annotations: &sdk.ToolAnnotations{
			ReadOnlyHint:  sdk.Bool(true),
			OpenWorldHint: sdk.Bool(false),
		},
	})
	if err := s.Run(context.Background()); err != nil {
		log.Fatal(err)
	}
}
