// Command 01-first-tool is the first step of the Tools tutorial: one plain
// function becomes the tool search_books.
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
	Limit int    `json:"limit"`
}

// Search the catalog by title or author.
func SearchBooks(ctx context.Context, args SearchBooksArgs) (string, error) {
	return fmt.Sprintf("Found 3 books matching '%s' (showing up to %d).", args.Query, args.Limit), nil
}

func main() {
	s := sdk.NewServer("Bookshop", nil)
	// The description is SearchBooks' doc comment, which is the seed's
	// sentence word for word: a comment that does not start with the
	// function's name goes on the wire as written. (Go's convention,
	// "SearchBooks searches …", would give "Searches …": see step 05.)
	sdk.Tool(s, SearchBooks, nil)
	if err := s.Run(context.Background()); err != nil {
		log.Fatal(err)
	}
}
