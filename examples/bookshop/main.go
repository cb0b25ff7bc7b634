// Command bookshop is a small MCP server over stdio: a catalog of real books
// (embedded in the binary) that a model can search, look up and add to, and
// read as resources (bookshop://catalog, bookshop://books/{isbn}).
//
//	go run ./examples/bookshop
//	go run ./examples/bookshop --http :8000   # Streamable HTTP at http://127.0.0.1:8000/mcp
//
// Over HTTP, BOOKSHOP_REDIS=HOST:PORT makes replicas share their sessions
// and SSE events in Redis (see shared.go and examples/deploy).
//
// It is built on the sdk package (and sdk/sdkhttp, which serves it over
// Streamable HTTP with --http); the tools are plain functions whose
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
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
)

// newServer returns the bookshop server with its three tools, its prompt,
// the catalog resource and the bookshop://books/{isbn} template.
func newServer() *sdk.Server {
	s := sdk.NewServer("Bookshop", &sdk.ServerOptions{
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
	if err := sdkhttp.Run(ctx, newServer(), httpOptions()); err != nil {
		log.Fatal(err)
	}
}
