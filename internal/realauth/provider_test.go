package realauth_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zitadel/oidc/v3/example/server/exampleop"
	"github.com/zitadel/oidc/v3/example/server/storage"
	"github.com/zitadel/oidc/v3/pkg/op"
)

// The authorization server of the test: zitadel/oidc's OpenID Provider as
// its example sets it up (exampleop: PKCE S256, refresh tokens, a login
// page with a username and password), over its example in-memory
// storage, with three changes a resource server of MCP needs, made by
// wrapping the storage: access tokens are JWTs (the MCP server verifies
// them with sdk/jwtauth), they live AccessLifetime (short, to see a
// refresh), and their audience is the resource the token request names
// (RFC 8707 resource=, which the library does not read itself).

const (
	clientID = "mcpdev-native"         // a pre-registered native client (PKCE, no secret)
	username = "test-user2"            // a user of the example storage
	password = "verysecure"            // (sic)
	email    = "test-user2@zitadel.ch" // the user's email, in the ID token
)

// provider is a running OpenID Provider.
type provider struct {
	Issuer string
	store  *audienceStorage
}

// startProvider starts the provider on 127.0.0.1; access tokens live
// lifetime.
func startProvider(t *testing.T, lifetime time.Duration) *provider {
	srv := httptest.NewUnstartedServer(nil)
	issuer := "http://" + srv.Listener.Addr().String()
	storage.RegisterClients(storage.NativeClient(clientID, "http://127.0.0.1/callback"))
	store := &audienceStorage{Storage: storage.NewStorage(storage.NewUserStore(issuer)), lifetime: lifetime}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil)) // the example logs every request
	router := exampleop.SetupServer(issuer, store, quiet, false)
	srv.Config.Handler = store.recordResource(router)
	srv.Start()
	t.Cleanup(srv.Close)
	return &provider{Issuer: issuer, store: store}
}

// Resources are the resource= of each token request, by grant type.
func (p *provider) Resources() map[string][]string {
	p.store.mu.Lock()
	defer p.store.mu.Unlock()
	out := map[string][]string{}
	for k, v := range p.store.resources {
		out[k] = append([]string(nil), v...)
	}
	return out
}

// Secrets are what the client sent the token endpoint as secrets: the
// authorization codes, code verifiers and refresh tokens.
func (p *provider) Secrets() []string {
	p.store.mu.Lock()
	defer p.store.mu.Unlock()
	return append([]string(nil), p.store.secrets...)
}

// audienceStorage is the example storage with JWT access tokens of a
// short lifetime whose audience is the requested resource.
type audienceStorage struct {
	*storage.Storage
	lifetime time.Duration

	mu        sync.Mutex
	resources map[string][]string // grant_type → resource= of each token request
	secrets   []string            // the codes, code verifiers and refresh tokens the client sent
}

type resourceKey struct{}

// recordResource reads resource= of token requests into the request's
// context (where the storage's token methods find it) and records it.
func (s *audienceStorage) recordResource(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.URL.Path == "/oauth/token" && r.ParseForm() == nil {
			s.mu.Lock()
			if s.resources == nil {
				s.resources = map[string][]string{}
			}
			grant := r.PostForm.Get("grant_type")
			s.resources[grant] = append(s.resources[grant], r.PostForm.Get("resource"))
			for _, k := range []string{"code", "code_verifier", "refresh_token"} {
				if v := r.PostForm.Get(k); v != "" {
					s.secrets = append(s.secrets, v)
				}
			}
			s.mu.Unlock()
			r = r.WithContext(context.WithValue(r.Context(), resourceKey{}, r.PostForm["resource"]))
		}
		next.ServeHTTP(w, r)
	})
}

// audience is the client's, plus the resources the token request named.
func audience(ctx context.Context, base []string) []string {
	res, _ := ctx.Value(resourceKey{}).([]string)
	return append(append([]string(nil), base...), res...)
}

// GetClientByClientID gives every client JWT access tokens.
func (s *audienceStorage) GetClientByClientID(ctx context.Context, id string) (op.Client, error) {
	c, err := s.Storage.GetClientByClientID(ctx, id)
	if err != nil {
		return nil, err
	}
	return jwtClient{c}, nil
}

type jwtClient struct{ op.Client }

func (jwtClient) AccessTokenType() op.AccessTokenType { return op.AccessTokenTypeJWT }

// AuthRequestByCode and TokenRequestByRefreshToken make the tokens'
// audience the resource of the token request.
func (s *audienceStorage) AuthRequestByCode(ctx context.Context, code string) (op.AuthRequest, error) {
	req, err := s.Storage.AuthRequestByCode(ctx, code)
	if err != nil {
		return nil, err
	}
	return authForResource{req, audience(ctx, req.GetAudience())}, nil
}

func (s *audienceStorage) TokenRequestByRefreshToken(ctx context.Context, token string) (op.RefreshTokenRequest, error) {
	req, err := s.Storage.TokenRequestByRefreshToken(ctx, token)
	if err != nil {
		return nil, err
	}
	return refreshForResource{req, audience(ctx, req.GetAudience())}, nil
}

type authForResource struct {
	op.AuthRequest
	aud []string
}

func (a authForResource) GetAudience() []string { return a.aud }

type refreshForResource struct {
	op.RefreshTokenRequest
	aud []string
}

func (r refreshForResource) GetAudience() []string { return r.aud }

// CreateAccessAndRefreshTokens hands the example storage its own request
// (it looks at the concrete type) and shortens the access token's life.
func (s *audienceStorage) CreateAccessAndRefreshTokens(ctx context.Context, req op.TokenRequest, current string) (string, string, time.Time, error) {
	switch r := req.(type) {
	case authForResource:
		req = r.AuthRequest
	case refreshForResource:
		req = r.RefreshTokenRequest
	}
	id, refresh, _, err := s.Storage.CreateAccessAndRefreshTokens(ctx, req, current)
	return id, refresh, time.Now().Add(s.lifetime), err
}

// browser plays the user: it opens the authorization URL, signs in on the
// provider's login page, and follows the redirects back to the client's
// loopback listener.
func browser(ctx context.Context, authURL string) error {
	resp, err := httpGet(ctx, authURL)
	if err != nil {
		return err
	}
	id := resp.Request.URL.Query().Get("authRequestID") // the login page's URL
	form := url.Values{"id": {id}, "username": {username}, "password": {password}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, resp.Request.URL.Scheme+"://"+resp.Request.URL.Host+"/login/username",
		strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.Request.URL.Path != "/callback" || resp.StatusCode != http.StatusOK {
		return fmt.Errorf("the sign-in ended at %s with HTTP %d, not back at the client", resp.Request.URL.Redacted(), resp.StatusCode)
	}
	return nil
}

func httpGet(ctx context.Context, u string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	return resp, resp.Body.Close()
}
