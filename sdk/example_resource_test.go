package sdk_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// ShopHours returns the opening hours.
func ShopHours(ctx context.Context) (string, error) {
	return "Mon–Sat 9:00–18:00", nil
}

// Novel is a book of the example catalog.
type Novel struct {
	ISBN  string `json:"isbn"`
	Title string `json:"title"`
}

// NovelArgs binds the {isbn} of bookshop://books/{isbn}.
type NovelArgs struct {
	ISBN string `json:"isbn" jsonschema:"pattern=^[0-9]{13}$"`
}

// NovelByISBN returns one book of the catalog.
func NovelByISBN(ctx context.Context, a NovelArgs) (Novel, error) {
	if a.ISBN != "9780553418026" {
		return Novel{}, sdk.ErrResourceNotFound
	}
	return Novel{ISBN: a.ISBN, Title: "The Martian"}, nil
}

// A resource is a URI and a plain Go function; a string is text/plain.
func ExampleResource() {
	s := sdk.NewServer("Bookshop", nil)
	sdk.Resource(s, "bookshop://hours", ShopHours, &sdk.ResourceOptions{
		Description: "Opening hours.",
		Annotations: &sdk.ResourceAnnotations{Audience: []sdk.Role{sdk.RoleUser}, LastModified: time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC)},
	})

	ctx := context.Background()
	c, err := sdk.NewInMemoryClient(ctx, s, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	list, _ := c.ListResources(ctx)
	fmt.Printf("%s %s %q %s\n", list[0].URI, list[0].Name, list[0].Description, list[0].Annotations.LastModified.Format(time.DateOnly))
	res, _ := c.ReadResource(ctx, "bookshop://hours")
	fmt.Println(res.Contents[0].MimeType, res.Contents[0].Text)
	_, err = c.ReadResource(ctx, "bookshop://nothing")
	fmt.Println(err)
	// Output:
	// bookshop://hours shop_hours "Opening hours." 2026-07-01
	// text/plain Mon–Sat 9:00–18:00
	// jsonrpc error -32602: Resource not found (data: {"uri":"bookshop://nothing"})
}

// A template's variables bind to the argument struct's fields, checked
// like tool arguments; a struct result is JSON.
func ExampleResourceTemplate() {
	s := sdk.NewServer("Bookshop", nil)
	sdk.ResourceTemplate(s, "bookshop://books/{isbn}", NovelByISBN, &sdk.ResourceOptions{Description: "One book by ISBN."})

	ctx := context.Background()
	c, err := sdk.NewInMemoryClient(ctx, s, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	res, _ := c.ReadResource(ctx, "bookshop://books/9780553418026")
	fmt.Println(res.Contents[0].MimeType)
	fmt.Println(res.Contents[0].Text)
	_, err = c.ReadResource(ctx, "bookshop://books/42")
	fmt.Println(err)
	// Output:
	// application/json
	// {
	//   "isbn": "9780553418026",
	//   "title": "The Martian"
	// }
	// jsonrpc error -32602: Invalid params: 1 validation error for novel_by_isbn
	// isbn
	//   String should match pattern '^[0-9]{13}$' [type=string_pattern_mismatch, input_value='42', input_type=str] (data: {"uri":"bookshop://books/42"})
}

// ResourceUpdated tells the clients watching a URI that it changed: a
// legacy-era client subscribes with resources/subscribe.
func ExampleServer_ResourceUpdated() {
	s := sdk.NewServer("Bookshop", nil)
	sdk.Resource(s, "bookshop://hours", ShopHours, &sdk.ResourceOptions{Description: "Opening hours."})

	ctx := context.Background()
	updated := make(chan string, 1)
	c, err := sdk.NewInMemoryClient(ctx, s, &sdk.ClientOptions{
		ProtocolVersion: sdk.LatestLegacyVersion,
		OnNotification: func(m *transport.Message) {
			if m.Method == "notifications/resources/updated" {
				updated <- string(m.Params)
			}
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	_ = c.Call(ctx, "resources/subscribe", sdk.ReadResourceParams{URI: "bookshop://hours"}, nil)
	s.ResourceUpdated("bookshop://hours")
	fmt.Println(<-updated)
	// Output:
	// {"uri":"bookshop://hours"}
}
