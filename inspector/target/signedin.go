package target

import (
	"fmt"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"golang.org/x/oauth2"

	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/transport/oauth"
)

// SignedIn is who mcpdev is signed in as at an HTTP server, for the
// header and the auth view. It never holds a token.
type SignedIn struct {
	// As names the user: the name, email or subject of the ID token, or of
	// the access token when it is a JWT; else the client at the issuer.
	As       string
	Issuer   string
	ClientID string
	Scopes   []string
	Expiry   time.Time // zero: the token says none
	// Refreshable: the authorization server gave a refresh token.
	Refreshable bool
}

// signedIn describes credentials; nil when there are none.
func signedIn(c *oauth.Credentials) *SignedIn {
	if c == nil || c.Token == nil {
		return nil
	}
	s := &SignedIn{Issuer: c.Issuer, ClientID: c.ClientID, Scopes: tokenScopes(c),
		Expiry: c.Token.Expiry, Refreshable: c.Token.RefreshToken != ""}
	s.As = whoFromJWT(idToken(c.Token))
	if s.As == "" {
		s.As = whoFromJWT(c.Token.AccessToken)
	}
	if s.As == "" {
		s.As = "client " + termtext.Line(c.ClientID) + " at " + termtext.Line(c.Issuer)
	}
	return s
}

func idToken(tok *oauth2.Token) string {
	s, _ := tok.Extra("id_token").(string)
	return s
}

// tokenScopes are the scopes the token was granted (its scope answer),
// else those asked for.
func tokenScopes(c *oauth.Credentials) []string {
	if s, ok := c.Token.Extra("scope").(string); ok && s != "" {
		return strings.Fields(s)
	}
	return c.Scopes
}

// whoFromJWT names the user a JWT is about, from its claims (read, not
// verified: this is for display only): "name <email>", or the first of
// name, email, preferred_username and sub. "" when raw is not a JWT or
// names nobody.
func whoFromJWT(raw string) string {
	if strings.Count(raw, ".") != 2 {
		return ""
	}
	claims := jwt.MapClaims{}
	if _, _, err := jwt.NewParser().ParseUnverified(raw, claims); err != nil {
		return ""
	}
	str := func(k string) string { s, _ := claims[k].(string); return termtext.Line(s) }
	name, email := str("name"), str("email")
	switch {
	case name != "" && email != "":
		return fmt.Sprintf("%s <%s>", name, email)
	case name != "":
		return name
	case email != "":
		return email
	case str("preferred_username") != "":
		return str("preferred_username")
	}
	return str("sub")
}
