// Command bookshop is a small MCP server over stdio: a catalog of real books
// (embedded in the binary) that a model can search, look up and add to, and
// read as resources (bookshop://catalog, bookshop://books/{isbn}).
//
//	go run ./examples/bookshop
//
// Over HTTP, BOOKSHOP_REDIS=HOST:PORT makes replicas share their sessions
// and SSE events in Redis (see shared.go and examples/deploy).
//
// It is built on the sdk package; the tools are plain functions whose
// doc comments are their descriptions. mcpdocs_gen.go (go generate) keeps
// those descriptions in the binary, so it still has them when it runs far
// from its source.
package main

//go:generate go run github.com/mcpdev/mcpdev/cmd/mcpdocs

import (
	"context"
	"log"
	"os"
	"os/signal"

	"github.com/mcpdev/mcpdev/sdk"
)

// newServer returns the bookshop server with its three tools, its prompt,
// the catalog resource and the bookshop://books/{isbn} template; http
// configures it over HTTP (nil: the defaults).
func newServer(http *sdk.HTTPOptions) *sdk.Server {
	s := sdk.NewServer("Bookshop", &sdk.ServerOptions{
		HTTP:         http,
		Version:      "1.0.0",
		Instructions: "A bookshop catalog: search_books finds books by title or author, get_book fetches one by ISBN or exact title, add_book adds one for this session.",
	})
	sdk.Tool(s, SearchBooks, &sdk.ToolOptions{
		Title:       "Search the catalog",
		Annotations: &sdk.ToolAnnotations{ReadOnlyHint: sdk.Bool(true), OpenWorldHint: sdk.Bool(false)},
	})
	sdk.Tool(s, GetBook, &sdk.ToolOptions{
		Title:       "Get a book",
		Annotations: &sdk.ToolAnnotations{ReadOnlyHint: sdk.Bool(true), OpenWorldHint: sdk.Bool(false)},
	})
	sdk.Tool(s, AddBook, &sdk.ToolOptions{
		Title: "Add a book",
		Annotations: &sdk.ToolAnnotations{
			ReadOnlyHint:    sdk.Bool(false),
			DestructiveHint: sdk.Bool(false),
			IdempotentHint:  sdk.Bool(false),
			OpenWorldHint:   sdk.Bool(false),
		},
	})
	addPrompts(s)
	addResources(s)
	return s
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := newServer(httpOptions()).Run(ctx); err != nil {
		log.Fatal(err)
	}
}
