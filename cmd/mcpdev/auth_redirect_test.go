package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
)

// A protected server whose endpoint, once it takes mcpdev's token,
// answers 307 to another origin (a server of its own on 127.0.0.1): the
// token issued for the first is sent to the other on no request, in
// either era — neither its first one (server/discover, initialize) nor a
// tools/call.
func TestTokenNotSentAcrossRedirect(t *testing.T) {
	for _, era := range []struct{ protocol, first string }{{"2026", "server/discover"}, {"legacy", "initialize"}} {
		t.Run(era.protocol, func(t *testing.T) {
			t.Setenv("XDG_CONFIG_HOME", t.TempDir())
			as := testutil.NewAuthServer(t)
			s := sdk.NewServer("hi", nil)
			sdk.Tool(s, Hi, nil)
			var seen methodsSeen
			other := httptest.NewServer(seen.wrap(sdkhttp.Handler(s, nil)))
			defer other.Close()
			front := redirectingResource(t, as, other.URL+"/mcp")

			r, opened := signingIn(t, "call", front, "hi", "name=x", "--protocol", era.protocol)
			if r.code != 0 || !strings.Contains(r.stdout, "hi x") || opened != 1 {
				t.Fatalf("exit %d, %d sign-ins\nstdout:\n%s\nstderr:\n%s", r.code, opened, r.stdout, r.stderr)
			}
			methods, auth := seen.get()
			for _, m := range []string{"POST " + era.first, "POST tools/call"} {
				if !slices.Contains(methods, m) {
					t.Errorf("the other origin got %q, not %s", methods, m)
				}
			}
			for i, a := range auth {
				if a != "" {
					t.Errorf("the other origin got Authorization %q with %s", a, methods[i])
				}
			}
		})
	}
}

// redirectingResource is a protected MCP endpoint on 127.0.0.1 (its
// Protected Resource Metadata names as) that answers a request with a
// token of as by a 307 to to.
func redirectingResource(t *testing.T, as *testutil.AuthServer, to string) string {
	var self string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/.well-known/oauth-protected-resource/mcp":
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(map[string]any{"resource": self, "authorization_servers": []string{as.URL}})
		case "/mcp":
			if _, ok := as.Scopes(strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")); !ok {
				w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
				w.WriteHeader(http.StatusUnauthorized)
				return
			}
			http.Redirect(w, r, to, http.StatusTemporaryRedirect)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	self = srv.URL + "/mcp"
	return self
}

// methodsSeen keeps the JSON-RPC method ("" for none: a GET, a DELETE,
// a response) and the Authorization header of each request.
type methodsSeen struct {
	mu            sync.Mutex
	methods, auth []string
}

func (m *methodsSeen) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		var msg struct{ Method string }
		_ = json.Unmarshal(body, &msg)
		m.mu.Lock()
		m.methods = append(m.methods, r.Method+" "+msg.Method)
		m.auth = append(m.auth, r.Header.Get("Authorization"))
		m.mu.Unlock()
		next.ServeHTTP(w, r)
	})
}

func (m *methodsSeen) get() ([]string, []string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.methods...), append([]string(nil), m.auth...)
}
