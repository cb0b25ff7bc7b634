package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/inspector/target"
)

// connectingModel is a model at w×h whose connection has not come up.
func connectingModel(w, h int) *Model {
	c := newClock()
	m := New(context.Background(), nil, c.opts("http://127.0.0.1:9/mcp"))
	m.gen = 1
	m.sess = &session{gen: 1, box: newMailbox()}
	m.state, m.header.state = stateConnecting, stateConnecting
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// When no browser can be opened, the connecting screen says why and shows
// the whole sign-in URL (wrapped, not cut), and y copies it even though
// the other keys wait for the tool list.
func TestConnectingScreenShowsSignInURLWhenTheBrowserFails(t *testing.T) {
	m := connectingModel(100, 30)
	u := "http://127.0.0.1:4444/authorize?client_id=dcr-client&code_challenge=" + strings.Repeat("x", 120) + "&state=s"
	m.Update(eventsMsg{gen: 1, events: []any{
		authEvent{target.AuthEvent{Kind: target.AuthStep, Step: "resource-metadata", Detail: "http://127.0.0.1:9/mcp"}},
		authEvent{target.AuthEvent{Kind: target.AuthURL, URL: u}},
		authEvent{target.AuthEvent{Kind: target.AuthNoBrowser, URL: u, Detail: "no desktop to open a browser on"}},
	}})
	got := screen(m)
	for _, want := range []string{"Sign in", "No browser could be opened (no desktop to open a browser on)", "signing in…", "resource-metadata", "y copy sign-in URL"} {
		if !strings.Contains(got, want) {
			t.Errorf("screen lacks %q:\n%s", want, got)
		}
	}
	if whole := strings.ReplaceAll(ansi.Strip(m.auth.View()), "\n", ""); !strings.Contains(whole, u) {
		t.Errorf("the URL is not shown whole:\n%s", m.auth.View())
	}
	_, cmd := m.Update(keyMsg("y"))
	if cmd == nil || !strings.Contains(m.status, "copied the sign-in URL") {
		t.Fatalf("y did not copy the URL (status %q)", m.status)
	}
	if len(m.early) != 0 {
		t.Errorf("y was kept for the tool list too: %v", m.early)
	}
	if msg := cmd(); fmt.Sprint(msg) != u {
		t.Errorf("y put %v on the clipboard, want the URL", msg)
	}
}

// Once signed in, the header says as whom (never a token) and A shows
// the scopes and the expiry.
func TestHeaderSaysSignedInAsAndAShowsScopes(t *testing.T) {
	m, c := newTestModel(t, 120, 30)
	exp := c.now().Add(59 * 60e9)
	m.Update(eventsMsg{gen: m.gen, events: []any{authEvent{target.AuthEvent{Kind: target.AuthSignedIn,
		Who: &target.SignedIn{As: "Alice <alice@example.com>", Issuer: "https://as.example", ClientID: "c1", Scopes: []string{"read", "offline_access"}, Expiry: exp, Refreshable: true}}}}})
	if got := screen(m); !strings.Contains(strings.SplitN(got, "\n", 2)[0], "signed in as Alice <alice@example.com>") {
		t.Errorf("header: %q", strings.SplitN(got, "\n", 2)[0])
	}
	press(m, "A")
	got := screen(m)
	for _, want := range []string{"Signed in as Alice", "https://as.example", "read offline_access", "(in 59m0s)", "refreshed silently"} {
		if !strings.Contains(got, want) {
			t.Errorf("auth view lacks %q:\n%s", want, got)
		}
	}
	press(m, "A")
	if strings.Contains(screen(m), "read offline_access") {
		t.Error("A did not close the auth view")
	}
}
