package tui

import (
	"context"
	"testing"
)

// What signing in to a protected server prints reaches the logs pane, a
// line an event, at level auth.
func TestSignInLinesGoToTheLogsPane(t *testing.T) {
	box := newMailbox()
	_, _ = connectOptions(box, newAsker(context.Background(), box, nil)).AuthOut.Write([]byte("mcpdev: auth: token bearer token\nmcpdev: sign in at http://as/authorize?x=1\n"))
	var got []string
	for _, v := range box.take() {
		ev, ok := v.(logEvent)
		if !ok || ev.level != "auth" {
			t.Fatalf("event %#v", v)
		}
		got = append(got, ev.text)
	}
	if len(got) != 2 || got[0] != "auth: token bearer token" || got[1] != "sign in at http://as/authorize?x=1" {
		t.Errorf("logged %q", got)
	}
}
