package sdk_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// QueryArgs are the arguments of run_query; Region also travels in the
// header Mcp-Param-Region, so a gateway can route on it.
type QueryArgs struct {
	Region string `json:"region" mcpheader:"Region" jsonschema:"description=Datacenter to run in"`
	Query  string `json:"query"`
}

// A field tagged mcpheader is mirrored into an Mcp-Param-* header in the
// 2026 era over Streamable HTTP: the schema says so, the client sends
// it (Base64 when the value is not plain header text), and the server
// checks it against the body before the tool runs.
func ExampleParamHeaderTag() {
	s := sdk.NewServer("Warehouse", nil)
	sdk.Tool(s, func(ctx context.Context, a QueryArgs) (string, error) {
		return "ran " + a.Query + " in " + a.Region, nil
	}, &sdk.ToolOptions{Name: "run_query", Description: "Run a query in one region."})

	var schema struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	_ = json.Unmarshal(s.Tools()[0].InputSchema, &schema)
	fmt.Println(string(schema.Properties["region"]))

	h := sdkhttp.Handler(s, nil)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if v := r.Header.Get("Mcp-Param-Region"); v != "" {
			fmt.Println("Mcp-Param-Region:", v)
		}
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()
	defer h.Close()

	ctx := context.Background()
	c, err := sdk.Connect(ctx, streamable.NewClient(srv.URL, nil), nil)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	if _, err := c.ListTools(ctx); err != nil { // the client learns the headers here
		log.Fatal(err)
	}
	for _, region := range []string{"eu-west1", "Zürich"} {
		res, err := c.CallTool(ctx, "run_query", map[string]any{"region": region, "query": "SELECT 1"}, nil)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(res.Content[0].Text)
	}
	// Output:
	// {"type":"string","description":"Datacenter to run in","x-mcp-header":"Region"}
	// Mcp-Param-Region: eu-west1
	// ran SELECT 1 in eu-west1
	// Mcp-Param-Region: =?base64?WsO8cmljaA==?=
	// ran SELECT 1 in Zürich
}
