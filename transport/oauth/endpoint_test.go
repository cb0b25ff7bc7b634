package oauth_test

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/transport/oauth"
)

// An authorization, token or registration endpoint on plain http is
// refused unless its host is this machine (127.0.0.0/8, ::1,
// localhost): the code, the PKCE verifier and the client's secrets would
// cross the network in clear. Every host below reaches the test's
// authorization server on 127.0.0.1 (the test's dialer sends them
// there), so a refused one would have worked: nothing is sent to it.
func TestPlainHTTPEndpointsOnlyOnLoopback(t *testing.T) {
	tests := []struct {
		name           string
		auth, tok, reg string // the endpoints' hosts
		refused        bool
	}{
		{"all on a network host", "auth.test", "auth.test", "auth.test", true},
		{"token endpoint on a network host", "127.0.0.1", "auth.test", "127.0.0.1", true},
		{"registration endpoint on a private address", "127.0.0.1", "127.0.0.1", "10.0.0.1", true},
		{"authorization endpoint on localhost.test", "localhost.test", "127.0.0.1", "127.0.0.1", true},
		{"127.0.0.0/8", "127.1.2.3", "127.0.0.1", "127.0.0.1", false},
		{"localhost", "localhost", "LOCALHOST", "localhost", false},
		{"::1", "[::1]", "[::1]", "127.0.0.1", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			as := testutil.NewAuthServer(t)
			as.Iss = "-"
			u, err := url.Parse(as.URL)
			if err != nil {
				t.Fatal(err)
			}
			port := u.Port()
			front := metadataAt(t, func(issuer string) map[string]any {
				return map[string]any{"issuer": issuer, "code_challenge_methods_supported": []string{"S256"},
					"authorization_endpoint": "http://" + net.JoinHostPort(trimBrackets(tt.auth), port) + "/authorize",
					"token_endpoint":         "http://" + net.JoinHostPort(trimBrackets(tt.tok), port) + "/token",
					"registration_endpoint":  "http://" + net.JoinHostPort(trimBrackets(tt.reg), port) + "/register"}
			})
			rs := newResource(t, as, "path")
			rs.Issuer = front
			base := dialAllTo(port)
			tr := oauth.NewTransport(&oauth.Options{Base: base, OpenURL: func(ctx context.Context, u string) error {
				req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
				resp, err := (&http.Client{Transport: base}).Do(req)
				if err == nil {
					resp.Body.Close()
				}
				return err
			}})
			_, err = post(t, tr, rs.URL, body)
			if !tt.refused {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if !errors.Is(err, oauth.ErrInsecureEndpoint) {
				t.Fatalf("err = %v, want ErrInsecureEndpoint", err)
			}
			for _, p := range []string{"/authorize", "/token", "/register"} {
				if n := as.Count(p); n != 0 {
					t.Errorf("%d requests to %s", n, p)
				}
			}
		})
	}
}

// metadataAt serves the authorization server metadata doc(issuer) at the
// issuer's well-known path and returns the issuer.
func metadataAt(t *testing.T, doc func(issuer string) map[string]any) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/.well-known/oauth-authorization-server" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(doc("http://" + r.Host))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// dialAllTo is a RoundTripper that reaches 127.0.0.1 whatever the host
// of a URL with the given port, so that a test can name other hosts
// without any traffic leaving the machine.
func dialAllTo(port string) http.RoundTripper {
	var d net.Dialer
	return &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		if _, p, err := net.SplitHostPort(addr); err == nil && p == port {
			addr = net.JoinHostPort("127.0.0.1", port)
		}
		return d.DialContext(ctx, network, addr)
	}}
}

// trimBrackets is an IPv6 host without its brackets.
func trimBrackets(h string) string {
	if len(h) > 1 && h[0] == '[' && h[len(h)-1] == ']' {
		return h[1 : len(h)-1]
	}
	return h
}
