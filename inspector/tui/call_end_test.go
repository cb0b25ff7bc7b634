package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
)

// The help bar's "cancelling …" goes when the cancelled call ends, not at
// the next key.
func TestCancellingClearedWhenCancelCompletes(t *testing.T) {
	m, _ := newTestModel(t, 80, 24)
	press(m, "enter", "ctrl+r", "esc")
	if got := helpLines(m)[0]; !strings.Contains(got, "cancelling search_books…") {
		t.Fatalf("after esc the help bar says %q", got)
	}
	finishCall(m, nil, context.Canceled, 300*time.Millisecond)
	if got := helpLines(m)[0]; strings.Contains(got, "cancelling") || !strings.Contains(got, "? more keys") {
		t.Errorf("the call was cancelled, yet the help bar says %q", got)
	}
	if s := screen(m); !strings.Contains(s, "⊘ cancelled after 300ms") {
		t.Errorf("cancelled screen:\n%s", s)
	}
}

// A call ended by a dropped connection says which tool it was.
func TestDroppedConnectionNamesTheTool(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	press(m, "down", "down", "enter")
	typeText(m, "Paris")
	press(m, "ctrl+r")
	finishCall(m, nil, fmt.Errorf("call: %w", sdk.ErrConnectionClosed), time.Second)
	s := screen(m)
	for _, want := range []string{
		"✗ failed · get_weather · 1.0s",
		"The connection to the server closed before get_weather answered",
		"the connection closed during the call to get_weather",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("screen lacks %q:\n%s", want, s)
		}
	}
}
