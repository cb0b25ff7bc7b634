package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// A log line wider than the pane is wrapped, not cut: every word of it is
// on screen, no line is wider than the pane, and the entries around it
// still show.
func TestLogsPaneWrapsLongLines(t *testing.T) {
	st := NewStyles(true)
	p := logsPane{st: &st}
	p.SetSize(50, 12)
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	var words []string
	for i := range 30 {
		words = append(words, "word"+string(rune('a'+i%26))+strings.Repeat("z", i%4))
	}
	long := strings.Join(words, " ")
	p.add(logEvent{at: at, level: "stderr", text: "before"})
	p.add(logEvent{at: at, level: "error", text: long})
	p.add(logEvent{at: at, level: "stderr", text: "after"})

	view := ansi.Strip(p.View())
	lines := strings.Split(view, "\n")
	for _, l := range lines {
		if ansi.StringWidth(l) > 50 {
			t.Errorf("line wider than the pane: %q", l)
		}
	}
	flat := strings.Join(strings.Fields(view), " ")
	for _, want := range append(words, "before", "after") {
		if !strings.Contains(flat, want) {
			t.Errorf("%q is not on screen:\n%s", want, view)
		}
	}
	if len(lines) > 12 {
		t.Errorf("%d lines in a pane 12 high", len(lines))
	}
}

// A megabyte in one line wraps to a bounded number of screen lines.
func TestLogsPaneBoundsHugeLine(t *testing.T) {
	st := NewStyles(true)
	p := logsPane{st: &st}
	p.SetSize(80, 200)
	p.add(logEvent{at: time.Now(), level: "stderr", text: strings.Repeat("x", 1<<20)})
	if n := len(strings.Split(p.View(), "\n")); n > maxEntryLines {
		t.Errorf("one entry took %d lines", n)
	}
}

// A path in a log line stays whole when it fits on a line: the logs
// broke it after a hyphen (/tmp/go-build-1234567890/b001/exe/some- |
// long-server-name), as the server-trouble report did.
func TestLogsPaneKeepsPathsWhole(t *testing.T) {
	const path = "/tmp/go-build-1234567890/b001/exe/some-long-server-name"
	st := NewStyles(true)
	p := logsPane{st: &st}
	p.SetSize(66, 12)
	p.add(logEvent{at: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC), level: "stderr", text: "path: " + path + " here"})
	if view := ansi.Strip(p.View()); !strings.Contains(view, path) {
		t.Errorf("the path %q is not whole on one line:\n%s", path, view)
	}
}

// A level the server made up is padded by its width on the terminal: the
// message starts in the same column after a ZWJ emoji sequence or CJK
// text as after "info".
func TestLogsPaneLevelPaddedByGrapheme(t *testing.T) {
	st := NewStyles(true)
	p := logsPane{st: &st}
	p.SetSize(80, 12)
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, lv := range []string{"info", "👩‍👩‍👧‍👦", "警告"} {
		p.add(logEvent{at: at, level: lv, text: "MSG"})
	}
	var cols []int
	for _, l := range strings.Split(ansi.Strip(p.View()), "\n") {
		if i := strings.Index(l, "MSG"); i >= 0 {
			cols = append(cols, ansi.StringWidth(l[:i]))
		}
	}
	if len(cols) != 3 || cols[1] != cols[0] || cols[2] != cols[0] {
		t.Errorf("the messages start at columns %v", cols)
	}
}
