package target

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/transport/oauth"
)

// AuthOptions are how mcpdev signs in to an HTTP server protected by
// OAuth 2.1 (the flags --client-id, --client-secret, --scope,
// --client-metadata-url, --no-browser). With none set it registers
// itself (Dynamic Client Registration) where the server allows it.
type AuthOptions struct {
	ClientID          string
	ClientSecret      string // never written back as a command-line word
	ClientMetadataURL string
	Scopes            []string
	NoBrowser         bool // print the sign-in URL instead of opening a browser
}

// flagWords writes the options back as command-line words, the secret
// left out.
func (a *AuthOptions) flagWords() []string {
	var w []string
	if a.ClientID != "" {
		w = append(w, "--client-id", a.ClientID)
	}
	if a.ClientMetadataURL != "" {
		w = append(w, "--client-metadata-url", a.ClientMetadataURL)
	}
	for _, s := range a.Scopes {
		w = append(w, "--scope", s)
	}
	if a.NoBrowser {
		w = append(w, "--no-browser")
	}
	return w
}

// usable is a saved sign-in, unless --client-id names another client
// than the one it was made with (then the user signs in afresh).
func (a *AuthOptions) usable(c *oauth.Credentials) *oauth.Credentials {
	if c == nil || (a.ClientID != "" && c.ClientID != a.ClientID) {
		return nil
	}
	return c
}

// signInWait bounds how long a sign-in waits for the browser's redirect.
const signInWait = 5 * time.Minute

// authTransport is the HTTP transport of an HTTP target: it signs in when
// the server asks (a 401 with a Bearer challenge), with the credentials
// of an earlier run from the token cache, and saves new ones there. The
// sign-in URL and each step go to o.AuthOut as lines and to o.OnAuth as
// events, as do the flow's HTTP exchanges (OnAuth only); onStep also
// hears of the steps.
func (t *Target) authTransport(o *ConnectOptions, onStep func(oauth.Step)) *oauth.Transport {
	r := authReporter{out: o.AuthOut, on: o.OnAuth}
	if r.out == nil {
		r.out = io.Discard
	}
	cache := credentialsPath(o.ConfigDir, t.URL)
	a := t.Auth
	return oauth.NewTransport(&oauth.Options{
		Base: http.DefaultTransport, ClientID: a.ClientID, ClientSecret: a.ClientSecret,
		ClientMetadataURL: a.ClientMetadataURL, Scopes: a.Scopes, ClientName: "mcpdev",
		Credentials: a.usable(loadCredentials(cache)), CallbackTimeout: signInWait,
		OnCredentials: func(c *oauth.Credentials) {
			if err := saveCredentials(cache, c); err != nil {
				fmt.Fprintf(r.out, "mcpdev: warning: the sign-in is not saved: %v\n", err)
			}
			r.event(AuthEvent{Kind: AuthSignedIn, Who: signedIn(c)})
		},
		OpenURL: func(ctx context.Context, u string) error {
			r.openURL(u, a.NoBrowser)
			return nil
		},
		OnStep: func(s oauth.Step) {
			fmt.Fprintf(r.out, "mcpdev: auth: %s %s\n", s.Kind, termtext.Line(s.Detail))
			r.event(AuthEvent{Kind: AuthStep, Step: s.Kind, Detail: termtext.Line(s.Detail)})
			onStep(s)
		},
		OnExchange: func(ex oauth.Exchange) { r.event(AuthEvent{Kind: AuthHTTP, Exchange: &ex}) },
	})
}

// authReporter tells the user what a sign-in does: lines to out, events
// to on.
type authReporter struct {
	out io.Writer
	on  func(AuthEvent)
}

func (r authReporter) event(ev AuthEvent) {
	if r.on != nil {
		r.on(ev)
	}
}

// openURL shows the sign-in URL (always: the browser may open on another
// screen, or not at all) and opens the browser unless noBrowser; when the
// browser cannot be opened, it says why and that the user must open the
// URL.
func (r authReporter) openURL(u string, noBrowser bool) {
	fmt.Fprintf(r.out, "mcpdev: sign in at %s\n", termtext.Line(u))
	r.event(AuthEvent{Kind: AuthURL, URL: u})
	if noBrowser {
		return
	}
	if err := OpenBrowser(u); err != nil {
		fmt.Fprintf(r.out, "mcpdev: could not open a browser (%v): open the URL above yourself\n", err)
		r.event(AuthEvent{Kind: AuthNoBrowser, URL: u, Detail: err.Error()})
	}
}
