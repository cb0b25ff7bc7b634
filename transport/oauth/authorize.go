package oauth

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"

	"golang.org/x/oauth2"
)

// config is the x/oauth2 configuration of client c at the server of d.
func (d *discovery) config(c *client, redirectURI string, scopes []string) *oauth2.Config {
	return &oauth2.Config{
		ClientID: c.id, ClientSecret: c.secret, RedirectURL: redirectURI, Scopes: scopes,
		Endpoint: oauth2.Endpoint{AuthURL: d.authURL, TokenURL: d.tokenURL, AuthStyle: c.authStyle()},
	}
}

// authorizationCode runs the authorization code flow with PKCE (S256):
// the user is shown the authorization URL, the redirect comes back to the
// loopback listener, its state and iss are checked, and the code is
// exchanged for a token, with the resource indicator both times.
func (t *Transport) authorizationCode(ctx context.Context, d *discovery, l *loopback, scopes []string) (*oauth2.Token, error) {
	cfg := d.config(t.client, l.redirectURI, scopes)
	verifier, state := oauth2.GenerateVerifier(), randomState()
	resource := oauth2.SetAuthURLParam("resource", d.resource)
	authURL := cfg.AuthCodeURL(state, oauth2.S256ChallengeOption(verifier), resource)
	t.step("authorize", "scopes "+quoteScopes(scopes)+" at "+clean(d.authURL))
	l.expect(state)
	if err := t.opts.OpenURL(ctx, authURL); err != nil {
		return nil, fmt.Errorf("oauth: opening the authorization URL: %w", err)
	}
	cb, err := l.wait(ctx, t.opts.CallbackTimeout)
	if err != nil {
		return nil, err
	}
	if err := d.checkCallback(cb, state); err != nil {
		return nil, err
	}
	tok, err := cfg.Exchange(t.tokenContext(withKind(ctx, KindToken)), cb.code, oauth2.VerifierOption(verifier), resource)
	if err != nil {
		return nil, tokenError(err)
	}
	if err := t.accept("token", tok); err != nil {
		return nil, err
	}
	return tok, nil
}

// checkCallback validates the authorization response: its state (the
// listener takes no other, this is a second check), its
// error, and its iss (RFC 9207: compared as a plain string with the
// issuer when present, and required when the server says it sends it).
func (d *discovery) checkCallback(cb callback, state string) error {
	if cb.state != state {
		return ErrStateMismatch
	}
	if cb.hasIss && cb.iss != d.issuer {
		return fmt.Errorf("%w: the authorization response comes from %q, not %q", ErrIssuerMismatch, clean(cb.iss), clean(d.issuer))
	}
	if !cb.hasIss && d.meta != nil && d.meta.IssParameterSupported {
		return fmt.Errorf("%w: the authorization response lacks the iss the server promised", ErrIssuerMismatch)
	}
	if cb.errCode != "" {
		return fmt.Errorf("%w: %s %s", ErrAuthorizationDenied, clean(cb.errCode), clean(cb.errDesc))
	}
	if cb.code == "" {
		return fmt.Errorf("%w: the redirect carried no code", ErrAuthorizationDenied)
	}
	return nil
}

// randomState is an unguessable state parameter.
func randomState() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// quoteScopes names the scopes for a Step.
func quoteScopes(scopes []string) string {
	if len(scopes) == 0 {
		return "(none)"
	}
	return clean(scopeString(scopes))
}
