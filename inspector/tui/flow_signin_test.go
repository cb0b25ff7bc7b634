package tui

import (
	"context"
	"encoding/base64"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/internal/testutil/authtest"
	"github.com/mcpdev/mcpdev/sdk"
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
	sdk.Tool(s, Greet, nil)
	return authtest.ProtectedServer(t, as, s)
}

// osc52 is a clipboard write (tea.SetClipboard) in the program's output.
var osc52 = regexp.MustCompile(`\x1b\]52;c;([A-Za-z0-9+/=]+)(?:\x07|\x1b\\)`)

// waitClipboard waits for the program to put text on the clipboard.
func (f *flow) waitClipboard() string {
	f.t.Helper()
	var got string
	var read []byte
	defer func() { f.seen = append(f.seen, read...) }()
	teatest.WaitFor(f.t, f.tm.Output(), func(b []byte) bool {
		read = b
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

// signInFlow starts the inspector on the protected server at url with
// --no-browser, with a directory for the sessions w writes.
func signInFlow(t *testing.T, url string) *flow {
	t.Helper()
	tg := &target.Target{Kind: target.KindHTTP, Name: url, URL: url, Auth: target.AuthOptions{NoBrowser: true}}
	dir := t.TempDir()
	m := New(context.Background(), &targetConnector{Target: tg}, Options{Target: url, Dark: dark(), SaveDir: dir,
		Dev: DevOptions{Target: tg, RecordDir: dir}})
	f := &flow{t: t, m: m, tm: teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 40))}
	t.Cleanup(f.finish)
	return f
}

// The inspector signs in to a protected server with --no-browser: the
// connecting screen shows the sign-in URL and y copies it; the test plays
// the browser (it fetches the URL and follows the redirect to the
// loopback listener); the tools are listed, the header says who is signed
// in, and once the short-lived access token has expired the next call
// refreshes it silently (no second sign-in) and the header stays signed
// in. The traffic pane lists each HTTP exchange of the sign-in and of the
// refresh, in order, with its request and answer. No token, code, code
// verifier or client secret of the flow is on any screen drawn, in any
// traffic entry, log line or the session file w writes.
func TestFlowSignInListsToolsAndRefreshes(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	as := testutil.NewAuthServer(t)
	as.Lifetime = time.Second
	as.Secret = testutil.TokenPrefix + "client-secret"
	as.AuthMethods = []string{"client_secret_post"}
	url := protectedServer(t, as)
	f := signInFlow(t, url)

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
	f.keys("w")
	f.waitFor("replay it with: mcpdev")
	f.keys("3")
	f.waitFor("HTTP refresh POST")
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
	if !strings.Contains(final, "Signed in as client dcr-client") {
		t.Errorf("the final screen lacks the auth view:\n%s", final)
	}
	checkExchangesShown(t, f.m)
	noSecretShown(t, f, as.Secrets())
}

// checkExchangesShown: the traffic pane lists the sign-in's exchanges in
// order, then the refresh's, each with its request and answer.
func checkExchangesShown(t *testing.T, m *Model) {
	t.Helper()
	var kinds []string
	details := map[string]string{}
	for _, e := range m.traffic.msgs {
		if e.lines == nil {
			continue
		}
		kind, _, _ := strings.Cut(strings.TrimPrefix(e.what, "HTTP "), " ")
		kinds = append(kinds, kind)
		details[kind] += strings.Join(e.lines, "\n") + "\n"
	}
	want := []string{"refused", "resource-metadata", "server-metadata", "registration", "callback", "token",
		"refused", "refresh"} // the refresh uses the sign-in's metadata again
	if !slices.Equal(want, kinds) {
		t.Errorf("HTTP exchanges in the traffic pane (-want +got):\n-%v\n+%v", want, kinds)
	}
	for kind, want := range map[string]string{
		"refused":      "Www-Authenticate: Bearer",
		"registration": `"client_secret": "[redacted]"`,
		"token":        "code_verifier=[redacted]",
		"refresh":      `"refresh_token": "[redacted]"`,
	} {
		if !strings.Contains(details[kind], want) {
			t.Errorf("the %s exchange lacks %q:\n%s", kind, want, details[kind])
		}
	}
}

// noSecretShown fails when a secret is in anything the flow showed or
// wrote: the screens drawn, each traffic entry's detail, the logs, the
// auth view, the session file.
func noSecretShown(t *testing.T, f *flow, secrets []string) {
	t.Helper()
	shown := map[string]string{"screens drawn": string(f.seen), "auth view": f.m.auth.View()}
	for _, e := range f.m.logs.entries {
		shown["log line"] += e.text + "\n"
	}
	f.m.traffic.SetSize(120, 1000)
	for i := range f.m.traffic.msgs {
		f.m.traffic.cursor = i
		shown["traffic entry"] += f.m.traffic.View() + "\n"
	}
	if data, err := os.ReadFile(f.m.dev.recorded); err != nil {
		t.Errorf("no session file: %v", err)
	} else {
		shown["session file"] = string(data)
	}
	for what, text := range shown {
		for _, s := range append(secrets, testutil.TokenPrefix) {
			if strings.Contains(text, s) {
				t.Errorf("the %s shows the secret %q", what, s)
			}
		}
	}
}

// While the sign-in waits for the browser to come back (the connection
// has not come up: no tool list to wait for), 3 shows the traffic of the
// flow so far, and q and ctrl+c quit; once the model is closed, the
// sign-in's redirect listener is gone (not left open for the 5 minutes
// the sign-in would wait).
func TestFlowQuitWhileSigningInClosesTheListener(t *testing.T) {
	for _, k := range []string{"q", "ctrl+c"} {
		t.Run(k, func(t *testing.T) {
			t.Setenv("XDG_CONFIG_HOME", t.TempDir())
			as := testutil.NewAuthServer(t)
			f := signInFlow(t, protectedServer(t, as))
			f.waitFor("Open this URL in a browser to sign in:")
			f.keys("y")
			authURL := f.waitClipboard()
			f.keys("3")
			f.waitFor("HTTP registration POST")
			f.keys(k)
			f.tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
			f.done = true
			f.m.Close()
			testutil.ListenerGone(t, authURL)
		})
	}
}
