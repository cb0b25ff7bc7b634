package oauth_test

import (
	"errors"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/transport/oauth"
)

// A token whose token_type is not Bearer (in any case) is refused, from
// the code exchange, a refresh and the client credentials grant alike:
// it is never sent as a bearer token.
func TestTokenTypeMustBeBearer(t *testing.T) {
	tests := []struct {
		name, tokenType string
		grant           string // "code", "refresh", "client_credentials"
		refused         bool
	}{
		{"mac", "mac", "code", true},
		{"MAC refresh", "MAC", "refresh", true},
		{"DPoP client credentials", "DPoP", "client_credentials", true},
		{"bearer", "bearer", "code", false},
		{"BEARER refresh", "BEARER", "refresh", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			as := testutil.NewAuthServer(t)
			rs := newResource(t, as, "path")
			opts := &oauth.Options{OpenURL: testutil.Browser}
			if tt.grant == "client_credentials" {
				opts = &oauth.Options{ClientCredentials: true, ClientID: "m2m", ClientSecret: testutil.TokenPrefix + "pw"}
			}
			tr := oauth.NewTransport(opts)
			if tt.grant == "refresh" {
				if _, err := post(t, tr, rs.URL, body); err != nil {
					t.Fatal(err)
				}
				as.Expire()
			}
			as.TokenType = tt.tokenType
			_, err := post(t, tr, rs.URL, body)
			if !tt.refused {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if !errors.Is(err, oauth.ErrTokenType) {
				t.Fatalf("err = %v, want ErrTokenType", err)
			}
			noTokenIn(t, err.Error())
			if tok := tr.Token(); tok != nil && tok.TokenType == tt.tokenType {
				t.Errorf("the %s token was kept", tt.tokenType)
			}
		})
	}
}

// A client registered dynamically whose client_secret_expires_at has
// passed is not used again: the next sign-in registers anew, also from
// credentials saved by an earlier run.
func TestExpiredClientRegistersAgain(t *testing.T) {
	as := testutil.NewAuthServer(t)
	as.AuthMethods, as.Secret = []string{"client_secret_basic"}, testutil.TokenPrefix+"dcr-secret"
	as.SecretExpiresAt = time.Now().Add(-time.Minute).Unix()
	rs := newResource(t, as, "path")
	tr := oauth.NewTransport(&oauth.Options{OpenURL: testutil.Browser})
	if _, err := post(t, tr, rs.URL, body); err != nil {
		t.Fatal(err)
	}
	as.Expire() // a refresh would do, but not with an expired client
	if _, err := post(t, tr, rs.URL, body); err != nil {
		t.Fatal(err)
	}
	if n := as.Count("/register"); n != 2 {
		t.Errorf("%d registrations, want 2 (the client's secret had expired)", n)
	}
	as.Revoke()
	again := oauth.NewTransport(&oauth.Options{Credentials: tr.Credentials(), OpenURL: testutil.Browser})
	if _, err := post(t, again, rs.URL, body); err != nil {
		t.Fatal(err)
	}
	if n := as.Count("/register"); n != 3 {
		t.Errorf("%d registrations, want 3 (the saved client's secret had expired)", n)
	}
	for _, r := range as.TokenRequests {
		if r.Get("grant_type") == "refresh_token" {
			t.Errorf("a refresh with the expired client: %v", r.Get("grant_type"))
		}
	}
}

// A saved token of another type than Bearer is not used.
func TestSavedTokenMustBeBearer(t *testing.T) {
	saved := &oauth.Credentials{Issuer: "http://127.0.0.1:1", ClientID: "c", Token: &oauth2.Token{AccessToken: "mac-token", TokenType: "mac"}}
	if tok := oauth.NewTransport(&oauth.Options{Credentials: saved}).Token(); tok != nil {
		t.Errorf("the saved %s token is used", tok.TokenType)
	}
	saved.Token.TokenType = "bearer"
	if tok := oauth.NewTransport(&oauth.Options{Credentials: saved}).Token(); tok == nil {
		t.Error("the saved bearer token is not used")
	}
}
