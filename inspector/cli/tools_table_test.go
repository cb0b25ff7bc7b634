package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/sdk"
)

// The tools table keeps its columns in line on a terminal when a name
// holds a ZWJ emoji sequence (2 cells, 7 code points) or CJK text.
func TestToolsTableAlignsByGrapheme(t *testing.T) {
	schema := json.RawMessage(`{"type":"object"}`)
	var b strings.Builder
	writeToolsTable(&b, []sdk.ToolInfo{
		{Name: "family_👩‍👩‍👧‍👦", Title: "Family", InputSchema: schema},
		{Name: "書籍", Title: "Books", InputSchema: schema},
		{Name: "plain", Title: "Plain", InputSchema: schema},
	}, nil)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	col := func(l, word string) int { return ansi.StringWidth(l[:strings.Index(l, word)]) }
	want := col(lines[0], "TITLE")
	for i, word := range []string{"Family", "Books", "Plain"} {
		if got := col(lines[i+1], word); got != want {
			t.Errorf("row %q: the title starts at column %d, the header's at %d", lines[i+1], got, want)
		}
	}
}
