package sdk_test

import (
	"context"
	"fmt"
	"log"
	"net/http/httptest"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// A long tool call need not hold its HTTP connection open: the tool ends
// its SSE stream and keeps working; the client comes back after the retry
// time and receives the progress and result sent meanwhile.
func ExampleCloseSSEStream() {
	s := sdk.NewServer("Reports", nil)
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		sdk.Progress(ctx, 1, 2, "started")
		// Over stdio, the 2026 era or with older clients this does
		// nothing and reports false; the call then streams as usual.
		sdk.CloseSSEStream(ctx, 10*time.Millisecond)
		sdk.Progress(ctx, 2, 2, "rendered") // kept until the client resumes
		return "report ready", nil
	}, &sdk.ToolOptions{Name: "build_report", Description: "Build the monthly report."})

	h := sdkhttp.Handler(s, nil)
	srv := httptest.NewServer(h)
	defer srv.Close()
	defer h.Close()

	ctx := context.Background()
	c, err := sdk.Connect(ctx, streamable.NewClient(srv.URL, nil),
		&sdk.ClientOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	res, err := c.CallTool(ctx, "build_report", nil, &sdk.CallOptions{
		OnProgress: func(p sdk.ProgressParams) { fmt.Println("progress:", p.Message) },
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Content[0].Text)
	// Output:
	// progress: started
	// progress: rendered
	// report ready
}
