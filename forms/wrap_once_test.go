package forms

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestEnumHintWrapsOnce: a field's hint (its constraints and description)
// wraps at spaces, once, to the field's width, at every width: words such
// as "(hero-2)," are never split ("(hero-" / "2),"), so the hint reads as
// the text it is; after a resize it wraps to the new width. huh's own wrap
// breaks after "-" and "," and lets such a character pass the width, and
// the field's frame wrapped that line a second time (issue 16's note).
func TestEnumHintWrapsOnce(t *testing.T) {
	schema := `{"type":"object","properties":{"hero":{"type":"string","description":"Choose your favorite hero",
		"oneOf":[{"const":"hero-1","title":"Superman"},{"const":"hero-2","title":"Green Lantern"},{"const":"hero-3","title":"Wonder Woman"}],"default":"hero-1"}}}`
	hint := `one of Superman (hero-1), Green Lantern (hero-2), Wonder Woman (hero-3) · default "hero-1" — Choose your favorite hero`
	words := strings.Fields(hint)
	check := func(f *Form, w int) {
		t.Helper()
		lines := strings.Split(plainView(f), "\n")
		var got []string
		for _, l := range lines[1 : len(lines)-1] { // the title, the hint, the select
			got = append(got, strings.Fields(strings.TrimPrefix(strings.TrimSpace(l), "┃"))...)
		}
		if strings.Join(got, " ") != strings.Join(words, " ") {
			t.Errorf("width %d: the hint's lines are not its words wrapped at spaces:\n%s", w, strings.Join(lines, "\n"))
		}
		for _, l := range lines {
			if n := ansi.StringWidth(l); n > w {
				t.Errorf("width %d: a line is %d wide: %q", w, n, l)
			}
		}
	}
	for w := 30; w <= 90; w++ {
		f := mustNew(t, schema, &Options{Width: w})
		check(f, w)
		f.SetSize(w+7, 0)
		check(f, w+7)
	}
}

// TestWrapAtSpaces: lines break at spaces only, keep their indent, and a
// word wider than the width (a URL, wide characters) is cut into pieces
// that fit, losing nothing.
func TestWrapAtSpaces(t *testing.T) {
	tests := []struct {
		s    string
		w    int
		want string
	}{
		{"one of Superman (hero-1), Green Lantern (hero-2)", 30, "one of Superman (hero-1),\nGreen Lantern (hero-2)"},
		{"  indented text\nnext", 10, "  indented\ntext\nnext"},
		{"https://example.com/a/very/long/path", 12, "https://exam\nple.com/a/ve\nry/long/path"},
		{"中文中文中文", 5, "中文\n中文\n中文"},
		{"a\n\nb", 10, "a\n\nb"},
	}
	for _, tt := range tests {
		if got := wrapAtSpaces(tt.s, tt.w); got != tt.want {
			t.Errorf("wrapAtSpaces(%q, %d) (-want +got):\n-%q\n+%q", tt.s, tt.w, tt.want, got)
		}
	}
}
