package main

import (
	"context"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/aymanbagabas/go-udiff"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
)

// Args is the argument type of the test server's tools.
type Args struct {
	Region  string `json:"region"`
	Count   int    `json:"count,omitempty"`
	Verbose *bool  `json:"verbose,omitempty"`
}

// recorder is a server whose tools record the arguments they were called with.
type recorder struct {
	mu    sync.Mutex
	calls map[string]Args
}

func (r *recorder) tool(name string) func(context.Context, Args) (string, error) {
	return func(_ context.Context, a Args) (string, error) {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.calls[name] = a
		return "ok", nil
	}
}

func serve(t *testing.T, rec *recorder) string {
	t.Helper()
	s := sdk.NewServer("test", nil)
	sdk.Tool(s, rec.tool("given"), &sdk.ToolOptions{Name: "given", Description: "Called with the context's arguments."})
	sdk.Tool(s, rec.tool("made_up"), &sdk.ToolOptions{Name: "made_up", Description: "Called with made-up arguments."})
	srv := httptest.NewServer(sdkhttp.Handler(s, nil))
	t.Cleanup(srv.Close)
	return srv.URL
}

// tools_call calls every listed tool, in both eras, with the arguments
// the scenario's context gives for it (a null one left out) and made-up
// ones of the schema's types for the others.
func TestToolsCallUsesContextArguments(t *testing.T) {
	for _, version := range []string{"2025-11-25", sdk.Version2026} {
		t.Run(version, func(t *testing.T) {
			rec := &recorder{calls: map[string]Args{}}
			url := serve(t, rec)
			env := map[string]string{
				"MCP_CONFORMANCE_SCENARIO":         "tools_call",
				"MCP_CONFORMANCE_PROTOCOL_VERSION": version,
				"MCP_CONFORMANCE_CONTEXT":          `{"name":"tools_call","toolCalls":[{"name":"given","arguments":{"region":"eu","count":7,"verbose":null}}]}`,
			}
			if err := run([]string{url}, func(k string) string { return env[k] }); err != nil {
				t.Fatal(err)
			}
			yes := true
			want := map[string]Args{"given": {Region: "eu", Count: 7}, "made_up": {Region: "test", Count: 2, Verbose: &yes}}
			if diff := jsonDiff(want, rec.calls); diff != "" {
				t.Errorf("calls (-want +got):\n%s", diff)
			}
		})
	}
}

func TestRunRefusesBadInvocation(t *testing.T) {
	tests := []struct {
		name string
		args []string
		env  map[string]string
		want error
	}{
		{name: "no scenario", args: []string{"http://127.0.0.1:1/"}, want: errUsage},
		{name: "no url", env: map[string]string{"MCP_CONFORMANCE_SCENARIO": "initialize"}, want: errUsage},
		{name: "unknown scenario", args: []string{"http://127.0.0.1:1/"}, env: map[string]string{"MCP_CONFORMANCE_SCENARIO": "nope"}, want: errUnknownScenario},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := run(tt.args, func(k string) string { return tt.env[k] })
			if !errors.Is(err, tt.want) {
				t.Errorf("run error = %v, want %v", err, tt.want)
			}
		})
	}
}

// jsonDiff is a (-want +got) diff of two values as indented JSON.
func jsonDiff(want, got any) string {
	w, _ := json.MarshalIndent(want, "", "  ")
	g, _ := json.MarshalIndent(got, "", "  ")
	if string(w) == string(g) {
		return ""
	}
	return udiff.Unified("want", "got", string(w)+"\n", string(g)+"\n")
}
