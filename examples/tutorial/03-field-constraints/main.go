// Command 03-field-constraints: descriptions, bounds and an enum on the
// arguments, all from struct tags and doc comments.
package main

import (
	"context"
	"fmt"
	"log"

	"github.com/mcpdev/mcpdev/sdk"
)

// Genre is a section of the catalog.
type Genre string

// The genres, declared as constants: they become the schema's enum.
const (
	Fiction    Genre = "fiction"
	NonFiction Genre = "non-fiction"
	Poetry     Genre = "poetry"
)

// SearchBooksArgs are the arguments of search_books. The field comments
// follow Go's convention ("Query is the title …"); the SDK drops the
// "Query is the", so the wire carries the seed's exact descriptions
// ("Title or author to search for.").
type SearchBooksArgs struct {
	// Query is the title or author to search for.
	Query string `json:"query"`
	// Limit is the maximum number of results.
	Limit int    `json:"limit" jsonschema:"minimum=1,maximum=50,default=10"`
	Genre *Genre `json:"genre"`
}

// Search the catalog by title or author.
func SearchBooks(ctx context.Context, args SearchBooksArgs) (string, error) {
	where := ""
	if args.Genre != nil {
		where = " in " + string(*args.Genre)
	}
	return fmt.Sprintf("Found 3 books matching '%s'%s (showing up to %d).", args.Query, where, args.Limit), nil
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
