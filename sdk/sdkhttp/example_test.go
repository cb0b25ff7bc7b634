package sdkhttp_test

import (
	"context"
	"fmt"
	"log"
	"net/http/httptest"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// Handler serves a server over Streamable HTTP on a mux or test server of
// your own; sdkhttp.Run(ctx, s, opts) does it on --http ADDR and serves stdio
// without the flag. A tool sees the POST that carried its call with
// HTTPRequest.
func ExampleHandler() {
	s := sdk.NewServer("greeter", nil)
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		return "hello over " + sdkhttp.HTTPRequest(ctx).Method, nil
	}, &sdk.ToolOptions{Name: "greet", Description: "Greets."})

	h := sdkhttp.Handler(s, nil)
	defer h.Close()
	ts := httptest.NewServer(h)
	defer ts.Close()

	c, err := sdk.Connect(context.Background(), streamable.NewClient(ts.URL, nil), nil)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	res, _ := c.CallTool(context.Background(), "greet", nil, nil)
	fmt.Println(res.Content[0].Text)
	// Output: hello over POST
}
