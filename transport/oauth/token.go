package oauth

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"
)

// tokenContext makes x/oauth2 send through the Transport's own client.
func (t *Transport) tokenContext(ctx context.Context) context.Context {
	return context.WithValue(ctx, oauth2.HTTPClient, t.hc)
}

// tokenError wraps a token endpoint failure in ErrTokenRequest with the
// OAuth error code and description only: the answer's body is never
// repeated.
func tokenError(err error) error {
	var re *oauth2.RetrieveError
	if errors.As(err, &re) {
		return fmt.Errorf("%w: HTTP %d %s %s", ErrTokenRequest, re.Response.StatusCode, clean(re.ErrorCode), clean(re.ErrorDescription))
	}
	return fmt.Errorf("%w: %v", ErrTokenRequest, err)
}

// accept takes a new token if it is a Bearer token (the type is
// case-insensitive, RFC 6749 §5.1; x/oauth2 reads a missing one as
// Bearer too) and reports its scopes and lifetime (never the token).
// Another type (mac, DPoP) is ErrTokenType: sent as Bearer it would be
// used as what it is not.
func (t *Transport) accept(kind string, tok *oauth2.Token) error {
	if !bearer(tok) {
		return fmt.Errorf("%w: the %s answer's token_type is %q", ErrTokenType, kind, clean(tok.TokenType))
	}
	detail := "bearer token"
	if s, ok := tok.Extra("scope").(string); ok && s != "" {
		detail += ", scopes " + clean(s)
	}
	if !tok.Expiry.IsZero() {
		detail += ", expires in " + time.Until(tok.Expiry).Round(time.Second).String()
	}
	if tok.RefreshToken != "" {
		detail += ", refreshable"
	}
	t.step(kind, detail)
	return nil
}

// bearer says whether tok is a Bearer token (or says no type).
func bearer(tok *oauth2.Token) bool {
	return tok.TokenType == "" || strings.EqualFold(tok.TokenType, "bearer")
}

// refresh trades the refresh token for a new token, for the resource of
// d (RFC 8707 §2.2: resource= in the refresh request too; x/oauth2's
// refresh has no way to add a parameter, so the request's form gets it
// on its way out).
func (t *Transport) refresh(ctx context.Context, d *discovery, old *oauth2.Token) (*oauth2.Token, error) {
	cfg := d.config(t.client, "", nil)
	hc := &http.Client{Transport: withResource{base: observer{t}, resource: d.resource}, Timeout: t.hc.Timeout}
	tok, err := cfg.TokenSource(context.WithValue(withKind(ctx, KindRefresh), oauth2.HTTPClient, hc), &oauth2.Token{RefreshToken: old.RefreshToken}).Token()
	if err != nil {
		return nil, tokenError(err)
	}
	if err := t.accept("refresh", tok); err != nil {
		return nil, err
	}
	return tok, nil
}

// clientCredentials gets a token with the client credentials grant,
// authenticating with the client secret or a private_key_jwt assertion.
func (t *Transport) clientCredentials(ctx context.Context, d *discovery, scopes []string) (*oauth2.Token, error) {
	c := &client{issuer: d.issuer, id: t.opts.ClientID, secret: t.opts.ClientSecret}
	c.method = chooseMethod(d.meta, c.secret != "")
	cfg := clientcredentials.Config{
		ClientID: c.id, ClientSecret: c.secret, TokenURL: d.tokenURL, Scopes: scopes,
		EndpointParams: map[string][]string{"resource": {d.resource}}, AuthStyle: c.authStyle(),
	}
	if len(t.opts.PrivateKeyPEM) > 0 {
		assertion, err := clientAssertion(t.opts.PrivateKeyPEM, c.id, d.issuer)
		if err != nil {
			return nil, err
		}
		cfg.ClientSecret, cfg.AuthStyle = "", oauth2.AuthStyleInParams
		cfg.EndpointParams["client_assertion_type"] = []string{"urn:ietf:params:oauth:client-assertion-type:jwt-bearer"}
		cfg.EndpointParams["client_assertion"] = []string{assertion}
	}
	t.client = c
	tok, err := cfg.Token(t.tokenContext(withKind(ctx, KindToken)))
	if err != nil {
		return nil, tokenError(err)
	}
	if err := t.accept("token", tok); err != nil {
		return nil, err
	}
	return tok, nil
}

// withResource adds resource= to the form of the token requests it
// sends (the refresh's).
type withResource struct {
	base     http.RoundTripper
	resource string
}

func (w withResource) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body == nil || req.Header.Get("Content-Type") != "application/x-www-form-urlencoded" {
		return w.base.RoundTrip(req)
	}
	body, err := io.ReadAll(req.Body)
	req.Body.Close()
	if err != nil {
		return nil, err
	}
	form, err := url.ParseQuery(string(body))
	if err != nil {
		return nil, err
	}
	form.Set("resource", w.resource)
	enc := form.Encode()
	r := req.Clone(req.Context())
	r.Body, r.ContentLength = io.NopCloser(strings.NewReader(enc)), int64(len(enc))
	r.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(enc)), nil }
	return w.base.RoundTrip(r)
}
