package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// When the server cannot be started, the tool list says so instead of
// waiting for a list that will never come.
func TestToolsPaneSaysServerUnreachable(t *testing.T) {
	m := New(context.Background(), nil, Options{Dark: dark()})
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 24})
	m.Update(connectFailedMsg{gen: m.gen, err: fmt.Errorf("start"), report: "cannot connect to ./nope: executable not found"})
	s := screen(m)
	if strings.Contains(s, "listing tools") || !strings.Contains(s, "no tools: the server") || !strings.Contains(s, "be reached") {
		t.Errorf("tools pane after a failed connect:\n%s", s)
	}
}
