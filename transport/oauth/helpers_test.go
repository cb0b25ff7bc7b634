package oauth_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/aymanbagabas/go-udiff"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/transport/oauth"
)

// resource is a protected MCP endpoint at /mcp for the tests: it wants a
// token of its AuthServer with the scopes Need, and publishes its
// Protected Resource Metadata where PRM says.
type resource struct {
	as  *testutil.AuthServer
	srv *httptest.Server
	URL string // the endpoint

	// PRM is where the metadata is: "challenge" (named by
	// resource_metadata=, at a custom path), "path" (the well-known path
	// with /mcp), "root" (the well-known path alone), "none".
	PRM string
	// Resource replaces the metadata's resource.
	Resource string
	// Scopes are the metadata's scopes_supported; ChallengeScope the
	// challenge's scope.
	Scopes         []string
	ChallengeScope string
	// Need are the scopes a request needs (403 insufficient_scope).
	Need []string
	// AlwaysRefuse answers 401 to every token.
	AlwaysRefuse bool
	// Issuer replaces the authorization server in the metadata.
	Issuer string

	mu       sync.Mutex
	prmFetch []string
}

func newResource(t *testing.T, as *testutil.AuthServer, prm string) *resource {
	return newResourceWith(t, as, prm, nil)
}

// newResourceWith is newResource with its handler wrapped by wrap (nil:
// not wrapped).
func newResourceWith(t *testing.T, as *testutil.AuthServer, prm string, wrap func(*resource, http.Handler) http.Handler) *resource {
	r := &resource{as: as, PRM: prm}
	var h http.Handler = http.HandlerFunc(r.serve)
	if wrap != nil {
		h = wrap(r, h)
	}
	r.srv = httptest.NewServer(h)
	r.URL = r.srv.URL + "/mcp"
	t.Cleanup(r.srv.Close)
	return r
}

func (r *resource) serve(w http.ResponseWriter, req *http.Request) {
	switch {
	case req.URL.Path == "/mcp":
		r.endpoint(w, req)
	case r.PRM == "challenge" && req.URL.Path == "/meta/prm.json",
		r.PRM == "path" && req.URL.Path == "/.well-known/oauth-protected-resource/mcp",
		r.PRM == "root" && req.URL.Path == "/.well-known/oauth-protected-resource":
		r.mu.Lock()
		r.prmFetch = append(r.prmFetch, req.URL.Path)
		r.mu.Unlock()
		res := r.URL
		if r.Resource != "" {
			res = r.Resource
		}
		w.Header().Set("Content-Type", "application/json")
		issuer := r.as.URL
		if r.Issuer != "" {
			issuer = r.Issuer
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"resource": res, "authorization_servers": []string{issuer}, "scopes_supported": r.Scopes})
	default:
		http.NotFound(w, req)
	}
}

func (r *resource) endpoint(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	token := strings.TrimPrefix(req.Header.Get("Authorization"), "Bearer ")
	scopes, ok := r.as.Scopes(token)
	if !ok || r.AlwaysRefuse {
		r.challenge(w, http.StatusUnauthorized, `error="invalid_token"`, r.ChallengeScope)
		return
	}
	for _, s := range r.Need {
		if !contains(scopes, s) {
			r.challenge(w, http.StatusForbidden, `error="insufficient_scope"`, strings.Join(r.Need, " "))
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(body) // echo: the body arrived whole
}

func (r *resource) challenge(w http.ResponseWriter, status int, errParam, scope string) {
	v := "Bearer " + errParam
	if scope != "" {
		v += `, scope="` + scope + `"`
	}
	if r.PRM == "challenge" {
		v += `, resource_metadata="` + r.srv.URL + `/meta/prm.json"`
	}
	w.Header().Set("WWW-Authenticate", v)
	w.WriteHeader(status)
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// post sends body to the resource through tr and returns what came back.
func post(t *testing.T, tr *oauth.Transport, url, body string) (string, error) {
	t.Helper()
	resp, err := tr.Client().Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	got, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return string(got), &statusError{resp.StatusCode}
	}
	return string(got), nil
}

type statusError struct{ code int }

func (e *statusError) Error() string { return http.StatusText(e.code) }

// noTokenIn fails the test when text holds a token.
func noTokenIn(t *testing.T, text string) {
	t.Helper()
	if strings.Contains(text, testutil.TokenPrefix) {
		t.Errorf("a token leaked: %s", text)
	}
}

// diffLines is a unified diff of two lists, one item a line; "" when equal.
func diffLines(want, got []string) string {
	w, g := strings.Join(want, "\n")+"\n", strings.Join(got, "\n")+"\n"
	if w == g {
		return ""
	}
	return udiff.Unified("want", "got", w, g)
}
