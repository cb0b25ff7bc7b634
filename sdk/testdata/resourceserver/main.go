// Command resourceserver is the sdk side of BenchmarkResourceReadStdio: one
// resource template whose variable is checked like a tool argument before
// the function runs, as a real catalog's would be.
package main

import (
	"context"
	"log"

	"github.com/mcpdev/mcpdev/sdk"
)

// BookArgs binds the {isbn} of bookshop://books/{isbn}.
type BookArgs struct {
	// The book's ISBN-13.
	ISBN string `json:"isbn" jsonschema:"pattern=^[0-9]{13}$"`
}

// Book returns one book's blurb.
func Book(ctx context.Context, a BookArgs) (string, error) {
	return "Dune (" + a.ISBN + "): a noble family takes over the desert planet.", nil
}

func main() {
	s := sdk.NewServer("resourceserver", &sdk.ServerOptions{Version: "1.0.0"})
	sdk.ResourceTemplate(s, "bookshop://books/{isbn}", Book, nil)
	if err := s.Run(context.Background()); err != nil {
		log.Fatal(err)
	}
}
