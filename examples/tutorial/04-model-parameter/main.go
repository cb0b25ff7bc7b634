// Command 04-model-parameter: a struct parameter becomes a $defs model.
package main

import (
	"context"
	"fmt"
	"log"

	"github.com/mcpdev/mcpdev/sdk"
)

// Book is one entry of the catalog. Its field comment follows Go's
// convention ("Year is the year …"); the SDK drops the "Year is the", so the
// wire carries the seed's exact "Year of first publication.".
type Book struct {
	Title  string `json:"title"`
	Author string `json:"author"`
	// Year is the year of first publication.
	Year int `json:"year" jsonschema:"minimum=1450"`
}

// AddBookArgs are the arguments of add_book.
type AddBookArgs struct {
	Book Book `json:"book"`
}

// Add a book to the catalog.
func AddBook(ctx context.Context, args AddBookArgs) (string, error) {
	b := args.Book
	return fmt.Sprintf("Added '%s' by %s (%d).", b.Title, b.Author, b.Year), nil
}

func main() {
	s := sdk.NewServer("Bookshop", nil)
	// The description is AddBook's doc comment, the seed's sentence word for
	// word: a comment that does not start with the function's name goes on
	// the wire as written.
	sdk.Tool(s, AddBook, nil)
	if err := s.Run(context.Background()); err != nil {
		log.Fatal(err)
	}
}
