package oauth_test

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/transport/oauth"
)

// redirecting is a protected resource that, once it takes the token,
// answers every request with a 307 to another origin's endpoint.
func redirecting(t *testing.T, as *testutil.AuthServer, to string) *resource {
	return newResourceWith(t, as, "path", func(rs *resource, next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			if req.URL.Path != "/mcp" {
				next.ServeHTTP(w, req)
				return
			}
			if _, ok := as.Scopes(strings.TrimPrefix(req.Header.Get("Authorization"), "Bearer ")); !ok {
				rs.challenge(w, http.StatusUnauthorized, `error="invalid_token"`, "")
				return
			}
			http.Redirect(w, req, to, http.StatusTemporaryRedirect)
		})
	})
}

// recorder keeps the Authorization header of each request to /mcp.
type recorder struct {
	mu   sync.Mutex
	auth []string
}

func (r *recorder) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.URL.Path == "/mcp" {
			r.mu.Lock()
			r.auth = append(r.auth, req.Header.Get("Authorization"))
			r.mu.Unlock()
		}
		next.ServeHTTP(w, req)
	})
}

func (r *recorder) headers() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.auth...)
}

// echo answers a request with its body.
var echo = http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
	b, _ := io.ReadAll(req.Body)
	_, _ = w.Write(b)
})

// A protected resource that redirects to another origin: the token issued
// for it is never sent there, on any request; the other origin answers
// (it wants no token) and the client goes on.
func TestTokenNotSentToARedirectsOrigin(t *testing.T) {
	as := testutil.NewAuthServer(t)
	var seen recorder
	other := httptest.NewServer(seen.wrap(echo))
	defer other.Close()
	rs := redirecting(t, as, other.URL+"/mcp")
	tr := oauth.NewTransport(&oauth.Options{OpenURL: testutil.Browser})
	for i := 0; i < 3; i++ {
		if got, err := post(t, tr, rs.URL, body); err != nil || got != body {
			t.Fatalf("request %d: %q %v", i, got, err)
		}
	}
	if tr.Token() == nil {
		t.Fatal("no sign-in at the redirecting resource")
	}
	if got := seen.headers(); len(got) != 3 || strings.Join(got, "") != "" {
		t.Errorf("the other origin got Authorization %q, want none on 3 requests", got)
	}
}

// The other origin is protected too: it is a resource of its own, with
// its own discovery, sign-in and token; each origin only ever gets the
// token issued for it (resource=), and the two tokens do not displace
// each other (no sign-in after the first two).
func TestRedirectsOriginSignsInForItself(t *testing.T) {
	as := testutil.NewAuthServer(t)
	var seen recorder
	target := newResourceWith(t, as, "path", func(_ *resource, next http.Handler) http.Handler { return seen.wrap(next) })
	rs := redirecting(t, as, target.URL)
	tr := oauth.NewTransport(&oauth.Options{OpenURL: testutil.Browser})
	for i := 0; i < 3; i++ {
		if got, err := post(t, tr, rs.URL, body); err != nil || got != body {
			t.Fatalf("request %d: %q %v", i, got, err)
		}
	}
	var resources []string
	for _, a := range as.Authorizations {
		resources = append(resources, a.Get("resource"))
	}
	if diff := diffLines([]string{rs.URL, target.URL}, resources); diff != "" {
		t.Errorf("sign-ins for (-want +got):\n%s", diff)
	}
	home := "Bearer " + tr.Token().AccessToken
	for _, got := range seen.headers() {
		if got == home {
			t.Errorf("the redirecting resource's token was sent to the other origin")
		}
	}
}

// A redirect from https to plain http is not followed: the request fails
// with ErrInsecureRedirect and nothing reaches the http origin.
func TestNoRedirectFromHTTPSToHTTP(t *testing.T) {
	var seen recorder
	other := httptest.NewServer(seen.wrap(echo))
	defer other.Close()
	tls := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		http.Redirect(w, req, other.URL+"/mcp", http.StatusTemporaryRedirect)
	}))
	defer tls.Close()
	tr := oauth.NewTransport(&oauth.Options{Base: tls.Client().Transport, OpenURL: testutil.Browser})
	_, err := post(t, tr, tls.URL+"/mcp", body)
	if !errors.Is(err, oauth.ErrInsecureRedirect) {
		t.Errorf("err = %v, want ErrInsecureRedirect", err)
	}
	if got := seen.headers(); len(got) != 0 {
		t.Errorf("the http origin got %d requests", len(got))
	}
}

// An Authorization header the caller set (mcpdev -H) is not carried by a
// redirect to another origin, even one on the same host (net/http keeps
// it across ports); a redirect within the origin keeps it.
func TestCallersAuthorizationStaysWithItsOrigin(t *testing.T) {
	var seen recorder
	other := httptest.NewServer(seen.wrap(echo))
	defer other.Close()
	var here recorder
	mux := http.NewServeMux()
	mux.Handle("/mcp", here.wrap(http.RedirectHandler(other.URL+"/mcp", http.StatusTemporaryRedirect)))
	mux.Handle("/old", http.RedirectHandler("/mcp", http.StatusTemporaryRedirect))
	first := httptest.NewServer(mux)
	defer first.Close()
	tr := oauth.NewTransport(nil)
	req, _ := http.NewRequest(http.MethodPost, first.URL+"/old", strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer given")
	resp, err := tr.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := here.headers(); len(got) != 1 || got[0] != "Bearer given" {
		t.Errorf("the same origin got Authorization %q, want the caller's", got)
	}
	if got := seen.headers(); len(got) != 1 || got[0] != "" {
		t.Errorf("the other origin got Authorization %q, want none", got)
	}
}
