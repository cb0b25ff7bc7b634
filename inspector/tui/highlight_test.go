package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/internal/termtext"
)

func TestHighlightByType(t *testing.T) {
	st := NewStyles(true)
	hostile := "package main\n// \x1b]52;c;SGFja2Vk\x07\x1b[2J evil\nfunc main() { println(\"\x1b[31mred\x9b2J\") }"
	tests := []struct {
		name, mime, uri, text string
		colored               bool
	}{
		{"JSON by MIME", "application/json", "", `{"a": 1, "b": [true, null, "x"]}`, true},
		{"JSON suffix", "application/schema+json", "", `{"a": 1}`, true},
		{"Markdown", "text/markdown", "", "# Title\n\nSome *emphasis* and **strong** text.\n\n```go\nx := 1\n```", true},
		{"Go by MIME", "text/x-go", "", "package main\n\nfunc main() { return 42 }", true},
		{"Python by MIME", "text/x-python", "", "def f():\n    return 'x'  # c", true},
		{"JavaScript by MIME", "application/javascript", "", "const a = 1; // c", true},
		{"Go by extension", "", "file:///src/main.go?x=1", "package main\nvar x = 1", true},
		{"Go by extension under text/plain", "text/plain", "file:///a/b.go", "package main", true},
		{"plain text", "text/plain", "file:///a/notes.txt", "just words", false},
		{"unknown type", "application/x-nothing-known", "test://static/resource/1", "func if 1", false},
		{"no type no extension", "", "test://static/resource/1", "package main", false},
		{"over the limit", "text/x-go", "", "package main\n" + strings.Repeat("var x = 1\n", highlightLimit/10), false},
		{"hostile Go", "text/x-go", "", hostile, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			safe := termtext.Text(tt.text)
			got := highlight(&st, codeLexer(tt.mime, tt.uri), safe)
			if !tt.colored {
				if got != nil {
					t.Fatalf("highlighted, want plain: %q", got)
				}
				return
			}
			if got == nil {
				t.Fatal("shown plain, want highlighted")
			}
			plain := strings.Split(safe, "\n")
			if want, vis := strings.Join(plain, "\n"), strings.Join(stripAll(got), "\n"); vis != want {
				t.Errorf("visible text changed (-want +got):\n-%q\n+%q", want, vis)
			}
			if !strings.Contains(strings.Join(got, "\n"), "\x1b[") {
				t.Errorf("no colour in %q", got)
			}
			for i, l := range got {
				if w, pw := ansi.StringWidth(l), ansi.StringWidth(plain[i]); w != pw {
					t.Errorf("line %d is %d columns, the plain one %d", i, w, pw)
				}
				if s := termtext.Styled(l); s != l {
					t.Errorf("line %d carries more than SGR: %q", i, l)
				}
			}
		})
	}
}

func stripAll(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = ansi.Strip(l)
	}
	return out
}
