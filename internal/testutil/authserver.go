package testutil

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// TokenPrefix starts every access and refresh token and every
// authorization code AuthServer issues (and should start the client
// secrets a test gives it), so that a test can check none leaked into an
// error, a log or a screen.
const TokenPrefix = "secret-token-"

// AuthServer is an OAuth 2.1 authorization server for tests, on
// 127.0.0.1: metadata (RFC 8414), an authorization endpoint that
// redirects at once (the user consents), a token endpoint that checks
// PKCE (S256), the client's authentication and refresh tokens, and
// Dynamic Client Registration. Its fields, set before the first request,
// make it misbehave for the bad-input tests.
type AuthServer struct {
	URL string // the issuer

	// MetadataIssuer replaces the issuer in the metadata document.
	MetadataIssuer string
	// NoS256 leaves PKCE S256 out of code_challenge_methods_supported.
	NoS256 bool
	// Iss is the iss of the redirect: "" the issuer, "-" none.
	Iss string
	// WrongState answers the redirect with another state.
	WrongState bool
	// AuthMethods are token_endpoint_auth_methods_supported (default none).
	AuthMethods []string
	// ScopesSupported are scopes_supported.
	ScopesSupported []string
	// Secret is the client secret Dynamic Client Registration hands out;
	// SecretExpiresAt its client_secret_expires_at (0: never).
	Secret          string
	SecretExpiresAt int64
	// TokenType is the token answers' token_type (default "Bearer").
	TokenType string
	// Lifetime is the access tokens' (expires_in; default an hour):
	// Scopes refuses a token past it, as a resource server would.
	Lifetime time.Duration

	mu        sync.Mutex
	srv       *httptest.Server
	challenge string
	tokens    map[string][]string // access token → scopes
	expiry    map[string]time.Time
	refresh   map[string][]string // refresh token → scopes
	codes     map[string][]string // authorization code → scopes
	issued    []string            // every token and code handed out
	n         int
	// Requests counts the requests per endpoint path.
	Requests map[string]int
	// Authorizations are the query of each authorization request.
	Authorizations []url.Values
	// TokenRequests are the form and Authorization header of each token request.
	TokenRequests []url.Values
}

// NewAuthServer starts an AuthServer, closed with the test.
func NewAuthServer(t testing.TB) *AuthServer {
	a, stop := StartAuthServer()
	t.Cleanup(stop)
	return a
}

// StartAuthServer starts an AuthServer and returns it with the function
// that stops it (for Example functions, which have no testing.TB).
func StartAuthServer() (*AuthServer, func()) {
	a := &AuthServer{tokens: map[string][]string{}, expiry: map[string]time.Time{}, refresh: map[string][]string{}, codes: map[string][]string{}, Requests: map[string]int{}}
	mux := http.NewServeMux()
	mux.HandleFunc("/.well-known/oauth-authorization-server", a.metadata)
	mux.HandleFunc("/authorize", a.authorize)
	mux.HandleFunc("/token", a.token)
	mux.HandleFunc("/register", a.register)
	a.srv = httptest.NewServer(a.count(mux))
	a.URL = a.srv.URL
	return a, a.srv.Close
}

func (a *AuthServer) count(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a.mu.Lock()
		a.Requests[r.URL.Path]++
		a.mu.Unlock()
		h.ServeHTTP(w, r)
	})
}

// Scopes says whether token is valid and its scopes.
func (a *AuthServer) Scopes(token string) ([]string, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	s, ok := a.tokens[token]
	if ok && time.Now().After(a.expiry[token]) {
		return nil, false
	}
	return s, ok
}

// Revoke forgets every token: access and refresh tokens alike are refused.
func (a *AuthServer) Revoke() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.tokens, a.refresh = map[string][]string{}, map[string][]string{}
}

// Expire forgets the access tokens only: a refresh still works.
func (a *AuthServer) Expire() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.tokens = map[string][]string{}
}

// Count is how many requests reached path.
func (a *AuthServer) Count(path string) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.Requests[path]
}

// Secrets are every secret of the sign-ins so far: the tokens and codes
// issued, the client secret, and what clients sent as secrets (code
// verifiers, client secrets, Authorization credentials), for a test that
// checks none of them is shown anywhere.
func (a *AuthServer) Secrets() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := append([]string(nil), a.issued...)
	if a.Secret != "" {
		out = append(out, a.Secret)
	}
	for _, r := range a.TokenRequests {
		for _, k := range []string{"code_verifier", "client_secret", "client_assertion"} {
			if v := r.Get(k); v != "" {
				out = append(out, v)
			}
		}
		if _, cred, ok := strings.Cut(r.Get("Authorization"), " "); ok && cred != "" {
			out = append(out, cred)
		}
	}
	return out
}

func (a *AuthServer) metadata(w http.ResponseWriter, _ *http.Request) {
	issuer := a.URL
	if a.MetadataIssuer != "" {
		issuer = a.MetadataIssuer
	}
	methods := []string{"S256"}
	if a.NoS256 {
		methods = []string{"plain"}
	}
	auth := a.AuthMethods
	if auth == nil {
		auth = []string{"none"}
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"issuer": issuer, "authorization_endpoint": a.URL + "/authorize", "token_endpoint": a.URL + "/token",
		"registration_endpoint": a.URL + "/register", "response_types_supported": []string{"code"},
		"code_challenge_methods_supported": methods, "token_endpoint_auth_methods_supported": auth,
		"scopes_supported": a.ScopesSupported, "authorization_response_iss_parameter_supported": a.Iss != "-",
		"grant_types_supported": []string{"authorization_code", "refresh_token", "client_credentials"},
	})
}

func (a *AuthServer) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	a.mu.Lock()
	a.Authorizations = append(a.Authorizations, q)
	a.challenge = q.Get("code_challenge")
	a.mu.Unlock()
	back, err := url.Parse(q.Get("redirect_uri"))
	if err != nil || back.Hostname() != "127.0.0.1" {
		http.Error(w, "bad redirect_uri", http.StatusBadRequest)
		return
	}
	a.mu.Lock()
	a.n++
	code := fmt.Sprintf("%scode-%d", TokenPrefix, a.n)
	a.codes[code] = strings.Fields(q.Get("scope"))
	a.issued = append(a.issued, code)
	a.mu.Unlock()
	v := back.Query()
	v.Set("code", code)
	v.Set("state", q.Get("state"))
	if a.WrongState {
		v.Set("state", "forged")
	}
	switch a.Iss {
	case "":
		v.Set("iss", a.URL)
	case "-":
	default:
		v.Set("iss", a.Iss)
	}
	back.RawQuery = v.Encode()
	http.Redirect(w, r, back.String(), http.StatusFound)
}

func (a *AuthServer) token(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	form := r.PostForm
	record := url.Values{}
	for k, v := range form {
		record[k] = v
	}
	record.Set("Authorization", r.Header.Get("Authorization"))
	a.mu.Lock()
	defer a.mu.Unlock()
	a.TokenRequests = append(a.TokenRequests, record)
	var scopes []string
	switch form.Get("grant_type") {
	case "authorization_code":
		sum := sha256.Sum256([]byte(form.Get("code_verifier")))
		if base64.RawURLEncoding.EncodeToString(sum[:]) != a.challenge {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_grant", "error_description": "PKCE verifier mismatch"})
			return
		}
		s, ok := a.codes[form.Get("code")]
		if !ok {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_grant", "error_description": "unknown code"})
			return
		}
		scopes = s
	case "refresh_token":
		s, ok := a.refresh[form.Get("refresh_token")]
		if !ok {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_grant", "error_description": "refresh token revoked"})
			return
		}
		scopes = s
	case "client_credentials":
		scopes = strings.Fields(form.Get("scope"))
	default:
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "unsupported_grant_type"})
		return
	}
	a.n++
	access, refresh := fmt.Sprintf("%saccess-%d", TokenPrefix, a.n), fmt.Sprintf("%srefresh-%d", TokenPrefix, a.n)
	lifetime := a.Lifetime
	if lifetime <= 0 {
		lifetime = time.Hour
	}
	a.tokens[access], a.refresh[refresh] = scopes, scopes
	a.issued = append(a.issued, access, refresh)
	a.expiry[access] = time.Now().Add(lifetime)
	tokenType := a.TokenType
	if tokenType == "" {
		tokenType = "Bearer"
	}
	writeJSON(w, http.StatusOK, map[string]any{"access_token": access, "token_type": tokenType, "expires_in": int(lifetime.Seconds()),
		"refresh_token": refresh, "scope": strings.Join(scopes, " ")})
}

func (a *AuthServer) register(w http.ResponseWriter, r *http.Request) {
	var req map[string]any
	_ = json.NewDecoder(r.Body).Decode(&req)
	resp := map[string]any{"client_id": "dcr-client", "redirect_uris": req["redirect_uris"]}
	if a.Secret != "" {
		resp["client_secret"], resp["client_secret_expires_at"] = a.Secret, a.SecretExpiresAt
	}
	writeJSON(w, http.StatusCreated, resp)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// Browser plays the user's browser for a sign-in: it fetches the
// authorization URL and follows the authorization server's redirect to
// the client's loopback listener.
func Browser(ctx context.Context, authURL string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, authURL, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ListenerGone fails the test unless dialing the redirect_uri of authURL
// (a client's loopback listener) is refused.
func ListenerGone(tb testing.TB, authURL string) {
	tb.Helper()
	u, err := url.Parse(authURL)
	if err != nil {
		tb.Fatal(err)
	}
	r, err := url.Parse(u.Query().Get("redirect_uri"))
	if err != nil || r.Host == "" {
		tb.Fatalf("no redirect_uri in %s", authURL)
	}
	c, err := net.Dial("tcp", r.Host)
	if errors.Is(err, syscall.ECONNREFUSED) {
		return
	}
	if c != nil {
		c.Close()
	}
	tb.Errorf("dialing the redirect listener %s: %v, want connection refused", r.Host, err)
}
