package target

import (
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"golang.org/x/oauth2"

	"github.com/mcpdev/mcpdev/transport/oauth"
)

// unsignedJWT is a JWT with claims (signed with "none": only read here).
func unsignedJWT(t *testing.T, claims jwt.MapClaims) string {
	s, err := jwt.NewWithClaims(jwt.SigningMethodNone, claims).SignedString(jwt.UnsafeAllowNoneSignatureType)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The header names the user from the ID token, else from a JWT access
// token, else the client at the issuer; never the token.
func TestSignedInNamesTheUserNeverTheToken(t *testing.T) {
	expiry := time.Date(2026, 12, 1, 23, 0, 0, 0, time.UTC)
	tok := func(access string, extra map[string]any) *oauth2.Token {
		tk := &oauth2.Token{AccessToken: access, RefreshToken: "secret-refresh", Expiry: expiry}
		return tk.WithExtra(extra)
	}
	tests := []struct {
		name string
		tok  *oauth2.Token
		want string
	}{
		{"id token name and email", tok("secret-opaque", map[string]any{"id_token": unsignedJWT(t, jwt.MapClaims{"sub": "u1", "name": "Alice", "email": "alice@example.com"})}), "Alice <alice@example.com>"},
		{"id token email", tok("secret-opaque", map[string]any{"id_token": unsignedJWT(t, jwt.MapClaims{"sub": "u1", "email": "alice@example.com"})}), "alice@example.com"},
		{"jwt access token sub", tok(unsignedJWT(t, jwt.MapClaims{"sub": "u1", "scope": "read"}), nil), "u1"},
		{"jwt access token preferred_username", tok(unsignedJWT(t, jwt.MapClaims{"sub": "u1", "preferred_username": "alice"}), nil), "alice"},
		{"opaque", tok("secret-opaque", map[string]any{"scope": "read write"}), "client c1 at https://as.example"},
		{"hostile claims", tok(unsignedJWT(t, jwt.MapClaims{"name": "A\x1b[31mlice\r"}), nil), "A␛[31mlice␍"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := signedIn(&oauth.Credentials{Issuer: "https://as.example", ClientID: "c1", Scopes: []string{"asked"}, Token: tt.tok})
			if s.As != tt.want {
				t.Errorf("As = %q, want %q", s.As, tt.want)
			}
			if strings.Contains(s.As, "secret") || strings.Contains(s.As, ".ey") {
				t.Errorf("As shows a token: %q", s.As)
			}
			if !s.Expiry.Equal(expiry) || !s.Refreshable {
				t.Errorf("expiry %v refreshable %v", s.Expiry, s.Refreshable)
			}
		})
	}
	s := signedIn(&oauth.Credentials{Issuer: "https://as.example", ClientID: "c1", Scopes: []string{"asked"}, Token: tok("x", map[string]any{"scope": "read write"})})
	if strings.Join(s.Scopes, " ") != "read write" {
		t.Errorf("scopes %q, want the granted ones", s.Scopes)
	}
	s = signedIn(&oauth.Credentials{Issuer: "https://as.example", ClientID: "c1", Scopes: []string{"asked"}, Token: tok("x", nil)})
	if strings.Join(s.Scopes, " ") != "asked" {
		t.Errorf("scopes %q, want those asked for (the answer named none)", s.Scopes)
	}
	if signedIn(nil) != nil || signedIn(&oauth.Credentials{}) != nil {
		t.Error("no credentials: want nil")
	}
}
