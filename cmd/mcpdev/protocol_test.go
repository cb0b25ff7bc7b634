package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/peers"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
)

// TestProtocolFlagPicksEra: --protocol makes tools, call and the rest
// speak the era asked for against a server that speaks both (the sdk's
// conformance example over stdio, an sdk server over HTTP); -v says which
// era the connection speaks and that --protocol chose it.
func TestProtocolFlagPicksEra(t *testing.T) {
	s := sdk.NewServer("both", nil)
	sdk.Tool(s, Study, nil)
	srv := httptest.NewServer(sdkhttp.Handler(s, nil))
	defer srv.Close()
	tests := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"stdio, auto", []string{"tools", "-v", conformance}, "MCP 2026-07-28 (2026 era) over stdio"},
		{"stdio, legacy", []string{"tools", "-v", "--protocol", "legacy", conformance}, "MCP 2025-11-25 (legacy era, --protocol) over stdio"},
		{"stdio, 2026", []string{"tools", "-v", "--protocol", "2026", conformance}, "MCP 2026-07-28 (2026 era, --protocol) over stdio"},
		{"stdio, a version", []string{"tools", "-v", "--protocol", "2025-06-18", conformance}, "MCP 2025-06-18 (legacy era, --protocol) over stdio"},
		{"stdio, call", []string{"call", "-v", "--protocol=legacy", conformance, "test_simple_text"}, "MCP 2025-11-25 (legacy era, --protocol) over stdio"},
		{"http, auto", []string{"tools", "-v", srv.URL}, "MCP 2026-07-28 (2026 era) over streamable http"},
		{"http, legacy", []string{"tools", "-v", "--protocol", "legacy", srv.URL}, "MCP 2025-11-25 (legacy era, --protocol) over streamable http"},
		{"http, 2026", []string{"call", "-v", "--protocol", "2026", srv.URL, "study", "ms=1"}, "MCP 2026-07-28 (2026 era, --protocol) over streamable http"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mcpdev(t, tt.args...)
			if r.code != 0 || !strings.Contains(r.stderr, "connected to ") || !strings.Contains(r.stderr, tt.stderr) {
				t.Fatalf("exit %d, want 0, stderr lacks %q?\nstdout:\n%s\nstderr:\n%s", r.code, tt.stderr, r.stdout, r.stderr)
			}
		})
	}
	if r := mcpdev(t, "tools", "--protocol", "2027", conformance); r.code != exitUsage || !strings.Contains(r.stderr, `--protocol "2027": want auto, legacy, 2026 or a version`) {
		t.Errorf("a wrong --protocol: exit %d\n%s", r.code, r.stderr)
	}
}

// initializeRefused is an sdk HTTP server that speaks only the 2026 era:
// it answers initialize with a JSON-RPC error, as a server of that era
// alone would.
func initializeRefused(t *testing.T) string {
	s := sdk.NewServer("modern-only", nil)
	sdk.Tool(s, Study, nil)
	h := sdkhttp.Handler(s, nil)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if bytes.Contains(body, []byte(`"method":"initialize"`)) {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}`)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestProtocolRefusedSaysSo: an era the server does not speak fails at
// once with a message that says so and how to let mcpdev pick, not a
// hang or a bare "method not found": server-everything (legacy only) over
// stdio and HTTP with --protocol 2026, a 2026-only server with --protocol
// legacy; mcpdev test --protocol runs sessions in the era asked for.
func TestProtocolRefusedSaysSo(t *testing.T) {
	node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"stdio, 2026 to a legacy server", []string{"tools", "--protocol", "2026", "--", node, files[0], "stdio"},
			[]string{"the server does not speak the 2026 era (MCP 2026-07-28, forced by --protocol): it refused server/discover: Method not found (-32601)",
				"try: it may speak only the legacy era: try --protocol legacy", `"doctor":"era-refused"`}},
		{"http, 2026 to a legacy server", []string{"tools", "--protocol", "2026", serverEverythingHTTP(t, node, files[0])},
			[]string{"the server does not speak the 2026 era (MCP 2026-07-28, forced by --protocol): it refused server/discover: HTTP 400", `"doctor":"era-refused"`}},
		{"http, legacy to a 2026 server", []string{"call", "--protocol", "legacy", initializeRefused(t), "study", "ms=1"},
			[]string{"the server does not speak the legacy era (MCP 2025-11-25, forced by --protocol): it refused initialize: Method not found (-32601)",
				"try: it may speak only the 2026 era: try --protocol 2026", `"doctor":"era-refused"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mcpdev(t, tt.args...)
			if r.code != exitConnect {
				t.Errorf("exit %d, want %d", r.code, exitConnect)
			}
			for _, w := range tt.want {
				if !strings.Contains(r.stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, r.stderr)
				}
			}
		})
	}
	if r := mcpdev(t, "tools", "--protocol", "legacy", "--", node, files[0], "stdio"); r.code != 0 || !strings.Contains(r.stdout, "simulate-research-query") {
		t.Errorf("--protocol legacy to server-everything: exit %d\n%s", r.code, r.stderr)
	}
	t.Run("mcpdev test", func(t *testing.T) {
		t.Setenv("MCPDEV_NODE", node)
		t.Setenv("MCPDEV_PEERS", peers.Dir())
		session := filepath.Join(repoRoot, "testdata", "sessions", "server-everything.txtar")
		if r := mcpdev(t, "test", "--protocol", "legacy", session); r.code != 0 || !strings.Contains(r.stdout, "--- PASS") {
			t.Errorf("test --protocol legacy: exit %d\n%s%s", r.code, r.stdout, r.stderr)
		}
		r := mcpdev(t, "test", "--protocol", "2026", session)
		if r.code != exitUsage || !strings.Contains(r.stdout, "the server does not speak the 2026 era") {
			t.Errorf("test --protocol 2026: exit %d\n%s%s", r.code, r.stdout, r.stderr)
		}
	})
}

// serverEverythingHTTP starts server-everything over Streamable HTTP on
// a free port and returns its URL once it listens.
func serverEverythingHTTP(t *testing.T, node, index string) string {
	t.Helper()
	addr, _ := peers.ServeHTTP(t, node, index, 0)
	return "http://" + addr + "/mcp"
}
