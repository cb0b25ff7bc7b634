package devloop

import (
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil/tokentest"
	"github.com/mcpdev/mcpdev/sdk"
)

// A shorter description costs fewer tokens: the summary says how many; the
// same cost says nothing.
func TestDiffToolsTokenChange(t *testing.T) {
	long := tool("t", strings.Repeat("Finds books by title. ", 20), `{"type":"object"}`, nil)
	short := tool("t", "Finds books by title.", `{"type":"object"}`, nil)
	d := DiffTools([]sdk.ToolInfo{long}, []sdk.ToolInfo{short})
	want := tokentest.TokenDelta([]sdk.ToolInfo{long}, []sdk.ToolInfo{short})
	if !strings.HasPrefix(want, "−") || d.Summary() != "tools: 1 changed · "+want {
		t.Errorf("summary %q, want the change %s", d.Summary(), want)
	}
	same := DiffTools([]sdk.ToolInfo{short}, []sdk.ToolInfo{short})
	if same.Tokens.Delta() != 0 || same.Summary() != "no change to the tools" {
		t.Errorf("same list: %q (%+v)", same.Summary(), same.Tokens)
	}
	if got := (TokenChange{Before: 100, After: 1334}).String(); got != "+1,234 tokens" {
		t.Errorf("grouped: %q", got)
	}
}
