package oauth_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/transport/oauth"
)

// exchanges collects what OnExchange is told.
type exchanges struct {
	mu   sync.Mutex
	list []oauth.Exchange
}

func (e *exchanges) add(ex oauth.Exchange) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.list = append(e.list, ex)
}

func (e *exchanges) all() []oauth.Exchange {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]oauth.Exchange(nil), e.list...)
}

// exchangeText is everything an exchange would show.
func exchangeText(ex oauth.Exchange) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s %d %s\n", ex.Kind, ex.Method, ex.URL, ex.Status, ex.Err)
	for _, h := range []http.Header{ex.RequestHeader, ex.ResponseHeader} {
		for k, vs := range h {
			fmt.Fprintf(&b, "%s: %s\n", k, strings.Join(vs, ", "))
		}
	}
	b.WriteString(ex.RequestBody + "\n" + ex.ResponseBody)
	return b.String()
}

// A sign-in and a refresh tell OnExchange of each HTTP exchange in order
// — the refused MCP request, the metadata, the registration, the
// redirect, the token requests — with method, URL, status, headers and
// bodies, and every secret redacted: no token, code, code verifier or
// client secret the authorization server issued or received shows in
// any of them.
func TestExchangesOfASignInAreRedacted(t *testing.T) {
	as := testutil.NewAuthServer(t)
	as.Secret = testutil.TokenPrefix + "client-secret"
	as.AuthMethods = []string{"client_secret_basic"}
	rs := newResource(t, as, "challenge")
	var got exchanges
	tr := oauth.NewTransport(&oauth.Options{OpenURL: testutil.Browser, OnExchange: got.add})
	if _, err := post(t, tr, rs.URL, body); err != nil {
		t.Fatal(err)
	}
	as.Expire()
	if _, err := post(t, tr, rs.URL, body); err != nil {
		t.Fatal(err)
	}

	var kinds []string
	for _, ex := range got.all() {
		kinds = append(kinds, fmt.Sprintf("%s %s %d", ex.Kind, ex.Method, ex.Status))
		text := exchangeText(ex)
		for _, s := range as.Secrets() {
			if strings.Contains(text, s) {
				t.Errorf("exchange %s shows the secret %q:\n%s", ex.Kind, s, text)
			}
		}
		noTokenIn(t, text)
	}
	want := []string{
		"refused POST 401", "resource-metadata GET 200", "server-metadata GET 200", "registration POST 201",
		"callback GET 200", "token POST 200",
		"refused POST 401", "refresh POST 200", // the metadata of the sign-in is used again
	}
	if diff := diffLines(want, kinds); diff != "" {
		t.Fatalf("exchanges (-want +got):\n%s", diff)
	}
	ex := got.all()
	checks := []struct {
		what, got, want string
	}{
		{"the refused request's challenge", ex[0].ResponseHeader.Get("WWW-Authenticate"), `resource_metadata="` + rs.srv.URL + `/meta/prm.json"`},
		{"the metadata's body", ex[2].ResponseBody, `"token_endpoint":"` + as.URL + `/token"`},
		{"the registration's secret", ex[3].ResponseBody, `"client_secret":"[redacted]"`},
		{"the redirect's code", ex[4].URL, "code=%5Bredacted%5D"},
		{"the code in the token request", ex[5].RequestBody, "code=%5Bredacted%5D"},
		{"the verifier in the token request", ex[5].RequestBody, "code_verifier=%5Bredacted%5D"},
		{"the client's Basic credentials", ex[5].RequestHeader.Get("Authorization"), "Basic [redacted]"},
		{"the token answer", ex[5].ResponseBody, `"access_token":"[redacted]"`},
		{"the token answer's scope", ex[5].ResponseBody, `"expires_in":3600`},
		{"the expired token", ex[6].RequestHeader.Get("Authorization"), "Bearer [redacted]"},
		{"the refresh token sent", ex[7].RequestBody, "refresh_token=%5Bredacted%5D"},
		{"the refresh's resource", ex[7].RequestBody, "resource="},
		{"the refresh answer", ex[7].ResponseBody, `"refresh_token":"[redacted]"`},
	}
	for _, c := range checks {
		if !strings.Contains(c.got, c.want) {
			t.Errorf("%s: %q lacks %q", c.what, c.got, c.want)
		}
	}
}

// A refusal with a megabyte body is reported cut to MaxExchangeBody, and
// the sign-in still reads what it needs.
func TestExchangeBodyIsBounded(t *testing.T) {
	as := testutil.NewAuthServer(t)
	rs := newResource(t, as, "path")
	big := strings.Repeat("\x1b[2J\r\x00hostile ", 1<<17) // 1.25 MiB
	mux := http.NewServeMux()
	mux.Handle("/", rs.srv.Config.Handler)
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") == "" {
			w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprint(w, big)
			return
		}
		rs.endpoint(w, r)
	})
	rs.srv.Config.Handler = mux
	var got exchanges
	tr := oauth.NewTransport(&oauth.Options{OpenURL: testutil.Browser, OnExchange: got.add})
	if _, err := post(t, tr, rs.URL, body); err != nil {
		t.Fatal(err)
	}
	ex := got.all()[0]
	if ex.Kind != oauth.KindRefused || len(ex.ResponseBody) > oauth.MaxExchangeBody || !ex.ResponseCut {
		t.Errorf("refusal: kind %s, body of %d bytes, cut %v", ex.Kind, len(ex.ResponseBody), ex.ResponseCut)
	}
}
