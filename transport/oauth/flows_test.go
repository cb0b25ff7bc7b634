package oauth_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/golang-jwt/jwt/v5"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/transport/oauth"
)

// The authorization server's metadata is found at each place the spec
// lists for an issuer with a path, and the root is never asked.
func TestServerMetadataFallbacks(t *testing.T) {
	for _, path := range []string{
		"/.well-known/oauth-authorization-server/tenant",
		"/.well-known/openid-configuration/tenant",
		"/tenant/.well-known/openid-configuration",
	} {
		t.Run(path, func(t *testing.T) {
			as := testutil.NewAuthServer(t)
			as.Iss = "-"
			var mu sync.Mutex
			asked := map[string]bool{}
			front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				asked[r.URL.Path] = true
				mu.Unlock()
				if r.URL.Path != path {
					http.NotFound(w, r)
					return
				}
				_ = json.NewEncoder(w).Encode(map[string]any{"issuer": "http://" + r.Host + "/tenant",
					"authorization_endpoint": as.URL + "/authorize", "token_endpoint": as.URL + "/token",
					"registration_endpoint": as.URL + "/register", "code_challenge_methods_supported": []string{"S256"}})
			}))
			defer front.Close()
			rs := newResource(t, as, "path")
			rs.Issuer = front.URL + "/tenant"
			if _, err := post(t, oauth.NewTransport(&oauth.Options{OpenURL: testutil.Browser}), rs.URL, body); err != nil {
				t.Fatal(err)
			}
			if asked["/.well-known/oauth-authorization-server"] {
				t.Error("the root metadata was asked for an issuer with a path")
			}
		})
	}
}

// An access token the server no longer takes is refreshed without a new
// sign-in; a revoked refresh token ends in ErrTokenRequest when nobody
// can sign in again, and in a new sign-in when someone can.
func TestRefresh(t *testing.T) {
	as := testutil.NewAuthServer(t)
	rs := newResource(t, as, "path")
	var opened int
	tr := signInAndRefresh(t, as, rs)
	if n := len(as.Authorizations); n != 1 {
		t.Errorf("%d sign-ins, want 1 (the second token came from the refresh token)", n)
	}
	if got := as.TokenRequests[1].Get("grant_type"); got != "refresh_token" {
		t.Errorf("second token request is %q", got)
	}

	as.Revoke()
	headless := oauth.NewTransport(&oauth.Options{Credentials: tr.Credentials()})
	_, err := post(t, headless, rs.URL, body)
	if !errors.Is(err, oauth.ErrTokenRequest) || !strings.Contains(err.Error(), "invalid_grant") {
		t.Fatalf("revoked refresh token without a browser: err = %v", err)
	}
	noTokenIn(t, err.Error())

	as.Revoke()
	again := oauth.NewTransport(&oauth.Options{Credentials: tr.Credentials(), OpenURL: func(ctx context.Context, u string) error {
		opened++
		return testutil.Browser(ctx, u)
	}})
	if _, err := post(t, again, rs.URL, body); err != nil {
		t.Fatal(err)
	}
	if opened != 1 {
		t.Errorf("signed in %d times after the refresh token was revoked, want 1", opened)
	}
}

// signInAndRefresh signs a new Transport in to rs, lets the access token
// expire and sends again: the token is refreshed.
func signInAndRefresh(t *testing.T, as *testutil.AuthServer, rs *resource) *oauth.Transport {
	t.Helper()
	tr := oauth.NewTransport(&oauth.Options{OpenURL: testutil.Browser})
	for i := 0; i < 2; i++ {
		if i > 0 {
			as.Expire()
		}
		if _, err := post(t, tr, rs.URL, body); err != nil {
			t.Fatal(err)
		}
	}
	return tr
}

// A refresh uses the metadata the sign-in found: it fetches neither the
// Protected Resource Metadata nor the authorization server's again. When
// the refresh fails (a revoked refresh token), the metadata is fetched
// anew before the user is sent to sign in again.
func TestRefreshReusesDiscovery(t *testing.T) {
	as := testutil.NewAuthServer(t)
	rs := newResource(t, as, "path")
	tr := signInAndRefresh(t, as, rs)
	fetches := func() string {
		rs.mu.Lock()
		defer rs.mu.Unlock()
		return fmt.Sprintf("resource metadata %d, server metadata %d, token requests %d, sign-ins %d",
			len(rs.prmFetch), as.Count("/.well-known/oauth-authorization-server"), as.Count("/token"), len(as.Authorizations))
	}
	if got, want := fetches(), "resource metadata 1, server metadata 1, token requests 2, sign-ins 1"; got != want {
		t.Errorf("after a refresh: %s, want %s", got, want)
	}
	as.Revoke()
	if _, err := post(t, tr, rs.URL, body); err != nil {
		t.Fatal(err)
	}
	if got, want := fetches(), "resource metadata 2, server metadata 2, token requests 4, sign-ins 2"; got != want {
		t.Errorf("after a refused refresh: %s, want %s", got, want)
	}
}

// A refresh names the resource (RFC 8707 resource=) as the authorization
// and the code exchange do: an authorization server serving several
// resources issues the new token for this one.
func TestRefreshCarriesResource(t *testing.T) {
	as := testutil.NewAuthServer(t)
	rs := newResource(t, as, "path")
	signInAndRefresh(t, as, rs)
	if got := as.Authorizations[0].Get("resource"); got != rs.URL {
		t.Errorf("authorization resource = %q, want %q", got, rs.URL)
	}
	var got []string
	for _, req := range as.TokenRequests {
		got = append(got, req.Get("grant_type")+" "+req.Get("resource"))
	}
	want := []string{"authorization_code " + rs.URL, "refresh_token " + rs.URL}
	if !slices.Equal(got, want) {
		t.Errorf("token requests (grant resource) = %q, want %q", got, want)
	}
}

// The client authenticates at the token endpoint as the server supports:
// client_secret_basic, client_secret_post, or not at all (none).
func TestTokenEndpointAuthMethod(t *testing.T) {
	tests := []struct {
		method, secret     string
		wantHeader, inBody bool
	}{
		{"client_secret_basic", "s3cret", true, false},
		{"client_secret_post", "s3cret", false, true},
		{"none", "", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.method, func(t *testing.T) {
			as := testutil.NewAuthServer(t)
			as.AuthMethods, as.Secret = []string{tt.method}, tt.secret
			rs := newResource(t, as, "path")
			if _, err := post(t, oauth.NewTransport(&oauth.Options{OpenURL: testutil.Browser}), rs.URL, body); err != nil {
				t.Fatal(err)
			}
			req := as.TokenRequests[0]
			header := req.Get("Authorization") == "Basic "+base64.StdEncoding.EncodeToString([]byte("dcr-client:"+tt.secret))
			if header != tt.wantHeader || (req.Get("client_secret") == tt.secret && tt.secret != "") != tt.inBody {
				t.Errorf("token request %v", req)
			}
		})
	}
}

// A pre-registered client skips registration; a Client ID Metadata
// Document URL is the client id where the server supports them.
func TestPreRegisteredClient(t *testing.T) {
	as := testutil.NewAuthServer(t)
	as.AuthMethods = []string{"client_secret_basic"}
	rs := newResource(t, as, "path")
	tr := oauth.NewTransport(&oauth.Options{OpenURL: testutil.Browser, ClientID: "given", ClientSecret: "pw"})
	if _, err := post(t, tr, rs.URL, body); err != nil {
		t.Fatal(err)
	}
	if as.Count("/register") != 0 || as.Authorizations[0].Get("client_id") != "given" {
		t.Errorf("registered %d times, client_id %q", as.Count("/register"), as.Authorizations[0].Get("client_id"))
	}
}

// Client credentials: a machine signs in with its secret, or with a
// private_key_jwt assertion signed by its key, and no browser.
func TestClientCredentials(t *testing.T) {
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	der, _ := x509.MarshalPKCS8PrivateKey(key)
	pemKey := pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})
	for _, jwtAuth := range []bool{false, true} {
		as := testutil.NewAuthServer(t)
		as.AuthMethods = []string{"client_secret_basic", "private_key_jwt"}
		rs := newResource(t, as, "path")
		opts := &oauth.Options{ClientCredentials: true, ClientID: "machine", ClientSecret: "pw"}
		if jwtAuth {
			opts.ClientSecret, opts.PrivateKeyPEM = "", pemKey
		}
		if _, err := post(t, oauth.NewTransport(opts), rs.URL, body); err != nil {
			t.Fatal(err)
		}
		req := as.TokenRequests[0]
		if req.Get("grant_type") != "client_credentials" || req.Get("resource") != rs.URL {
			t.Errorf("token request %v", req)
		}
		if !jwtAuth {
			continue
		}
		claims := jwt.RegisteredClaims{}
		_, err := jwt.ParseWithClaims(req.Get("client_assertion"), &claims, func(*jwt.Token) (any, error) { return &key.PublicKey, nil })
		if err != nil || claims.Issuer != "machine" || claims.Audience[0] != as.URL {
			t.Errorf("assertion %+v: %v", claims, err)
		}
	}
}

// Requests refused at the same time share one sign-in.
func TestConcurrentRequestsSignInOnce(t *testing.T) {
	as := testutil.NewAuthServer(t)
	rs := newResource(t, as, "path")
	tr := oauth.NewTransport(&oauth.Options{OpenURL: testutil.Browser})
	var wg sync.WaitGroup
	for range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := post(t, tr, rs.URL, body); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if n := len(as.Authorizations); n != 1 {
		t.Errorf("%d sign-ins for 5 refused requests, want 1", n)
	}
}

// When the resource moves to another authorization server, the client
// registers there afresh (SEP-2352).
func TestNewAuthorizationServerMeansNewRegistration(t *testing.T) {
	as1, as2 := testutil.NewAuthServer(t), testutil.NewAuthServer(t)
	rs := newResource(t, as1, "path")
	tr := oauth.NewTransport(&oauth.Options{OpenURL: testutil.Browser})
	if _, err := post(t, tr, rs.URL, body); err != nil {
		t.Fatal(err)
	}
	rs.as = as2
	if _, err := post(t, tr, rs.URL, body); err != nil {
		t.Fatal(err)
	}
	if as2.Count("/register") != 1 || len(as2.TokenRequests) != 1 || as2.TokenRequests[0].Get("grant_type") != "authorization_code" {
		t.Errorf("at the new server: %d registrations, token requests %v", as2.Count("/register"), as2.TokenRequests)
	}
}

// A request given up during the sign-in (a probe that timed out while the
// user is in the browser) returns at once; the sign-in goes on, and the
// next request gets its token instead of starting another.
func TestSignInOutlivesAGivenUpRequest(t *testing.T) {
	as := testutil.NewAuthServer(t)
	rs := newResource(t, as, "path")
	ctx, cancel := context.WithCancel(context.Background())
	urls := make(chan string, 2)
	tr := oauth.NewTransport(&oauth.Options{OpenURL: func(_ context.Context, u string) error {
		urls <- u
		cancel() // the first request is given up while the user signs in
		return nil
	}})
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, rs.URL, strings.NewReader(body))
	if _, err := tr.RoundTrip(req); !errors.Is(err, context.Canceled) {
		t.Fatalf("the given-up request: err = %v", err)
	}
	second := make(chan error, 1)
	go func() {
		_, err := post(t, tr, rs.URL, body)
		second <- err
	}()
	if err := testutil.Browser(context.Background(), <-urls); err != nil {
		t.Fatal(err)
	}
	if err := <-second; err != nil {
		t.Fatal(err)
	}
	if n := len(as.Authorizations); n != 1 {
		t.Errorf("%d sign-ins, want 1", n)
	}
}
