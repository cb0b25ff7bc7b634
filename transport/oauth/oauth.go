// Package oauth signs an MCP client in to a server protected by OAuth
// 2.1, as MCP's authorization spec describes: a Transport (an
// http.RoundTripper for streamable.ClientOptions.HTTPClient)
// that answers a 401 with discovery — the Protected Resource Metadata
// (RFC 9728) named by the challenge or found at its well-known paths, then
// the authorization server's metadata (RFC 8414, or OpenID discovery) —
// client registration (pre-registered, Client ID Metadata Document, or
// Dynamic Client Registration), the authorization code flow with PKCE
// through a loopback redirect on 127.0.0.1, or the client credentials
// grant, and retries the request with the token. A 403 insufficient_scope
// asks for the missing scopes (step-up); MaxAttempts bounds the sign-ins
// per request. The token exchange itself is golang.org/x/oauth2's.
//
// No token or secret is ever put in an error or a Step.
package oauth

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"golang.org/x/oauth2"
)

// Errors a sign-in ends with; they are wrapped with the details.
var (
	// ErrResourceMismatch: the Protected Resource Metadata is for another
	// resource than the server's URL.
	ErrResourceMismatch = errors.New("oauth: the protected resource metadata names another resource")
	// ErrIssuerMismatch: the authorization server's metadata names
	// another issuer than the one it was looked up for, or the
	// authorization response's iss is not the issuer's (RFC 9207).
	ErrIssuerMismatch = errors.New("oauth: issuer mismatch")
	// ErrNoMetadata: no metadata document was found where the spec says.
	ErrNoMetadata = errors.New("oauth: no authorization metadata found")
	// ErrNoPKCE: the authorization server does not offer PKCE with S256.
	ErrNoPKCE = errors.New("oauth: the authorization server does not support PKCE with S256")
	// ErrNoRegistration: the client has no client id and the server offers
	// neither Client ID Metadata Documents nor Dynamic Client Registration.
	ErrNoRegistration = errors.New("oauth: no way to register this client (give a client id)")
	// ErrStateMismatch: the redirect carried another state than was sent
	// (the redirect listener answers such a redirect 400 and waits on,
	// so a sign-in ends with ErrCallbackTimeout instead).
	ErrStateMismatch = errors.New("oauth: the authorization response's state does not match")
	// ErrCallbackTimeout: the redirect to the loopback listener never came.
	ErrCallbackTimeout = errors.New("oauth: timed out waiting for the authorization redirect")
	// ErrAuthorizationDenied: the redirect carried an error instead of a code.
	ErrAuthorizationDenied = errors.New("oauth: authorization denied")
	// ErrInteractionRequired: signing in needs a browser and Options.OpenURL is nil.
	ErrInteractionRequired = errors.New("oauth: signing in needs a browser (no OpenURL hook)")
	// ErrTokenRequest: the token endpoint refused (a revoked refresh token, a bad code).
	ErrTokenRequest = errors.New("oauth: the token request failed")
	// ErrTooManyAttempts: the server kept refusing fresh tokens.
	ErrTooManyAttempts = errors.New("oauth: the server still refuses the token")
	// ErrBadMetadata: a metadata document or registration answer is unusable.
	ErrBadMetadata = errors.New("oauth: unusable metadata")
	// ErrInsecureEndpoint: an authorization, token or registration
	// endpoint is plain http on a host other than this machine's loopback
	// (127.0.0.0/8, ::1, localhost): the code, the PKCE verifier and the
	// client's secrets would cross the network in clear.
	ErrInsecureEndpoint = errors.New("oauth: the authorization server's endpoint is plain http and not on this machine (https is required)")
	// ErrTokenType: the token endpoint issued a token of another type
	// than Bearer (a "mac" or "DPoP" token), which this client cannot use.
	ErrTokenType = errors.New("oauth: the token is not a Bearer token")
	// ErrInsecureRedirect: a redirect from https to plain http, which is
	// not followed.
	ErrInsecureRedirect = errors.New("oauth: refusing to follow a redirect from https to plain http")
	// ErrClosed: the Transport was closed, ending the sign-in in progress
	// (or refusing to start one).
	ErrClosed = errors.New("oauth: the transport is closed: sign-in abandoned")
)

// Options configures a Transport; every field is optional.
type Options struct {
	// Base sends the requests (default http.DefaultTransport).
	Base http.RoundTripper
	// ClientID and ClientSecret are a pre-registered client's. A
	// ClientID that is an https URL is a Client ID Metadata Document.
	ClientID, ClientSecret string
	// ClientMetadataURL is the URL of this client's Client ID Metadata
	// Document, used as its client id where the server supports them.
	ClientMetadataURL string
	// ClientName is the name given in Dynamic Client Registration
	// (default "mcpdev").
	ClientName string
	// Scopes replaces the scope selection (the challenge's scope, else
	// the resource's scopes_supported, else none).
	Scopes []string
	// OpenURL shows the user the authorization URL (opens a browser, or
	// prints it) and returns; the Transport then waits for the redirect.
	// Nil: no interactive sign-in (ErrInteractionRequired).
	OpenURL func(ctx context.Context, authURL string) error
	// RedirectPort is the loopback listener's port (default: any free one,
	// then kept for later sign-ins).
	RedirectPort int
	// CallbackTimeout bounds the wait for the redirect (default 5 minutes).
	CallbackTimeout time.Duration
	// ClientCredentials uses the client credentials grant (machine to
	// machine) with ClientID and ClientSecret, or PrivateKeyPEM.
	ClientCredentials bool
	// PrivateKeyPEM is a PKCS#8 EC or RSA key: the client authenticates
	// with private_key_jwt (RFC 7523) signed by it.
	PrivateKeyPEM []byte
	// MaxAttempts bounds the sign-ins for one request (default 3).
	MaxAttempts int
	// Credentials are those of an earlier run (a cache); OnCredentials
	// is told each new token with the client it was issued to, to store
	// them. Neither is ever printed.
	Credentials   *Credentials
	OnCredentials func(*Credentials)
	// OnStep is told each step of a sign-in, for a progress view.
	OnStep func(Step)
	// OnExchange is told each HTTP exchange of a sign-in as it ends, in
	// order, with every secret redacted (see Exchange), for a debug view.
	// It may be called from several goroutines, one call at a time.
	OnExchange func(Exchange)
}

// Step is one step of a sign-in, for a progress or debug view. Detail
// never holds a token or a secret.
type Step struct {
	Kind   string // "resource-metadata", "server-metadata", "registered", "authorize", "token", "refresh"
	Detail string
}

// Credentials are what a sign-in leaves: the client as the authorization
// server knows it, the scopes asked for, and the token. They are secrets:
// store them where only the user can read them.
type Credentials struct {
	Issuer       string        `json:"issuer"`
	ClientID     string        `json:"client_id"`
	ClientSecret string        `json:"client_secret,omitempty"`
	AuthMethod   string        `json:"auth_method,omitempty"`
	Scopes       []string      `json:"scopes,omitempty"`
	Token        *oauth2.Token `json:"token,omitempty"`
	// ClientSecretExpiresAt is when a dynamically registered client's
	// secret expires (Unix seconds; 0: never): past it the client
	// registers again.
	ClientSecretExpiresAt int64 `json:"client_secret_expires_at,omitempty"`
}

// Transport adds the bearer token to requests and signs in when the
// server asks. One Transport serves one MCP server: its token is bound
// to the origin of the first request (the server's), and sent nowhere
// else. A request to another origin (a redirect) goes through a
// Transport of that origin's own, made on the first such request: it
// sends no token until that origin asks for one, then signs in for it
// with its own discovery (see origin.go).
type Transport struct {
	opts Options
	base http.RoundTripper
	hc   *http.Client // metadata, registration and token requests
	red  redactor     // hides the secrets of what OnExchange is told

	seq sync.Mutex // one OnExchange call at a time

	life *life // ended by Close; shared with the other origins' Transports

	mu     sync.Mutex // guards what follows
	tok    *oauth2.Token
	gen    int                   // counts tokens, to spot one that changed during a sign-in
	origin string                // the token's origin: the first request's ("" before it)
	others map[string]*Transport // other origins' Transports, by origin

	flow     *sync.Mutex // one sign-in at a time (of every origin); guards what follows
	client   *client
	scopes   []string // asked for last
	redirect int      // loopback port of the first sign-in
	disc     cachedDiscovery
}

// NewTransport returns a Transport configured by opts (nil: defaults).
func NewTransport(opts *Options) *Transport {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Base == nil {
		o.Base = http.DefaultTransport
	}
	if o.ClientName == "" {
		o.ClientName = "mcpdev"
	}
	if o.CallbackTimeout <= 0 {
		o.CallbackTimeout = 5 * time.Minute
	}
	if o.MaxAttempts <= 0 {
		o.MaxAttempts = 3
	}
	t := newTransport(o, &sync.Mutex{}, newLife())
	if c := t.opts.Credentials; c != nil {
		t.tok, t.scopes = c.Token, c.Scopes
		if c.Token != nil && !bearer(c.Token) {
			t.tok = nil // saved by a version that took any type
		}
		t.client = &client{issuer: c.Issuer, id: c.ClientID, secret: c.ClientSecret, method: c.AuthMethod}
		if c.ClientSecretExpiresAt > 0 {
			t.client.expires = time.Unix(c.ClientSecretExpiresAt, 0)
		}
		t.red.remember(c.ClientSecret)
		t.rememberToken(c.Token)
	}
	if on := t.opts.OnExchange; on != nil {
		t.opts.OnExchange = func(ex Exchange) {
			t.seq.Lock()
			defer t.seq.Unlock()
			on(ex)
		}
	}
	return t
}

// newTransport is a Transport with opts (defaults filled in) whose
// sign-ins take turns on flow and end with l.
func newTransport(opts Options, flow *sync.Mutex, l *life) *Transport {
	t := &Transport{opts: opts, base: opts.Base, flow: flow, life: l, redirect: opts.RedirectPort}
	t.red.remember(opts.ClientSecret)
	t.hc = &http.Client{Transport: observer{t}, Timeout: 30 * time.Second}
	return t
}

// rememberToken notes a token's secrets, to hide them wherever they show
// up in an Exchange.
func (t *Transport) rememberToken(tok *oauth2.Token) {
	if tok == nil {
		return
	}
	t.red.remember(tok.AccessToken)
	t.red.remember(tok.RefreshToken)
	if id, ok := tok.Extra("id_token").(string); ok {
		t.red.remember(id)
	}
}

// Client returns an *http.Client that sends through t.
func (t *Transport) Client() *http.Client { return &http.Client{Transport: t} }

// Token returns the current token (nil before a sign-in).
func (t *Transport) Token() *oauth2.Token {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.tok
}

// Credentials returns the current credentials (nil before a sign-in).
func (t *Transport) Credentials() *Credentials {
	t.flow.Lock()
	defer t.flow.Unlock()
	return t.credentials()
}

// credentials are the current credentials; the caller holds t.flow.
func (t *Transport) credentials() *Credentials {
	tok := t.Token()
	if tok == nil || t.client == nil {
		return nil
	}
	c := t.client
	cr := &Credentials{Issuer: c.issuer, ClientID: c.id, ClientSecret: c.secret, AuthMethod: c.method,
		Scopes: append([]string(nil), t.scopes...), Token: tok}
	if !c.expires.IsZero() {
		cr.ClientSecretExpiresAt = c.expires.Unix()
	}
	return cr
}

func (t *Transport) current() (*oauth2.Token, int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.tok, t.gen
}

// setToken makes tok the current token; the caller holds t.flow.
func (t *Transport) setToken(tok *oauth2.Token) {
	t.rememberToken(tok)
	t.mu.Lock()
	t.tok = tok
	t.gen++
	t.mu.Unlock()
	if c := t.credentials(); c != nil && t.opts.OnCredentials != nil {
		t.opts.OnCredentials(c)
	}
}

func (t *Transport) step(kind, detail string) {
	if t.opts.OnStep != nil {
		t.opts.OnStep(Step{Kind: kind, Detail: detail})
	}
}
