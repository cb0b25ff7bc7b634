package oauth_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/transport/oauth"
)

const body = `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`

// A 401 leads through discovery, Dynamic Client Registration and the
// authorization code flow with PKCE to a token; the request is sent again
// with it, body and all, and the resource indicator is the metadata's.
func TestSignInAuthorizationCode(t *testing.T) {
	as := testutil.NewAuthServer(t)
	rs := newResource(t, as, "path")
	var steps []string
	tr := oauth.NewTransport(&oauth.Options{OpenURL: testutil.Browser, OnStep: func(s oauth.Step) {
		steps = append(steps, s.Kind)
		noTokenIn(t, s.Detail)
	}})
	got, err := post(t, tr, rs.URL, body)
	if err != nil {
		t.Fatal(err)
	}
	if got != body {
		t.Errorf("the resource got %q, want %q", got, body)
	}
	auth := as.Authorizations[0]
	if auth.Get("code_challenge_method") != "S256" || auth.Get("resource") != rs.URL || auth.Get("client_id") != "dcr-client" {
		t.Errorf("authorization request %v", auth)
	}
	if tok := as.TokenRequests[0]; tok.Get("resource") != rs.URL || tok.Get("code_verifier") == "" {
		t.Errorf("token request %v", tok)
	}
	want := []string{"resource-metadata", "server-metadata", "registered", "authorize", "token"}
	if diff := diffLines(want, steps); diff != "" {
		t.Errorf("steps (-want +got):\n%s", diff)
	}
}

// Discovery finds the metadata where each revision of the spec puts it:
// the challenge's resource_metadata, the well-known path with the
// endpoint's path, the well-known root, and without any Protected
// Resource Metadata the server's own origin (2025-03-26).
func TestDiscoveryFallbacks(t *testing.T) {
	for _, prm := range []string{"challenge", "path", "root"} {
		t.Run(prm, func(t *testing.T) {
			as := testutil.NewAuthServer(t)
			rs := newResource(t, as, prm)
			if prm == "root" {
				rs.Resource = strings.TrimSuffix(rs.URL, "/mcp") // a parent of the endpoint
			}
			tr := oauth.NewTransport(&oauth.Options{OpenURL: testutil.Browser})
			if _, err := post(t, tr, rs.URL, body); err != nil {
				t.Fatal(err)
			}
			if got := as.Authorizations[0].Get("resource"); got != rs.Resource && rs.Resource != "" {
				t.Errorf("resource %q, want the metadata's %q", got, rs.Resource)
			}
			if len(rs.prmFetch) != 1 {
				t.Errorf("metadata fetched at %v, want once", rs.prmFetch)
			}
		})
	}
}

// Signing in fails with a clear error, and without a token in it, when
// the server or the redirect is not what it must be.
func TestSignInRefusesBadInput(t *testing.T) {
	tests := []struct {
		name  string
		setup func(as *testutil.AuthServer, rs *resource, o *oauth.Options)
		want  error
	}{
		{"wrong issuer in metadata", func(as *testutil.AuthServer, _ *resource, _ *oauth.Options) {
			as.MetadataIssuer = "https://attacker.example.com"
		}, oauth.ErrIssuerMismatch},
		{"resource mismatch", func(_ *testutil.AuthServer, rs *resource, _ *oauth.Options) {
			rs.Resource = "https://evil.example.com/mcp"
		}, oauth.ErrResourceMismatch},
		{"no PKCE S256", func(as *testutil.AuthServer, _ *resource, _ *oauth.Options) { as.NoS256 = true }, oauth.ErrNoPKCE},
		{"state mismatch (refused by the listener, which waits on)", func(as *testutil.AuthServer, _ *resource, o *oauth.Options) {
			as.WrongState = true
			o.CallbackTimeout = 200 * time.Millisecond
		}, oauth.ErrCallbackTimeout},
		{"wrong iss", func(as *testutil.AuthServer, _ *resource, _ *oauth.Options) { as.Iss = as.URL + "/" }, oauth.ErrIssuerMismatch},
		{"callback never comes", func(_ *testutil.AuthServer, _ *resource, o *oauth.Options) {
			o.OpenURL = func(context.Context, string) error { return nil } // nobody signs in
			o.CallbackTimeout = 100 * time.Millisecond
		}, oauth.ErrCallbackTimeout},
		{"endless 401", func(_ *testutil.AuthServer, rs *resource, _ *oauth.Options) { rs.AlwaysRefuse = true }, oauth.ErrTooManyAttempts},
		{"no browser", func(_ *testutil.AuthServer, _ *resource, o *oauth.Options) { o.OpenURL = nil }, oauth.ErrInteractionRequired},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			as := testutil.NewAuthServer(t)
			rs := newResource(t, as, "challenge")
			opts := &oauth.Options{OpenURL: testutil.Browser}
			tt.setup(as, rs, opts)
			_, err := post(t, oauth.NewTransport(opts), rs.URL, body)
			var se *oauth.SignInError
			if !errors.Is(err, tt.want) || !errors.As(err, &se) {
				t.Fatalf("err = %v, want a SignInError wrapping %v", err, tt.want)
			}
			noTokenIn(t, err.Error())
		})
	}
}

// An endless 401 loop is bounded: MaxAttempts new tokens (a sign-in,
// then a refresh), then an error.
func TestEndless401IsBounded(t *testing.T) {
	as := testutil.NewAuthServer(t)
	rs := newResource(t, as, "path")
	rs.AlwaysRefuse = true
	_, err := post(t, oauth.NewTransport(&oauth.Options{OpenURL: testutil.Browser, MaxAttempts: 2}), rs.URL, body)
	if !errors.Is(err, oauth.ErrTooManyAttempts) {
		t.Fatalf("err = %v", err)
	}
	if n, m := len(as.Authorizations), len(as.TokenRequests); n != 1 || m != 2 {
		t.Errorf("%d sign-ins and %d token requests, want 1 and 2", n, m)
	}
}

// A 403 insufficient_scope asks again for what was asked before plus the
// scopes the server wants (step-up, SEP-2350).
func TestStepUpAsksForTheUnion(t *testing.T) {
	as := testutil.NewAuthServer(t)
	rs := newResource(t, as, "path")
	rs.ChallengeScope = "read"
	tr := oauth.NewTransport(&oauth.Options{OpenURL: testutil.Browser})
	if _, err := post(t, tr, rs.URL, body); err != nil {
		t.Fatal(err)
	}
	rs.Need = []string{"write"}
	if _, err := post(t, tr, rs.URL, body); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range as.Authorizations {
		got = append(got, a.Get("scope"))
	}
	if diff := diffLines([]string{"read", "read write"}, got); diff != "" {
		t.Errorf("scopes asked for (-want +got):\n%s", diff)
	}
}

// Scopes come from the challenge, else the resource's scopes_supported,
// else none are asked for; offline_access is added where the
// authorization server offers it.
func TestScopeSelection(t *testing.T) {
	tests := []struct {
		name             string
		challenge        string
		supported, asOff []string
		want             string
	}{
		{"challenge", "a b", []string{"c"}, nil, "a b"},
		{"scopes_supported", "", []string{"c", "d"}, nil, "c d"},
		{"none", "", nil, nil, ""},
		{"offline_access", "a", nil, []string{"a", "offline_access"}, "a offline_access"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			as := testutil.NewAuthServer(t)
			as.ScopesSupported = tt.asOff
			rs := newResource(t, as, "path")
			rs.ChallengeScope, rs.Scopes = tt.challenge, tt.supported
			if _, err := post(t, oauth.NewTransport(&oauth.Options{OpenURL: testutil.Browser}), rs.URL, body); err != nil {
				t.Fatal(err)
			}
			if got := as.Authorizations[0]; got.Get("scope") != tt.want || got.Has("scope") != (tt.want != "") {
				t.Errorf("scope %q (present %v), want %q", got.Get("scope"), got.Has("scope"), tt.want)
			}
		})
	}
}

// A 401 without a Bearer challenge is not a sign-in request: it is
// handed back as it is, and no metadata is looked for.
func TestBare401IsLeftAlone(t *testing.T) {
	var asked int
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked++
		w.WriteHeader(http.StatusUnauthorized)
	}))
	defer srv.Close()
	resp, err := oauth.NewTransport(&oauth.Options{OpenURL: testutil.Browser}).Client().Get(srv.URL + "/mcp")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized || asked != 1 {
		t.Errorf("status %d after %d requests, want 401 after 1", resp.StatusCode, asked)
	}
}
