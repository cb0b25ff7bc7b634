package sdk

import (
	"math/rand/v2"
	"net/http"
	"testing"
)

// Header finds keys as http.Header does: canonicalHeaderKey spells every
// key as http.CanonicalHeaderKey does.
func TestHeaderKeyMatchesNetHTTP(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	alphabet := "aZm-_x0 :é\x00~.Ü"
	for _, k := range []string{"", "mcp-session-id", "MCP-PROTOCOL-VERSION", "x--y", "-a", "a-", "content type", "Ä-b", "accept"} {
		if got, want := canonicalHeaderKey(k), http.CanonicalHeaderKey(k); got != want {
			t.Errorf("canonicalHeaderKey(%q) = %q, net/http %q", k, got, want)
		}
	}
	for range 50000 {
		b := make([]byte, r.IntN(10))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		if got, want := canonicalHeaderKey(string(b)), http.CanonicalHeaderKey(string(b)); got != want {
			t.Fatalf("canonicalHeaderKey(%q) = %q, net/http %q", b, got, want)
		}
	}
	h := Header(http.Header{"Mcp-Session-Id": {"a", "b"}})
	if h.Get("mcp-session-ID") != "a" || len(h.Values("MCP-SESSION-ID")) != 2 || h.Get("x") != "" {
		t.Errorf("Header lookups: %q %q %q", h.Get("mcp-session-ID"), h.Values("MCP-SESSION-ID"), h.Get("x"))
	}
}
