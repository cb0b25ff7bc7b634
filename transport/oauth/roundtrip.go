package oauth

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"golang.org/x/oauth2"
)

// RoundTrip sends req with the current token; on a 401, or a 403
// insufficient_scope, it signs in and sends req again, at most
// MaxAttempts sign-ins for one request. A request to another origin than
// the first request's goes through that origin's own Transport
// (forOrigin); a redirect from https to http is not followed, and one to
// another origin carries no Authorization header it was given.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	crossed, err := redirected(req)
	if err != nil {
		return nil, err
	}
	if o := t.forOrigin(req.URL); o != t {
		return o.RoundTrip(req)
	}
	for attempt := 0; ; attempt++ {
		tok, gen := t.current()
		r, err := t.prepare(req, attempt, tok, crossed)
		if err != nil {
			return nil, err
		}
		resp, err := t.base.RoundTrip(r)
		if err != nil {
			return nil, err
		}
		ch, ok := refusal(resp)
		if !ok || !replayable(req) {
			return resp, nil
		}
		t.reportRefusal(r, resp)
		drain(resp)
		if attempt >= t.opts.MaxAttempts {
			return nil, &SignInError{fmt.Errorf("%w after %d sign-ins: HTTP %d %s", ErrTooManyAttempts, attempt, resp.StatusCode, clean(ch.Error))}
		}
		if err := t.signInFor(req, ch, resp.StatusCode, gen, attempt > 0); err != nil {
			return nil, err
		}
	}
}

// prepare is the request to send: a copy of req with the token (and
// without an Authorization header carried across origins by a redirect,
// crossed), with a fresh body after a sign-in.
func (t *Transport) prepare(req *http.Request, attempt int, tok *oauth2.Token, crossed bool) (*http.Request, error) {
	r := req.Clone(req.Context())
	if attempt > 0 && req.GetBody != nil {
		body, err := req.GetBody()
		if err != nil {
			return nil, err
		}
		r.Body = body
	}
	if crossed {
		r.Header.Del("Authorization")
	}
	if tok != nil && tok.AccessToken != "" {
		r.Header.Set("Authorization", "Bearer "+tok.AccessToken)
	}
	return r, nil
}

// replayable says whether req can be sent again: it has no body, or a
// way to get it anew (http.NewRequest sets one for in-memory bodies).
func replayable(req *http.Request) bool {
	return req.Body == nil || req.Body == http.NoBody || req.GetBody != nil
}

// SignInError is what RoundTrip returns when a sign-in failed: Err is
// one of the package's sentinels, wrapped with the details.
type SignInError struct{ Err error }

func (e *SignInError) Error() string { return e.Err.Error() }
func (e *SignInError) Unwrap() error { return e.Err }

// refusal says whether resp asks for a (better) token: a 401 with a Bearer
// challenge (RFC 6750 §3: a server that wants bearer tokens says so; a
// bare 401 is left to the caller), or a 403 whose challenge is
// insufficient_scope.
func refusal(resp *http.Response) (Challenge, bool) {
	switch resp.StatusCode {
	case http.StatusUnauthorized:
		return ParseChallenge(resp.Header)
	case http.StatusForbidden:
		ch, ok := ParseChallenge(resp.Header)
		return ch, ok && ch.Error == "insufficient_scope"
	}
	return Challenge{}, false
}

// drain reads a little of a refused answer's body and closes it, so the
// connection can be reused.
func drain(resp *http.Response) {
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
}

// signInFor signs in for req; again: the server refused the token of a
// sign-in made for it already. The sign-in does not end with req: a
// request given up (a probe timing out while the user is in the browser)
// returns at once, and the requests after it wait for the same sign-in
// instead of starting another.
func (t *Transport) signInFor(req *http.Request, ch Challenge, status, gen int, again bool) error {
	if t.closed() {
		return &SignInError{ErrClosed}
	}
	done := make(chan error, 1)
	go func() {
		ctx, stop := t.detached(req.Context())
		defer stop()
		done <- t.signIn(ctx, req.URL, ch, status, gen, again)
	}()
	select {
	case err := <-done:
		switch {
		case err == nil:
			return nil
		case t.closed():
			return &SignInError{ErrClosed} // whatever the abandoned flow was doing
		}
		return &SignInError{err}
	case <-req.Context().Done():
		return req.Context().Err()
	}
}

// signIn gets a new token for the server at server, unless another
// request got one since gen: a refresh where it can, else the grant. The
// metadata of the last sign-in is used again while it is fresh, unless
// the server refused the token it led to (again), or a refresh with it
// failed: then it is fetched anew.
func (t *Transport) signIn(ctx context.Context, server *url.URL, ch Challenge, status, gen int, again bool) error {
	t.flow.Lock()
	defer t.flow.Unlock()
	if t.closed() {
		return ErrClosed // closed while this request waited for another's sign-in
	}
	if _, now := t.current(); now != gen {
		return nil // a sign-in finished meanwhile: try its token
	}
	d, cached, err := t.discovery(ctx, server, ch, again)
	if err != nil {
		return err
	}
	err = t.refreshFor(ctx, d, status)
	if err != nil && cached && !errors.Is(err, errNoRefresh) {
		if d, err = t.refreshAgain(ctx, server, ch, d, status, err); d == nil {
			return err
		}
	}
	if err == nil {
		return nil
	}
	if !errors.Is(err, errNoRefresh) && t.opts.OpenURL == nil && !t.opts.ClientCredentials {
		return err
	}
	return t.obtain(ctx, d, t.chooseScopes(ch, d, status == http.StatusForbidden))
}

// refreshAgain follows a refresh that failed (with err) with metadata
// from the cache: the metadata is fetched anew, and the refresh tried
// again when it names another token endpoint (the same would refuse
// again). A nil discovery: fetching it failed (the error).
func (t *Transport) refreshAgain(ctx context.Context, server *url.URL, ch Challenge, old *discovery, status int, err error) (*discovery, error) {
	d, _, derr := t.discovery(ctx, server, ch, true)
	if derr != nil {
		return nil, derr
	}
	if d.issuer != old.issuer || d.tokenURL != old.tokenURL {
		err = t.refreshFor(ctx, d, status)
	}
	return d, err
}

// errNoRefresh: there is no token to refresh, or a refresh would not do
// (a 403 asks for more scopes).
var errNoRefresh = errors.New("no refresh")

// refreshFor refreshes the token at the authorization server of d, when
// the server refused it (401) and it has a refresh token. Another
// authorization server than the client's, or a client whose secret
// expired, means a new registration and no token.
func (t *Transport) refreshFor(ctx context.Context, d *discovery, status int) error {
	switch {
	case t.client == nil:
	case t.client.issuer != d.issuer:
		t.client = nil // another authorization server: its own registration, no old token
		t.setToken(nil)
	case t.client.expired():
		t.step("registered", "the secret of client "+clean(t.client.id)+" expired: registering again")
		t.client = nil
		t.setToken(nil)
	}
	old := t.Token()
	if old == nil || old.RefreshToken == "" || status != http.StatusUnauthorized || t.client == nil {
		return errNoRefresh
	}
	tok, err := t.refresh(ctx, d, old)
	if err != nil {
		return err
	}
	t.setToken(tok)
	return nil
}

// obtain registers if need be and runs the grant.
func (t *Transport) obtain(ctx context.Context, d *discovery, scopes []string) error {
	if t.opts.ClientCredentials {
		tok, err := t.clientCredentials(ctx, d, scopes)
		if err != nil {
			return err
		}
		t.setToken(tok)
		return nil
	}
	if t.opts.OpenURL == nil {
		return ErrInteractionRequired
	}
	l, err := t.listen()
	if err != nil {
		return err
	}
	defer t.release(l)
	if t.client == nil {
		c, err := t.register(ctx, d, l.redirectURI)
		if err != nil {
			return err
		}
		t.client = c
	}
	if err := d.requirePKCE(); err != nil {
		return err
	}
	t.scopes = scopes
	tok, err := t.authorizationCode(ctx, d, l, scopes)
	if err != nil {
		return err
	}
	t.setToken(tok)
	return nil
}

// chooseScopes is what to ask for: Options.Scopes, else the challenge's
// scope, else the resource's scopes_supported, else none; on a step-up
// (403) also what was asked for before (SEP-2350). offline_access is
// added when the authorization server offers it, for a refresh token.
func (t *Transport) chooseScopes(ch Challenge, d *discovery, stepUp bool) []string {
	var s []string
	switch {
	case len(t.opts.Scopes) > 0:
		s = append(s, t.opts.Scopes...)
	case len(ch.Scopes) > 0:
		s = append(s, ch.Scopes...)
	case d.prm != nil:
		s = append(s, d.prm.ScopesSupported...)
	}
	if stepUp {
		s = union(t.scopes, s)
	}
	if len(s) > 0 && d.meta != nil && contains(d.meta.ScopesSupported, "offline_access") && !t.opts.ClientCredentials {
		s = union(s, []string{"offline_access"})
	}
	return s
}

func union(a, b []string) []string {
	out := append([]string(nil), a...)
	for _, s := range b {
		if !contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// scopeString is scopes as the scope parameter.
func scopeString(scopes []string) string { return strings.Join(scopes, " ") }
