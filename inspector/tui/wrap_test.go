package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/sdk"
)

func TestWrapWords(t *testing.T) {
	tests := []struct {
		s    string
		w    int
		want string
	}{
		{"open /tmp/go-build-1234/foo-bar: denied", 20, "open\n/tmp/go-build-1234/\nfoo-bar: denied"},
		{"run /tmp/go-build/x-y now", 20, "run\n/tmp/go-build/x-y\nnow"},
		{"    indented line that wraps", 16, "    indented\nline that wraps"},
		{"a  b", 10, "a  b"},
		{"  lead and trail ", 8, "  lead\nand\ntrail "},
		{"aaaa bbbb cccc", 9, "aaaa bbbb\ncccc"},
		{"", 10, ""},
		{"one\ntwo-three four", 9, "one\ntwo-three\nfour"},
		{"日本語のテキスト", 6, "日本語\nのテキ\nスト"},
	}
	for _, tt := range tests {
		got := wrapWords(tt.s, tt.w)
		if got != tt.want {
			t.Errorf("wrapWords(%q, %d) = %q, want %q", tt.s, tt.w, got, tt.want)
		}
		for _, l := range strings.Split(got, "\n") {
			if ansi.StringWidth(l) > tt.w {
				t.Errorf("wrapWords(%q, %d): line %q is wider than %d", tt.s, tt.w, l, tt.w)
			}
		}
	}
}

// A huge word (a megabyte of stderr without a space) is cut in one pass:
// every character kept, no line wider than the pane.
func TestWrapWordsHugeWord(t *testing.T) {
	s := strings.Repeat("abcdefghi/", 1<<17)
	got := wrapWords(s, 80)
	if strings.ReplaceAll(got, "\n", "") != s {
		t.Fatal("the wrapped word lost or gained characters")
	}
	for _, l := range strings.Split(got, "\n") {
		if len(l) > 80 {
			t.Fatalf("line of %d columns in 80", len(l))
		}
	}
}

// BenchmarkWrapText compares wrapWords with ansi.Wrap on a result's worth
// of prose with paths and ids (1 MiB, 100 columns).
func BenchmarkWrapText(b *testing.B) {
	var sb strings.Builder
	for sb.Len() < 1<<20 {
		sb.WriteString("The build in /tmp/go-build-1234567890/b001/exe/foo-bar wrote 6b3180b3-2384-4292-b528-7e394502956b and more words to wrap here. ")
		if sb.Len()%7 == 0 {
			sb.WriteString("\n")
		}
	}
	s := sb.String()
	b.Run("ansi.Wrap", func(b *testing.B) {
		b.SetBytes(int64(len(s)))
		for b.Loop() {
			_ = ansi.Wrap(s, 100, "")
		}
	})
	b.Run("wrapWords", func(b *testing.B) {
		b.SetBytes(int64(len(s)))
		for b.Loop() {
			_ = wrapWords(s, 100)
		}
	})
}

// FuzzWrapWords: whatever the text, no line is wider than the width, and
// every character but the spaces at the breaks is kept, in order.
func FuzzWrapWords(f *testing.F) {
	f.Add("open /tmp/go-build-1234/foo-bar: denied", 20)
	f.Add("  a  b   c ", 3)
	f.Add(strings.Repeat("x/", 40), 7)
	f.Fuzz(func(t *testing.T, s string, w int) {
		w = 1 + (w%200+200)%200
		for _, c := range s {
			if c < 0x20 && c != '\n' || c >= 0x7f {
				return // printable ASCII: widths are lengths
			}
		}
		got := wrapWords(s, w)
		for _, l := range strings.Split(got, "\n") {
			if len(l) > w {
				t.Fatalf("wrapWords(%q, %d): line %q is wider than %d", s, w, l, w)
			}
		}
		squash := func(s string) string { return strings.NewReplacer(" ", "", "\n", "").Replace(s) }
		if squash(got) != squash(s) {
			t.Fatalf("wrapWords(%q, %d) = %q: characters lost or added", s, w, got)
		}
	})
}

// A tool result's text keeps an id (or a path) whole on a line: it was
// broken after a hyphen (server-everything's "Elicitation ID: 6b3180b3-
// 2384-…" at 80 columns), so it could not be copied from the screen.
func TestResultKeepsIDsWhole(t *testing.T) {
	const id = "6b3180b3-2384-4292-b528-7e394502956b"
	st := NewStyles(true)
	p := newResultPane(&st)
	p.SetSize(66, 10)
	text := "❌ User declined to open the URL (Elicitation ID: " + id + ")."
	p.finish("trigger-url-elicitation", callDoneMsg{view: prepareResult(&sdk.CallToolResult{Content: []sdk.Content{sdk.Text(text)}}, sdk.ToolInfo{})})
	if view := ansi.Strip(p.View(time.Time{})); !strings.Contains(view, id) {
		t.Errorf("the id %s is not whole on one line:\n%s", id, view)
	}
}
