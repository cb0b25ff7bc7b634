package streamable_test

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/transport/streamable"
)

// A POST body is read whole and bounded by MaxBodySize, whether its length
// is declared (Content-Length) or not (chunked), and whether or not a
// middleware replaced it with a body longer than declared.
func TestStreamableBodyReadWholeWithinLimit(t *testing.T) {
	const limit = 1024
	h := streamable.NewServer(&fakeBackend{}, &streamable.ServerOptions{MaxBodySize: limit})
	// ?body=… replaces the body the client sent, keeping its Content-Length.
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if b := r.URL.Query().Get("body"); b != "" {
			r.Body = io.NopCloser(strings.NewReader(b))
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(func() { h.Close(); ts.Close() })
	session := initSession(t, ts.URL)
	echo := func(n int) string { // an echo request of exactly n bytes
		head := `{"jsonrpc":"2.0","id":1,"method":"echo","params":{"x":"`
		return head + strings.Repeat("a", n-len(head)-3) + `"}}`
	}
	tests := []struct {
		name     string
		body     string
		chunked  bool
		replaced string
		status   int
	}{
		{"declared, well within", echo(100), false, "", 200},
		{"declared, one byte under the limit", echo(limit - 1), false, "", 200},
		{"declared, at the limit", echo(limit), false, "", 200},
		{"declared, one byte over", echo(limit + 1), false, "", 413},
		{"chunked, within", echo(600), true, "", 200},
		{"chunked, over", echo(2000), true, "", 413},
		{"replaced by a longer body", echo(100), false, echo(900), 200},
		{"replaced by a body over the limit", echo(100), false, echo(limit + 1), 413},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var body io.Reader = strings.NewReader(tc.body)
			if tc.chunked {
				body = io.MultiReader(body) // no length known: sent chunked
			}
			url := ts.URL
			if tc.replaced != "" {
				url += "?body=" + tc.replaced
			}
			r, _ := http.NewRequest("POST", url, body)
			r.Header.Set("Content-Type", "application/json")
			r.Header.Set("Accept", "application/json, text/event-stream")
			r.Header.Set(streamable.HeaderSessionID, session)
			resp, err := http.DefaultClient.Do(r)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			got, _ := io.ReadAll(resp.Body)
			want := tc.body
			if tc.replaced != "" {
				want = tc.replaced
			}
			if resp.StatusCode != tc.status {
				t.Fatalf("HTTP %d %s, want %d", resp.StatusCode, got, tc.status)
			}
			if tc.status == 200 && !bytes.Contains(got, []byte(want[strings.Index(want, `{"x"`):len(want)-1])) {
				t.Errorf("the answer does not echo the whole body: %s", got)
			}
		})
	}
}

// A JSON answer carries its Content-Length and is never chunked, small or
// large, in both eras.
func TestStreamableJSONAnswerHasContentLength(t *testing.T) {
	ts := newFakeServer(t, &fakeBackend{}, nil)
	session := initSession(t, ts.URL)
	modern := map[string]string{"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "echo"}
	for _, n := range []int{10, 2000, 2040, 2048, 2100, 100000} {
		params := `{"x":"` + strings.Repeat("b", n) + `","_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}`
		body := `{"jsonrpc":"2.0","id":1,"method":"echo","params":` + params + `}`
		for era, headers := range map[string]map[string]string{"sessions": {streamable.HeaderSessionID: session}, "stateless": modern} {
			t.Run(era+" "+strconv.Itoa(n), func(t *testing.T) {
				resp, got := do(t, ts.URL, req{headers: headers, body: body})
				if resp.StatusCode != 200 || !strings.Contains(got, params) {
					t.Fatalf("HTTP %d %.200s", resp.StatusCode, got)
				}
				if len(resp.TransferEncoding) > 0 || resp.ContentLength != int64(len(got)) {
					t.Errorf("Transfer-Encoding %q, Content-Length %d, body %d bytes", resp.TransferEncoding, resp.ContentLength, len(got))
				}
				if era == "sessions" && resp.Header.Get(streamable.HeaderSessionID) != session {
					t.Errorf("Mcp-Session-Id %q, want %q", resp.Header.Get(streamable.HeaderSessionID), session)
				}
			})
		}
	}
}
