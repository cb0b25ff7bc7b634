package tui

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/peers"
	"github.com/mcpdev/mcpdev/internal/testutil/logall"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
)

// L in the logs tab steps the server's log level (shown in the tab), and
// the server then logs only at that level and above: in the legacy era by
// logging/setLevel, in the 2026 era (no such method) by the level in each
// request's _meta.
func TestFlowLogLevelKey(t *testing.T) {
	srv := httptest.NewServer(sdkhttp.Handler(logall.Server(), nil))
	t.Cleanup(srv.Close)
	url := srv.URL + "/mcp"
	for _, era := range []struct{ name, protocol, how string }{
		{"legacy", "2025-06-18", "(logging/setLevel)"},
		{"2026", "", "(in each request's _meta"},
	} {
		t.Run(era.name, func(t *testing.T) {
			c := &targetConnector{Target: &target.Target{Kind: target.KindHTTP, Name: url, URL: url, Protocol: era.protocol}}
			f := startScreenFlow(t, c, url, Options{})
			f.waitScreen("● connected", "Log at every level.")
			f.keys("2", "L", "L", "L") // debug → info → notice → warning
			f.waitScreen("2 Logs ≥warning", "log level set to warning "+era.how)
			f.keys("tab", "enter", "ctrl+r") // the tools, log_all's form (no arguments), call
			f.waitScreen("✓ ok · log_all")
			f.keys("2")
			s := f.waitScreen("msg-at-warning", "msg-at-error", "msg-at-emergency")
			for _, below := range []string{"msg-at-debug", "msg-at-info", "msg-at-notice"} {
				if strings.Contains(s, below) {
					t.Errorf("%s logged at level warning:\n%s", below, s)
				}
			}
		})
	}
}

// server-everything (the TypeScript SDK, legacy era, with logging) takes
// the level: its answer to logging/setLevel is a result, and the tab shows
// the level.
func TestFlowLogLevelServerEverything(t *testing.T) {
	node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
	f := startScreenFlow(t, commandConnector(node, files[0], "stdio"), "server-everything", Options{})
	f.waitScreen("● connected", "legacy era")
	f.keys("2", "L")
	// the notice is logged only once the server answered with a result
	// (the Traffic tab follows its newest messages: under load the request
	// may already have scrolled out of view, so it is not looked for there)
	f.waitScreen("2 Logs ≥info", "log level set to info (logging/setLevel)")
}
