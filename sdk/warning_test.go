package sdk_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/transport"
)

// With no OnWarning, the client's warnings go to stderr, which is often a
// terminal: the server's text in them (here a tool name carrying escape
// sequences) is shown as visible stand-ins, never sent raw.
func TestDefaultWarningSanitizesServerText(t *testing.T) {
	const name = "evil\x1b]0;pwned\x07\x1b[2J\r"
	nameJSON, _ := json.Marshal(name)
	tools := `[{"name":` + string(nameJSON) + `,"inputSchema":{"type":"object","properties":{"v":{"type":"string","x-mcp-header":""}}}}]`
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
		default:
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":%s}`, m.ID, result)
	}))
	defer ts.Close()
	c := connectHTTP(t, ts.URL, "", nil)

	stderr := stderrOf(t, func() {
		if _, err := c.ListTools(testCtx(t)); err != nil {
			t.Fatal(err)
		}
	})
	if !strings.Contains(stderr, "warning: sdk: tool evil") {
		t.Fatalf("no warning for the excluded tool on stderr: %q", stderr)
	}
	if strings.ContainsAny(stderr, "\x1b\x07\r") {
		t.Errorf("the server's control characters reached stderr: %q", stderr)
	}
}
