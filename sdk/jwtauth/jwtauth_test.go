package jwtauth_test

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"errors"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/jwtauth"
)

const (
	issuer   = "https://auth.example.test"
	audience = "https://mcp.example.test/mcp"
)

func claims(extra jwt.MapClaims) jwt.MapClaims {
	c := jwt.MapClaims{"iss": issuer, "aud": audience, "sub": "alice", "exp": time.Now().Add(time.Hour).Unix()}
	for k, v := range extra {
		c[k] = v
	}
	return c
}

func sign(t *testing.T, method jwt.SigningMethod, key any, kid string, c jwt.MapClaims) string {
	t.Helper()
	tok := jwt.NewWithClaims(method, c)
	if kid != "" {
		tok.Header["kid"] = kid
	}
	s, err := tok.SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Scopes come from "scope" (space-separated) or "scp" (a list or a
// string); a token without "kid" is checked against the only key.
func TestVerifierReadsIdentity(t *testing.T) {
	ec, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	verify := jwtauth.Verifier(issuer, audience, map[string]crypto.PublicKey{"only": &ec.PublicKey}, nil)
	for _, tc := range []struct {
		name  string
		extra jwt.MapClaims
		want  []string
	}{
		{"scope", jwt.MapClaims{"scope": "books:read  books:write"}, []string{"books:read", "books:write"}},
		{"scp list", jwt.MapClaims{"scp": []string{"a", "b"}}, []string{"a", "b"}},
		{"scp string", jwt.MapClaims{"scp": "a b"}, []string{"a", "b"}},
		{"none", nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			id, err := verify(context.Background(), sign(t, jwt.SigningMethodES256, ec, "", claims(tc.extra)))
			if err != nil {
				t.Fatal(err)
			}
			if id.Subject != "alice" || len(id.Scopes) != len(tc.want) || id.Expiry.IsZero() || id.Claims["iss"] != issuer {
				t.Fatalf("identity %+v, want alice with scopes %v", id, tc.want)
			}
			for i := range tc.want {
				if id.Scopes[i] != tc.want[i] {
					t.Errorf("scopes %v, want %v", id.Scopes, tc.want)
				}
			}
		})
	}
}

// Tokens a resource server must refuse: unsigned, signed with HMAC using
// the public key as the secret (algorithm confusion), with an algorithm
// not allowed, not yet valid, or from a key with another kid when there
// are several.
func TestVerifierRefuses(t *testing.T) {
	rk, _ := rsa.GenerateKey(rand.Reader, 2048)
	ec, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	keys := map[string]crypto.PublicKey{"r": &rk.PublicKey, "e": &ec.PublicKey}
	verify := jwtauth.Verifier(issuer, audience, keys, nil)
	der, _ := x509.MarshalPKIXPublicKey(&rk.PublicKey)
	for _, tc := range []struct {
		name, token string
		expired     bool
	}{
		{"alg none", sign(t, jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, "r", claims(nil)), false},
		{"HS256 with the public key", sign(t, jwt.SigningMethodHS256, der, "r", claims(nil)), false},
		{"PS256 not allowed", sign(t, jwt.SigningMethodPS256, rk, "r", claims(nil)), false},
		{"RS256 with the EC kid", sign(t, jwt.SigningMethodRS256, rk, "e", claims(nil)), false},
		{"no kid among several keys", sign(t, jwt.SigningMethodRS256, rk, "", claims(nil)), false},
		{"not yet valid", sign(t, jwt.SigningMethodRS256, rk, "r", claims(jwt.MapClaims{"nbf": time.Now().Add(time.Hour).Unix()})), false},
		{"audience list without us", sign(t, jwt.SigningMethodRS256, rk, "r", claims(jwt.MapClaims{"aud": []string{"https://a", "https://b"}})), false},
		{"expired", sign(t, jwt.SigningMethodES256, ec, "e", claims(jwt.MapClaims{"exp": time.Now().Add(-time.Second).Unix()})), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			id, err := verify(context.Background(), tc.token)
			if err == nil || id != nil || !errors.Is(err, sdk.ErrInvalidToken) || errors.Is(err, sdk.ErrTokenExpired) != tc.expired {
				t.Errorf("verify = %v, %v; want ErrInvalidToken (expired: %t)", id, err, tc.expired)
			}
		})
	}
	good := sign(t, jwt.SigningMethodRS256, rk, "r", claims(jwt.MapClaims{"aud": []string{"https://a", audience}}))
	if _, err := verify(context.Background(), good); err != nil {
		t.Errorf("a token listing our audience among others: %v", err)
	}
}

// Leeway accepts a token just expired, within the skew allowed.
func TestVerifierLeeway(t *testing.T) {
	ec, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	verify := jwtauth.Verifier(issuer, audience, map[string]crypto.PublicKey{"e": &ec.PublicKey}, &jwtauth.Options{Leeway: time.Minute})
	tok := sign(t, jwt.SigningMethodES256, ec, "e", claims(jwt.MapClaims{"exp": time.Now().Add(-10 * time.Second).Unix()}))
	if _, err := verify(context.Background(), tok); err != nil {
		t.Errorf("within leeway: %v", err)
	}
}

// Verifier refuses to build a verifier that could not be safe.
func TestVerifierPanicsOnProgrammingErrors(t *testing.T) {
	ec, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	keys := map[string]crypto.PublicKey{"e": &ec.PublicKey}
	for name, f := range map[string]func(){
		"no issuer":   func() { jwtauth.Verifier("", audience, keys, nil) },
		"no audience": func() { jwtauth.Verifier(issuer, "", keys, nil) },
		"no keys":     func() { jwtauth.Verifier(issuer, audience, nil, nil) },
		"HS256":       func() { jwtauth.Verifier(issuer, audience, keys, &jwtauth.Options{Algorithms: []string{"HS256"}}) },
		"none":        func() { jwtauth.Verifier(issuer, audience, keys, &jwtauth.Options{Algorithms: []string{"none"}}) },
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			f()
		})
	}
}

// The client a token was issued to comes from "client_id" (RFC 9068), or
// "azp" without one: sessions and tasks are bound to it with the subject.
func TestVerifierReadsClientID(t *testing.T) {
	ec, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	verify := jwtauth.Verifier(issuer, audience, map[string]crypto.PublicKey{"only": &ec.PublicKey}, nil)
	for _, tc := range []struct {
		extra jwt.MapClaims
		want  string
	}{
		{jwt.MapClaims{"client_id": "app", "azp": "other"}, "app"},
		{jwt.MapClaims{"azp": "other"}, "other"},
		{jwt.MapClaims{"client_id": 7}, ""},
		{nil, ""},
	} {
		id, err := verify(context.Background(), sign(t, jwt.SigningMethodES256, ec, "", claims(tc.extra)))
		if err != nil {
			t.Fatal(err)
		}
		if id.ClientID != tc.want {
			t.Errorf("claims %v: ClientID %q, want %q", tc.extra, id.ClientID, tc.want)
		}
	}
}
