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
// sign-in URL and each step go to out; onStep also hears of them.
func (t *Target) authTransport(o *ConnectOptions, onStep func(oauth.Step)) *oauth.Transport {
	out := o.AuthOut
	if out == nil {
		out = io.Discard
	}
	cache := credentialsPath(o.ConfigDir, t.URL)
	a := t.Auth
	return oauth.NewTransport(&oauth.Options{
		Base: http.DefaultTransport, ClientID: a.ClientID, ClientSecret: a.ClientSecret,
		ClientMetadataURL: a.ClientMetadataURL, Scopes: a.Scopes, ClientName: "mcpdev",
		Credentials: a.usable(loadCredentials(cache)), CallbackTimeout: signInWait,
		OnCredentials: func(c *oauth.Credentials) {
			if err := saveCredentials(cache, c); err != nil {
				fmt.Fprintf(out, "mcpdev: warning: the sign-in is not saved: %v\n", err)
			}
		},
		OpenURL: func(ctx context.Context, u string) error {
			fmt.Fprintf(out, "mcpdev: sign in at %s\n", termtext.Line(u))
			if !a.NoBrowser {
				_ = OpenBrowser(u) // the URL is printed in any case
			}
			return nil
		},
		OnStep: func(s oauth.Step) {
			fmt.Fprintf(out, "mcpdev: auth: %s %s\n", s.Kind, termtext.Line(s.Detail))
			onStep(s)
		},
	})
}
