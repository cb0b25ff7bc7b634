package sdk_test

import (
	"context"
	"fmt"
	"log"

	"github.com/mcpdev/mcpdev/sdk"
)

// Middleware sees every request: here it logs each one with its outcome,
// and a tool middleware refuses a tool the caller may not use. The
// first middleware given is the outermost.
func ExampleServer_Use() {
	s := sdk.NewServer("Bookshop", nil)
	sdk.Tool(s, SearchBooks, &sdk.ToolOptions{Description: "Search the catalog."})
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) { return "deleted", nil },
		&sdk.ToolOptions{Name: "delete_catalog", Description: "Delete the whole catalog."})

	logging := func(next sdk.Handler) sdk.Handler {
		return func(ctx context.Context, c *sdk.Call) (any, error) {
			res, err := next(ctx, c)
			fmt.Printf("%s (%s era): err=%v\n", c.Method, sdk.RequestFrom(ctx).Era, err)
			return res, err
		}
	}
	guard := func(next sdk.ToolHandler) sdk.ToolHandler {
		return func(ctx context.Context, c *sdk.ToolCall) (*sdk.CallToolResult, error) {
			if c.Name == "delete_catalog" {
				return nil, &sdk.RPCError{Code: -32001, Message: "Forbidden: " + c.Name}
			}
			return next(ctx, c)
		}
	}
	s.Use(logging)
	s.UseTool(guard)

	c, err := sdk.NewInMemoryClient(context.Background(), s, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	res, _ := c.CallTool(context.Background(), "search_books", map[string]any{"query": "go"}, nil)
	fmt.Println(res.Content[0].Text)
	_, err = c.CallTool(context.Background(), "delete_catalog", nil, nil)
	fmt.Println(err)
	// Output:
	// server/discover (2026 era): err=<nil>
	// tools/call (2026 era): err=<nil>
	// Found 3 books matching 'go' (showing up to 10).
	// tools/call (2026 era): err=jsonrpc error -32001: Forbidden: delete_catalog
	// jsonrpc error -32001: Forbidden: delete_catalog
}
