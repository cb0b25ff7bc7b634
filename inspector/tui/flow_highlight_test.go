package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/internal/peers"
	"github.com/mcpdev/mcpdev/sdk"
)

// server-everything's first resource is Markdown: read in two keys, its
// heading shows in the section colour, the rest of the screen unchanged.
func TestFlowHighlightsMarkdownResource(t *testing.T) {
	node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
	f := startSizedFlow(t, commandConnector(node, files[0], "stdio"), "server-everything", 120, 40)
	f.waitFor("legacy era")
	f.keys("r", "enter")
	f.waitFor("# Everything Server", "✓ ok · read demo://")
	f.finish()
	if raw, want := f.m.View().Content, f.m.st.Section.Render("# Everything Server – Architecture"); !strings.Contains(raw, want) {
		t.Errorf("the Markdown heading is not highlighted: want %q in the result pane", want)
	}
}

// A highlighted resource wraps exactly as the plain text would: the same
// visible lines at every width, only colours added.
func TestHighlightedResourceWrapsAsPlain(t *testing.T) {
	src := "package main\n\n// main prints a greeting that is long enough to wrap in a narrow pane.\nfunc main() {\n\tprintln(\"hello, \x1b[31mworld\x1b[0m\", 42)\n}"
	read := func(mime string) *sdk.ReadResourceResult {
		return &sdk.ReadResourceResult{Contents: []sdk.ResourceContents{{URI: "file:///x/main.go", MimeType: mime, Text: src}}}
	}
	st := NewStyles(true)
	for _, w := range []int{12, 30, 80} {
		code, plain := newResultPane(&st), newResultPane(&st)
		code.data, plain.data = prepareContents(read("text/x-go")), prepareContents(read("application/x-unknown"))
		code.width, plain.width = w, w
		got, want := code.dataLines(), plain.dataLines()
		if !strings.Contains(strings.Join(got, "\n"), st.CodeKeyword.Render("package")) {
			t.Errorf("width %d: Go source not highlighted", w)
		}
		got[0], want[0] = "", "" // the headers name the MIME types
		if g, wt := ansi.Strip(strings.Join(got, "\n")), ansi.Strip(strings.Join(want, "\n")); g != wt {
			t.Errorf("width %d (-want +got):\n-%s\n+%s", w, wt, g)
		}
	}
}

// A content's header wider than the pane (a long URI and its MIME type)
// is cut with an ellipsis; one that fits is drawn across the pane.
func TestContentHeaderCutShowsEllipsis(t *testing.T) {
	read := &sdk.ReadResourceResult{Contents: []sdk.ResourceContents{{URI: "demo://resource/static/document/architecture.md", MimeType: "text/markdown", Text: "# A"}}}
	st := NewStyles(true)
	tests := []struct {
		width int
		want  string
	}{
		{54, "── content 1/1 · embedded resource · demo://resource/…"},
		{103, "── content 1/1 · embedded resource · demo://resource/static/document/architecture.md · text/markdown ──"},
	}
	for _, tt := range tests {
		p := newResultPane(&st)
		p.data, p.width = prepareContents(read), tt.width
		got := ansi.Strip(p.dataLines()[0])
		if got != tt.want || ansi.StringWidth(got) != tt.width {
			t.Errorf("width %d: header (-want +got):\n-%q\n+%q", tt.width, tt.want, got)
		}
	}
}
