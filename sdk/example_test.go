package sdk_test

import (
	"context"
	"fmt"
	"log"
	"strings"

	"github.com/mcpdev/mcpdev/sdk"
)

// SearchArgs are the arguments of search_books.
type SearchArgs struct {
	Query string `json:"query" jsonschema:"description=Title or author to search for."`
	Limit int    `json:"limit" jsonschema:"minimum=1,maximum=50,default=10"`
}

// SearchBooks searches the catalog by title or author.
func SearchBooks(ctx context.Context, a SearchArgs) (string, error) {
	return fmt.Sprintf("Found 3 books matching '%s' (showing up to %d).", a.Query, a.Limit), nil
}

// A tool is a plain Go function; a test talks to it in memory.
func ExampleTool() {
	s := sdk.NewServer("Bookshop", nil)
	sdk.Tool(s, SearchBooks, &sdk.ToolOptions{Description: "Search the catalog by title or author."})

	ctx := context.Background()
	c, err := sdk.NewInMemoryClient(ctx, s, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()

	res, _ := c.CallTool(ctx, "search_books", map[string]any{"query": "dune"}, nil)
	fmt.Println(res.Content[0].Text)
	fmt.Println(string(res.StructuredContent))

	res, _ = c.CallTool(ctx, "search_books", map[string]any{"query": "dune", "limit": 500}, nil)
	fmt.Println(res.IsError)
	fmt.Println(res.Content[0].Text)
	// Output:
	// Found 3 books matching 'dune' (showing up to 10).
	// {"result":"Found 3 books matching 'dune' (showing up to 10)."}
	// true
	// Error executing tool search_books: 1 validation error for search_books
	// limit
	//   Input should be less than or equal to 50 [type=less_than_equal, input_value=500, input_type=int]
}

func ExampleNewTool() {
	d, err := sdk.NewTool(SearchBooks, &sdk.ToolOptions{
		Title:       "Search the catalog",
		Description: "Search the catalog by title or author.",
		Annotations: &sdk.ToolAnnotations{ReadOnlyHint: sdk.Bool(true), OpenWorldHint: sdk.Bool(false)},
	})
	if err != nil {
		log.Fatal(err)
	}
	info := d.Info()
	fmt.Println(info.Name, "-", info.Title)
	fmt.Println(string(info.InputSchema))
	fmt.Println(*info.Annotations.ReadOnlyHint, *info.Annotations.OpenWorldHint, info.Annotations.DestructiveHint == nil)

	_, err = sdk.NewTool(func(ctx context.Context, a SearchArgs) (string, error) { return "", nil }, nil)
	fmt.Println(err)
	// Output:
	// search_books - Search the catalog
	// {"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"query":{"type":"string","description":"Title or author to search for."},"limit":{"type":"integer","maximum":50,"minimum":1,"default":10}},"type":"object","required":["query"]}
	// true false true
	// sdk: cannot infer a tool name from "ExampleNewTool.func1" (a function literal): set ToolOptions.Name
}

func ExampleSnakeCase() {
	for _, name := range []string{"SearchBooks", "HTTPGetURL", "AddV2Book", "ListURLs"} {
		fmt.Println(sdk.SnakeCase(name))
	}
	// Output:
	// search_books
	// http_get_url
	// add_v2_book
	// list_urls
}

func ExampleValidToolName() {
	fmt.Println(sdk.ValidToolName("books.search-v2"), sdk.ValidToolName("search books"))
	// Output: true false
}

func ExampleFormatViolations() {
	fmt.Println(sdk.FormatViolations("add_book", []sdk.Violation{
		{Path: "book.year", Message: "Input should be greater than or equal to 1450", Type: "greater_than_equal", Input: 1000},
		{Path: "book.title", Message: "Field required", Type: "missing", Input: map[string]any{"year": 1000}},
	}))
	// Output:
	// Error executing tool add_book: 2 validation errors for add_book
	// book.year
	//   Input should be greater than or equal to 1450 [type=greater_than_equal, input_value=1000, input_type=int]
	// book.title
	//   Field required [type=missing, input_value={'year': 1000}, input_type=dict]
}

func ExampleNewInMemoryClient() {
	s := sdk.NewServer("Bookshop", &sdk.ServerOptions{Version: "1.0.0"})
	sdk.Tool(s, SearchBooks, &sdk.ToolOptions{Description: "Search the catalog by title or author."})

	ctx := context.Background()
	c, err := sdk.NewInMemoryClient(ctx, s, &sdk.ClientOptions{ProtocolVersion: "2025-06-18"})
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	tools, _ := c.ListTools(ctx)
	fmt.Println(c.ServerInfo().Name, c.ServerInfo().Version, c.ProtocolVersion())
	for _, t := range tools {
		fmt.Println(t.Name+":", t.Description)
	}
	// Output:
	// Bookshop 1.0.0 2025-06-18
	// search_books: Search the catalog by title or author.
}

// StepsArgs are the arguments of steps.
type StepsArgs struct {
	N int `json:"n"`
}

func ExampleProgress() {
	steps := func(ctx context.Context, a StepsArgs) (int, error) {
		for i := 1; i <= a.N; i++ {
			sdk.Progress(ctx, float64(i), float64(a.N), "")
		}
		return a.N, nil
	}
	s := sdk.NewServer("Steps", nil)
	sdk.Tool(s, steps, &sdk.ToolOptions{Name: "steps", Description: "Counts to n."})

	ctx := context.Background()
	c, _ := sdk.NewInMemoryClient(ctx, s, nil)
	defer c.Close()
	res, _ := c.CallTool(ctx, "steps", map[string]int{"n": 3}, &sdk.CallOptions{
		OnProgress: func(p sdk.ProgressParams) { fmt.Printf("%g/%g\n", p.Progress, p.Total) },
	})
	fmt.Println(res.Content[0].Text)
	// Output:
	// 1/3
	// 2/3
	// 3/3
	// 3
}

func ExampleText() {
	image := func(ctx context.Context, _ struct{}) ([]sdk.Content, error) {
		return []sdk.Content{sdk.Text("a red dot"), sdk.Image([]byte{0x89, 'P', 'N', 'G'}, "image/png")}, nil
	}
	s := sdk.NewServer("Pictures", nil)
	sdk.Tool(s, image, &sdk.ToolOptions{Name: "dot", Description: "Draws a dot."})
	ctx := context.Background()
	c, _ := sdk.NewInMemoryClient(ctx, s, nil)
	defer c.Close()
	res, _ := c.CallTool(ctx, "dot", nil, nil)
	for _, block := range res.Content {
		fmt.Println(strings.TrimSpace(block.Type + " " + block.Text + block.MimeType + " " + block.Data))
	}
	fmt.Println(len(res.StructuredContent))
	// Output:
	// text a red dot
	// image image/png iVBORw==
	// 0
}
