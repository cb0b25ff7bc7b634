// Command testconsts is a server whose package's test file declares one
// more constant of the tool's enum type: the binary, which has no code of
// its test files, must not offer it (sdk/docs_source_test.go).
package main

import (
	"context"
	"log"

	"github.com/mcpdev/mcpdev/sdk"
)

// Genre is a section of the catalog.
type Genre string

const (
	Fiction Genre = "fiction"
	Poetry  Genre = "poetry"
)

// ShelveArgs are the arguments of shelve.
type ShelveArgs struct {
	Genre Genre `json:"genre"`
}

// Shelve a book.
func Shelve(ctx context.Context, a ShelveArgs) (string, error) { return string(a.Genre), nil }

func main() {
	s := sdk.NewServer("testconsts", nil)
	sdk.Tool(s, Shelve, nil)
	if err := s.Run(context.Background()); err != nil {
		log.Fatal(err)
	}
}
