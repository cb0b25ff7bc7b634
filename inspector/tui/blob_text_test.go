package tui

import (
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/sdk"
)

// readScreen is the Result pane's screen after a read that returned res.
func readScreen(t *testing.T, res *sdk.ReadResourceResult) string {
	t.Helper()
	st := NewStyles(true)
	p := newResultPane(&st)
	p.SetSize(80, 40)
	p.finish("read", callDoneMsg{view: prepareContents(res)})
	return ansi.Strip(p.View(time.Time{}))
}

// A blob with a text MIME type whose bytes are UTF-8 shows its text (as
// a text resource does, JSON pretty-printed); one that is not stays
// described. Each blob's save note sits under its own block.
func TestTextBlobShowsItsBodyAndNoteUnderIt(t *testing.T) {
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	s := readScreen(t, &sdk.ReadResourceResult{Contents: []sdk.ResourceContents{
		{URI: "file:///notes.txt", MimeType: "text/plain; charset=utf-8", Blob: b64("Hello from a blob.\nSecond line ✓")},
		{URI: "file:///logo.txt", MimeType: "text/plain", Blob: "iVBORw0KGgo="},
		{URI: "file:///cfg.json", MimeType: "application/json", Blob: b64(`{"name":"blob"}`)},
		{URI: "file:///after.txt", MimeType: "text/plain", Text: "a text resource"},
	}})
	for _, want := range []string{"Hello from a blob.", "Second line ✓", `"name": "blob"`} {
		if !strings.Contains(s, want) {
			t.Errorf("the text blob's body lacks %q:\n%s", want, s)
		}
	}
	order := []string{
		"content 1/4", "Hello from a blob.", "s saves it as mcpdev-resource-1.txt",
		"content 2/4", "s saves it as mcpdev-resource-2.txt",
		"content 3/4", `"name": "blob"`, "s saves it as mcpdev-resource-3.json",
		"content 4/4", "a text resource",
	}
	rest := s
	for _, w := range order {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("%q missing or out of order (want %q):\n%s", w, order, s)
		}
		rest = rest[i+len(w):]
	}
	if strings.Contains(s, "\x89") || strings.Contains(s, "PNG") {
		t.Errorf("the binary blob is printed:\n%s", s)
	}
}
