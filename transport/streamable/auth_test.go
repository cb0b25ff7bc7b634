package streamable_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// FuzzBearerHeader feeds any Authorization header to an authenticating
// handler: it never panics, answers 400 or 401 with a well-formed
// challenge (one line, a Bearer scheme, printable ASCII) unless Verify
// accepted the token, and hands Verify only RFC 6750 b64tokens, exactly as
// sent after "Bearer ".
func FuzzBearerHeader(f *testing.F) {
	for _, s := range []string{"", "Bearer good", "bearer good", "Bearer  good ", "Basic dXNlcg==", "Bearer", "Bearer a b",
		"Bearer a\"b", "Bearer abc==", "Bearer ==", "Bearer a\x00", "BEARER good", "Bearer é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, authorization string) {
		var got string
		h := streamable.NewServer(&fakeBackend{}, &streamable.ServerOptions{Auth: &streamable.AuthOptions{
			Scopes: []string{"s"},
			Verify: func(_ context.Context, token string) (*transport.Identity, error) {
				got = token
				if token != "good" {
					return nil, transport.ErrInvalidToken
				}
				return &transport.Identity{Subject: "u", Scopes: []string{"s"}}, nil
			},
		}})
		defer h.Close()
		r := httptest.NewRequest(http.MethodDelete, "http://127.0.0.1/mcp", nil)
		r.Header["Authorization"] = []string{authorization}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		challenge := w.Header().Get("WWW-Authenticate")
		if got != "" {
			if !isB64Token(got) {
				t.Fatalf("Verify got %q, not a b64token", got)
			}
			if _, after, _ := strings.Cut(authorization, " "); strings.Trim(after, " ") != got {
				t.Fatalf("Verify got %q from %q", got, authorization)
			}
		}
		if got == "good" {
			if challenge != "" {
				t.Fatalf("accepted token challenged: %q", challenge)
			}
			return
		}
		if w.Code != http.StatusBadRequest && w.Code != http.StatusUnauthorized {
			t.Fatalf("status %d for %q", w.Code, authorization)
		}
		if !strings.HasPrefix(challenge, `Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource/mcp"`) {
			t.Fatalf("challenge %q", challenge)
		}
		for _, c := range []byte(challenge) {
			if c < 0x20 || c > 0x7e {
				t.Fatalf("challenge %q has byte %#x", challenge, c)
			}
		}
	})
}

func isB64Token(s string) bool {
	body := strings.TrimRight(s, "=")
	return body != "" && strings.Trim(body, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~+/") == ""
}
