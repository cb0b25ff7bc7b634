package tui

import (
	"context"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport"
)

type greetArgs struct {
	Name string `json:"name"`
}

// Greet says hello (the protected server's tool).
func Greet(_ context.Context, a greetArgs) (string, error) { return "hello " + a.Name, nil }

// protectedServer is an sdk server with the tool Greet that wants tokens
// of as, on 127.0.0.1.
func protectedServer(t *testing.T, as *testutil.AuthServer) string {
	s := sdk.NewServer("greeter", nil)
	sdk.Tool(s, Greet)
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	h := sdkhttp.Handler(s, &sdkhttp.Options{Auth: &sdkhttp.AuthOptions{
		Verify: func(_ context.Context, token string) (*transport.Identity, error) {
			scopes, ok := as.Scopes(token)
			if !ok {
				return nil, sdk.ErrInvalidToken
			}
			return &transport.Identity{Subject: "alice", Scopes: scopes}, nil
		},
		Metadata: sdkhttp.ProtectedResourceMetadata{AuthorizationServers: []string{as.URL}},
	}})

	t.Cleanup(func() { h.Close() })
	h.Mount(mux, "/mcp")
	return srv.URL + "/mcp"
}

// osc52 is a clipboard write (tea.SetClipboard) in the program's output.
var osc52 = regexp.MustCompile(`\x1b\]52;c;([A-Za-z0-9+/=]+)(?:\x07|\x1b\\)`)

// waitClipboard waits for the program to put text on the clipboard.
func (f *flow) waitClipboard() string {
	f.t.Helper()
	var got string
	teatest.WaitFor(f.t, f.tm.Output(), func(b []byte) bool {
		m := osc52.FindSubmatch(b)
		if m == nil {
			return false
		}
		dec, err := base64.StdEncoding.DecodeString(string(m[1]))
		got = string(dec)
		return err == nil
	}, teatest.WithDuration(30*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
	return got
}

// The inspector signs in to a protected server with --no-browser: the
// connecting screen shows the sign-in URL and y copies it; the test plays
// the browser (it fetches the URL and follows the redirect to the
// loopback listener); the tools are listed, the header says who is signed
// in, and once the short-lived access token has expired the next call
// refreshes it silently (no second sign-in) and the header stays signed
// in. No token reaches the screen or the logs.
func TestFlowSignInListsToolsAndRefreshes(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	as := testutil.NewAuthServer(t)
	as.Lifetime = time.Second
	url := protectedServer(t, as)
	c := &targetConnector{Target: &target.Target{Kind: target.KindHTTP, Name: url, URL: url,
		Auth: target.AuthOptions{NoBrowser: true}}}
	f := startFlowWith(t, c, url)

	f.waitFor("Open this URL in a browser to sign in:")
	f.keys("y")
	authURL := f.waitClipboard()
	if !strings.HasPrefix(authURL, as.URL+"/authorize?") {
		t.Fatalf("copied %q, want the authorization URL", authURL)
	}
	if err := testutil.Browser(context.Background(), authURL); err != nil {
		t.Fatal(err)
	}
	f.waitFor("● connected")

	time.Sleep(as.Lifetime) // the access token expires: the server refuses it now
	f.keys("enter")
	f.typ("ada")
	f.keys("ctrl+r")
	f.waitFor("hello ada")
	f.keys("A")
	f.waitFor("expires", "refresh bearer token")
	f.finish()

	if n := len(as.Authorizations); n != 1 {
		t.Errorf("%d sign-ins in the browser, want 1 (the refresh is silent)", n)
	}
	refreshes := 0
	for _, r := range as.TokenRequests {
		if r.Get("grant_type") == "refresh_token" {
			refreshes++
		}
	}
	if refreshes == 0 {
		t.Error("the expired access token was not refreshed")
	}
	final := screen(f.m)
	if !strings.Contains(strings.SplitN(final, "\n", 2)[0], "signed in as client dcr-client at "+as.URL) {
		t.Errorf("the header does not say who is signed in:\n%s", final)
	}
	if !strings.Contains(final, "Signed in as client dcr-client") || !strings.Contains(final, "hello ada") {
		t.Errorf("the final screen lacks the auth view or the result:\n%s", final)
	}
	var shown []string
	for _, e := range f.m.logs.entries {
		shown = append(shown, e.text)
	}
	shown = append(shown, final, f.m.auth.View())
	for _, s := range shown {
		if strings.Contains(s, testutil.TokenPrefix) {
			t.Errorf("a token is shown: %q", s)
		}
	}
}
