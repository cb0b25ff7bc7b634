package target

import "github.com/mcpdev/mcpdev/transport/oauth"

// AuthEventKind says what an AuthEvent reports.
type AuthEventKind int

const (
	// AuthURL: the user must open URL to sign in (the browser was asked
	// to, unless --no-browser).
	AuthURL AuthEventKind = iota
	// AuthNoBrowser: the browser could not be opened (Detail says why);
	// the user opens URL by hand.
	AuthNoBrowser
	// AuthStep: a step of the flow (Step and Detail: metadata fetched,
	// client registered, token obtained or refreshed, …).
	AuthStep
	// AuthSignedIn: a token came; Who says for whom.
	AuthSignedIn
	// AuthHTTP: an HTTP exchange of the flow ended (Exchange, its
	// secrets redacted: see oauth.Exchange).
	AuthHTTP
)

// AuthEvent is one thing a sign-in did. No field ever holds a token or a
// secret.
type AuthEvent struct {
	Kind   AuthEventKind
	URL    string // AuthURL, AuthNoBrowser: the authorization URL
	Step   string // AuthStep: "resource-metadata", "server-metadata", "registered", "authorize", "token", "refresh"
	Detail string
	Who    *SignedIn // AuthSignedIn
	// Exchange is the HTTP exchange of an AuthHTTP event.
	Exchange *oauth.Exchange
}
