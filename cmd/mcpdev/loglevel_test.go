package main

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/peers"
	"github.com/mcpdev/mcpdev/internal/testutil/logall"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
)

// --log-level asks for the server's logs at a level and above and shows
// them: logging/setLevel in the legacy era, the _meta level in the 2026
// era; a server without the logging capability is sent none (a warning
// says so) and the command goes on; a level that is none is a usage error.
func TestLogLevelFlag(t *testing.T) {
	srv := httptest.NewServer(sdkhttp.Handler(logall.Server(), nil))
	defer srv.Close()
	for _, protocol := range []string{"legacy", "2026"} {
		t.Run(protocol, func(t *testing.T) {
			r := mcpdev(t, "call", "--protocol", protocol, "--log-level", "error", srv.URL, "log_all")
			if r.code != 0 || !strings.Contains(r.stderr, "log error: msg-at-error\n") || !strings.Contains(r.stderr, "log emergency: msg-at-emergency\n") {
				t.Fatalf("exit %d, want the logs at error and above\nstderr:\n%s", r.code, r.stderr)
			}
			if strings.Contains(r.stderr, "msg-at-warning") || strings.Contains(r.stderr, "msg-at-debug") {
				t.Errorf("logs below error shown:\n%s", r.stderr)
			}
		})
	}
	t.Run("no logging capability", func(t *testing.T) {
		r := mcpdev(t, "call", "--log-level", "info", raw, "echo", "message=hi")
		if r.code != 0 || !strings.Contains(r.stderr, "warning: --log-level info: the server declares no logging capability; no level sent") {
			t.Errorf("exit %d\nstderr:\n%s", r.code, r.stderr)
		}
	})
	t.Run("no such level", func(t *testing.T) {
		r := mcpdev(t, "tools", "--log-level", "verbose", raw)
		if r.code != exitUsage || !strings.Contains(r.stderr, `--log-level "verbose": want one of [debug info notice warning error critical alert emergency]`) {
			t.Errorf("exit %d\nstderr:\n%s", r.code, r.stderr)
		}
	})
	t.Run("server-everything", func(t *testing.T) {
		node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
		r := mcpdev(t, "tools", "--log-level", "warning", "--", node, files[0], "stdio")
		if r.code != 0 || strings.Contains(r.stderr, "log-level") || !strings.Contains(r.stdout, "echo") {
			t.Errorf("exit %d (logging/setLevel refused?)\nstderr:\n%s", r.code, r.stderr)
		}
	})
}
