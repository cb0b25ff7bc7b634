package sdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport"
)

type routeArgs struct {
	Region   string `json:"region" mcpheader:"Region" jsonschema:"description=Datacenter region"`
	Priority int    `json:"priority,omitempty" mcpheader:"Priority"`
	Verbose  *bool  `json:"verbose" mcpheader:"Verbose"`
	Query    string `json:"query"`
}

// RouteQuery reports the arguments it got.
func RouteQuery(ctx context.Context, a routeArgs) (string, error) {
	return fmt.Sprintf("%s|%d|%v|%s", a.Region, a.Priority, a.Verbose != nil && *a.Verbose, a.Query), nil
}

func TestParamHeaderSchema(t *testing.T) {
	d, err := sdk.NewTool(RouteQuery, &sdk.ToolOptions{Description: "Route."})
	if err != nil {
		t.Fatal(err)
	}
	var schema struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if err := json.Unmarshal(d.Info().InputSchema, &schema); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"region":   `{"type":"string","description":"Datacenter region","x-mcp-header":"Region"}`,
		"priority": `{"type":"integer","x-mcp-header":"Priority"}`,
		"verbose":  `{"anyOf":[{"type":"boolean"},{"type":"null"}],"x-mcp-header":"Verbose"}`,
		"query":    `{"type":"string"}`,
	}
	for k, v := range want {
		if got := string(schema.Properties[k]); got != v {
			t.Errorf("property %s (-want +got):\n%s", k, textDiff(v, got))
		}
	}
}

// declare registers a tool whose arguments are an In.
func declare[In any]() (*sdk.ToolDef, error) {
	return sdk.NewTool(func(context.Context, In) (string, error) { return "", nil }, &sdk.ToolOptions{Name: "t", Description: "d"})
}

type zoneTagged struct {
	Zone string `json:"zone" mcpheader:"Zone"`
}

type place struct {
	Zone string `json:"zone"`
}

// Invalid declarations are registration errors that say what to fix.
func TestParamHeaderDeclarationErrors(t *testing.T) {
	tests := []struct {
		name string
		fn   func() (*sdk.ToolDef, error)
		want string
	}{
		{"space", declare[struct {
			A string `json:"a" mcpheader:"My Region"`
		}], `field .A: mcpheader:"My Region" is not a valid header name`},
		{"colon", declare[struct {
			A string `json:"a" mcpheader:"Region:Primary"`
		}], "is not a valid header name"},
		{"non-ascii", declare[struct {
			A string `json:"a" mcpheader:"Région"`
		}], "is not a valid header name"},
		{"control", declare[struct {
			A string `json:"a" mcpheader:"Region\t1"`
		}], "is not a valid header name"},
		{"empty", declare[struct {
			A string `json:"a" mcpheader:""`
		}], "is not a valid header name"},
		{"duplicate ignoring case", declare[struct {
			A string `json:"a" mcpheader:"MyField"`
			B string `json:"b" mcpheader:"myfield"`
		}], `field .B: mcpheader:"myfield" repeats the header of field A`},
		{"float", declare[struct {
			Score float64 `json:"score" mcpheader:"Score"`
		}], "mcpheader needs a string, bool or integer field, not float64 (JSON numbers may not be mirrored"},
		{"slice", declare[struct {
			Items []string `json:"items" mcpheader:"Items"`
		}], "mcpheader needs a string, bool or integer field, not []string"},
		{"struct", declare[struct {
			Loc place `json:"loc" mcpheader:"Loc"`
		}], "mcpheader needs a string, bool or integer field, not sdk_test.place"},
		{"nested field", declare[struct {
			Loc []zoneTagged `json:"loc"`
		}], "field zoneTagged.Zone: mcpheader is only supported on top-level argument fields"},
		{"not an argument", declare[struct {
			A string `json:"-" mcpheader:"A"`
		}], "needs a field that is an argument"},
		{"tags with a schema override", func() (*sdk.ToolDef, error) {
			return sdk.NewTool(RouteQuery, &sdk.ToolOptions{Description: "d", InputSchema: json.RawMessage(`{"type":"object"}`)})
		}, "do not apply to ToolOptions.InputSchema"},
		{"invalid annotation in a schema override", func() (*sdk.ToolDef, error) {
			return sdk.NewTool(HTTPEcho, &sdk.ToolOptions{Name: "t", Description: "d",
				InputSchema: json.RawMessage(`{"type":"object","properties":{"text":{"type":"number","x-mcp-header":"Text"}}}`)})
		}, `sdk: tool t: invalid x-mcp-header "Text" on property "text": type "number" is not allowed`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, err := tc.fn()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("NewTool: %v, %v; want an error containing %q", d, err, tc.want)
			}
		})
	}
	// sdk.Tool panics with the same error.
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "is not a valid header name") {
			t.Errorf("Tool: recovered %v, want the registration error", r)
		}
	}()
	sdk.Tool(sdk.NewServer("x", nil), func(context.Context, struct {
		A string `json:"a" mcpheader:"A B"`
	}) (string, error) {
		return "", nil
	}, &sdk.ToolOptions{Name: "t", Description: "d"})
}

// headerRecorder serves s over HTTP and keeps the headers of each POST
// it receives.
type headerRecorder struct {
	mu    sync.Mutex
	calls []http.Header
}

func (hr *headerRecorder) serve(t *testing.T, s *sdk.Server) *httptest.Server {
	t.Helper()
	h := sdkhttp.Handler(s, nil)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			hr.mu.Lock()
			hr.calls = append(hr.calls, r.Header.Clone())
			hr.mu.Unlock()
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(func() { h.Close(); ts.Close() })
	return ts
}

func (hr *headerRecorder) last() (http.Header, int) {
	hr.mu.Lock()
	defer hr.mu.Unlock()
	if len(hr.calls) == 0 {
		return nil, 0
	}
	return hr.calls[len(hr.calls)-1], len(hr.calls)
}

// Real handler, real client: the client mirrors x-mcp-header arguments
// (Base64 where needed, none for null), the server checks them, rejects a
// disagreement with 400 and -32020 before the tool runs, and keeps serving.
func TestHTTPParamHeaders(t *testing.T) {
	s := sdk.NewServer("headers", nil)
	sdk.Tool(s, RouteQuery, &sdk.ToolOptions{Description: "Route."})
	sdk.Tool(s, HTTPEcho, &sdk.ToolOptions{Description: "Echo."})
	var rec headerRecorder
	ts := rec.serve(t, s)
	ctx := testCtx(t)

	c := connectHTTP(t, ts.URL, "", nil)
	if _, err := c.ListTools(ctx); err != nil {
		t.Fatal(err)
	}
	region := " Zürich\n1 "
	res, err := c.CallTool(ctx, "route_query", map[string]any{"region": region, "priority": 42, "verbose": nil, "query": "q"}, nil)
	if err != nil || res.IsError || res.Content[0].Text != region+"|42|false|q" {
		t.Fatalf("call: %+v %v", res, err)
	}
	h, _ := rec.last()
	if got, want := h.Get("Mcp-Param-Region"), "=?base64?IFrDvHJpY2gKMSA=?="; got != want {
		t.Errorf("Mcp-Param-Region %q, want %q", got, want)
	}
	if got := h.Get("Mcp-Param-Priority"); got != "42" {
		t.Errorf("Mcp-Param-Priority %q, want 42", got)
	}
	if v, ok := h["Mcp-Param-Verbose"]; ok {
		t.Errorf("Mcp-Param-Verbose %q sent for a null argument", v)
	}
	res, err = c.CallTool(ctx, "route_query", map[string]any{"region": "eu", "verbose": true, "query": "q"}, nil)
	if h, _ = rec.last(); err != nil || res.Content[0].Text != "eu|0|true|q" || h.Get("Mcp-Param-Region") != "eu" || h.Get("Mcp-Param-Verbose") != "true" {
		t.Errorf("second call: %+v %v, headers %v", res, err, h)
	}

	// A request whose header disagrees with the body never reaches the tool.
	body := `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"route_query","arguments":{"region":"eu","query":"q"},` +
		`"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
	for _, tc := range []struct{ name, header string }{{"mismatch", "us"}, {"bad base64", "=?base64?ZXU?="}, {"missing", ""}} {
		req, _ := http.NewRequest("POST", ts.URL, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("MCP-Protocol-Version", "2026-07-28")
		req.Header.Set("Mcp-Method", "tools/call")
		req.Header.Set("Mcp-Name", "route_query")
		if tc.header != "" {
			req.Header.Set("Mcp-Param-Region", tc.header)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var m transport.Message
		if json.Unmarshal(data, &m) != nil || resp.StatusCode != 400 || m.Error == nil || m.Error.Code != transport.CodeHeaderMismatch {
			t.Errorf("%s: HTTP %d %s, want 400 with -32020", tc.name, resp.StatusCode, data)
		}
	}
	res, err = c.CallTool(ctx, "route_query", map[string]any{"region": "ap", "query": "q"}, nil)
	if err != nil || res.Content[0].Text != "ap|0|false|q" {
		t.Errorf("call after rejected ones: %+v %v", res, err)
	}
	res, err = c.CallTool(ctx, "http_echo", map[string]any{"text": "plain"}, nil)
	if err != nil || res.Content[0].Text != "plain" {
		t.Errorf("tool without headers: %+v %v", res, err)
	}

	// A client that never listed the tools learns the headers from the
	// rejection: it lists them and calls again (three POSTs).
	fresh := connectHTTP(t, ts.URL, "", nil)
	_, before := rec.last()
	res, err = fresh.CallTool(ctx, "route_query", map[string]any{"region": "sa", "query": "q"}, nil)
	h, after := rec.last()
	if err != nil || res.Content[0].Text != "sa|0|false|q" || after != before+3 || h.Get("Mcp-Param-Region") != "sa" {
		t.Errorf("unlisted call: %+v %v after %d POSTs, headers %v", res, err, after-before, h)
	}

	// The legacy era sends no such headers and is not checked.
	legacy := connectHTTP(t, ts.URL, sdk.LatestLegacyVersion, nil)
	if _, err := legacy.ListTools(ctx); err != nil {
		t.Fatal(err)
	}
	res, err = legacy.CallTool(ctx, "route_query", map[string]any{"region": "eu", "query": "q"}, nil)
	if h, _ = rec.last(); err != nil || res.Content[0].Text != "eu|0|false|q" || h.Get("Mcp-Param-Region") != "" {
		t.Errorf("legacy call: %+v %v, headers %v", res, err, h)
	}
}

// Over HTTP in the 2026 era the client leaves out tools whose
// x-mcp-header annotations break the rules, says why, and keeps the rest
// (the tools of the official http-invalid-tool-headers scenario).
func TestClientExcludesInvalidParamHeaders(t *testing.T) {
	tools := `[
		{"name":"valid_tool","inputSchema":{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"}}}},
		{"name":"plain_tool","inputSchema":{"type":"object","properties":{"q":{"type":"string"}}}},
		{"name":"invalid_empty_header","inputSchema":{"type":"object","properties":{"value":{"type":"string","x-mcp-header":""}}}},
		{"name":"invalid_object_header","inputSchema":{"type":"object","properties":{"data":{"type":"object","x-mcp-header":"Data"}}}},
		{"name":"invalid_number_header","inputSchema":{"type":"object","properties":{"score":{"type":"number","x-mcp-header":"Score"}}}},
		{"name":"invalid_duplicate_diff_case","inputSchema":{"type":"object","properties":{"f1":{"type":"string","x-mcp-header":"MyField"},"f2":{"type":"string","x-mcp-header":"myfield"}}}},
		{"name":"invalid_colon_in_name","inputSchema":{"type":"object","properties":{"value":{"type":"string","x-mcp-header":"Region:Primary"}}}}
	]`
	var mu sync.Mutex
	var calls []http.Header
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var m transport.Message
		data, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(data, &m)
		var result string
		switch m.Method {
		case "server/discover":
			result = `{"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"resultType":"complete","ttlMs":0,"cacheScope":"private"}`
		case "tools/list":
			result = `{"tools":` + tools + `,"resultType":"complete","ttlMs":0,"cacheScope":"private"}`
		case "tools/call":
			mu.Lock()
			calls = append(calls, r.Header.Clone())
			mu.Unlock()
			result = `{"content":[{"type":"text","text":"ok"}],"resultType":"complete"}`
		default:
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":%s}`, m.ID, result)
	}))
	defer ts.Close()
	var warnings []string
	c := connectHTTP(t, ts.URL, "", &sdk.ClientOptions{OnWarning: func(err error) {
		var te *sdk.ToolExcludedError
		var pe *transport.ParamHeaderError
		if !errors.As(err, &te) || !errors.As(err, &pe) {
			t.Errorf("warning %v is not a *ToolExcludedError wrapping a *ParamHeaderError", err)
		}
		mu.Lock()
		warnings = append(warnings, te.Tool)
		mu.Unlock()
	}})
	listed, err := c.ListTools(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range listed {
		names = append(names, tool.Name)
	}
	if got := strings.Join(names, " "); got != "valid_tool plain_tool" {
		t.Errorf("listed %s, want valid_tool plain_tool", got)
	}
	if got := strings.Join(warnings, " "); got != "invalid_empty_header invalid_object_header invalid_number_header invalid_duplicate_diff_case invalid_colon_in_name" {
		t.Errorf("warnings for %s", got)
	}
	if _, err := c.CallTool(testCtx(t), "valid_tool", map[string]any{"region": "us-west1"}, nil); err != nil {
		t.Fatal(err)
	}
	if got := calls[0].Get("Mcp-Param-Region"); got != "us-west1" {
		t.Errorf("Mcp-Param-Region %q, want us-west1", got)
	}
}
