package authtest

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/mcpdev/mcpdev/sdk/jwtauth"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
)

// Issuer is the "iss" of the tokens a Signer issues.
const Issuer = "https://auth.example.test"

// Signer issues real ES256 JWT access tokens, which the sdkhttp.AuthOptions
// it makes verify with jwtauth.Verifier.
type Signer struct{ key *ecdsa.PrivateKey }

// NewSigner makes a Signer with a key of its own.
func NewSigner(t testing.TB) *Signer {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return &Signer{key: key}
}

// Auth is the resource server's options for the endpoint at audience:
// tokens of this Signer meant for it, with the scopes named.
func (s *Signer) Auth(audience string, scopes ...string) *sdkhttp.AuthOptions {
	return &sdkhttp.AuthOptions{
		Verify:   jwtauth.Verifier(Issuer, audience, map[string]crypto.PublicKey{"k1": &s.key.PublicKey}, nil),
		Scopes:   scopes,
		Metadata: sdkhttp.ProtectedResourceMetadata{AuthorizationServers: []string{Issuer}},
	}
}

// Bearer is an Authorization header value: a token for audience issued to
// subject through clientID, with scopes, valid for an hour.
func (s *Signer) Bearer(t testing.TB, audience, subject, clientID string, scopes ...string) string {
	t.Helper()
	now := time.Now()
	claims := jwt.MapClaims{"iss": Issuer, "aud": audience, "sub": subject, "client_id": clientID,

		"iat": now.Unix(), "exp": now.Add(time.Hour).Unix()}
	if len(scopes) > 0 {
		scope := scopes[0]
		for _, sc := range scopes[1:] {
			scope += " " + sc
		}
		claims["scope"] = scope
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodES256, claims)
	tok.Header["kid"] = "k1"
	signed, err := tok.SignedString(s.key)
	if err != nil {
		t.Fatal(err)
	}
	return "Bearer " + signed
}
