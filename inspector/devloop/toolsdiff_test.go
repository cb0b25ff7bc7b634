package devloop

import (
	"encoding/json"
	"strings"
	"testing"

	udiff "github.com/aymanbagabas/go-udiff"

	"github.com/mcpdev/mcpdev/internal/testutil/tokentest"
	"github.com/mcpdev/mcpdev/sdk"
)

func tool(name, desc, schema string, ann *sdk.ToolAnnotations) sdk.ToolInfo {
	return sdk.ToolInfo{Name: name, Description: desc, InputSchema: json.RawMessage(schema), Annotations: ann}
}

func TestDiffTools(t *testing.T) {
	search := `{"type":"object","properties":{"query":{"type":"string"},"limit":{"type":"integer","maximum":50,"description":"Max."}},"required":["query"]}`
	before := []sdk.ToolInfo{
		tool("search_books", "Search.", search, nil),
		tool("get_book", "Get.", `{"type":"object","properties":{"id":{"type":"string"}}}`, &sdk.ToolAnnotations{ReadOnlyHint: sdk.Bool(true)}),
		tool("old_tool", "", `{"type":"object"}`, nil),
	}
	after := []sdk.ToolInfo{
		tool("search_books", "Search.", `{"type":"object","properties":{"query":{"type":"string"},"limit":{"type":"integer","maximum":100,"description":"Maximum."},"genre":{"type":"string"}},"required":["query","limit"]}`, nil),
		tool("get_book", "Get one book.", `{"type":"object","properties":{"id":{"type":"string"}}}`, &sdk.ToolAnnotations{ReadOnlyHint: sdk.Bool(true), IdempotentHint: sdk.Bool(true)}),
		tool("add_book", "", `{"type":"object","properties":{"title":{"type":"string"}},"required":["title"]}`, nil),
	}
	d := DiffTools(before, after)
	want := `tools: 1 added, 1 removed, 2 changed, 3 new lint findings · ` + tokentest.TokenDelta(before, after) + `
+ add_book(title)
- old_tool
~ search_books
    argument limit required: false → true
    argument limit constraints: integer · ≤ 50 → integer · ≤ 100
    argument limit description: "Max." → "Maximum."
    argument genre: added string
~ get_book
    description: "Get." → "Get one book."
    annotations.idempotentHint: added true
! search_books: warning param-undescribed /inputSchema/properties/genre: the property has no description
! add_book: warning description-missing /description: the tool has no description; a model picks tools by their descriptions
! add_book: warning param-undescribed /inputSchema/properties/title: the property has no description`
	if got := d.String(); got != want {
		t.Errorf("diff:\n%s\nwant:\n%s\n(-want +got):\n%s", got, want, strings.TrimRight(udiff.Unified("want", "got", want+"\n", got+"\n"), "\n"))
	}
	if d.Empty() {
		t.Error("Empty() on a diff")
	}
	if same := DiffTools(after, after); !same.Empty() || same.Summary() != "no change to the tools" {
		t.Errorf("same lists: %s", same)
	}
}

func TestDiffToolsSchemaFormattingIsNoChange(t *testing.T) {
	a := tool("t", "", `{"type":"object","properties":{"x":{"type":"string"}}}`, nil)
	b := tool("t", "", "{\n  \"properties\": {\"x\": {\"type\": \"string\"}},\n  \"type\": \"object\"\n}", nil)
	if d := DiffTools([]sdk.ToolInfo{a}, []sdk.ToolInfo{b}); !d.Empty() {
		t.Errorf("reformatted schema reported: %s", d)
	}
}

func TestDiffToolsOutputSchemaAndOpaqueSchemaChange(t *testing.T) {
	a := tool("t", "", `{"type":"object","properties":{"x":{"type":"string"}}}`, nil)
	b := a
	b.InputSchema = json.RawMessage(`{"type":"object","properties":{"x":{"type":"string"}},"additionalProperties":false}`)
	b.OutputSchema = json.RawMessage(`{"type":"object"}`)
	got := DiffTools([]sdk.ToolInfo{a}, []sdk.ToolInfo{b}).String()
	for _, want := range []string{"inputSchema: (same arguments) → changed", "outputSchema: added declared"} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
}

func TestDiffToolsArgumentsInTheFormsWording(t *testing.T) {
	a := tool("t", "", `{"type":"object","properties":{"x":{"type":"integer","minimum":1},"z":{"enum":["a","b"]}}}`, nil)
	b := tool("t", "", `{"type":"object","properties":{"x":{"type":"string"},"y":{"type":"integer","maximum":5},"z":{"enum":["a","b","c"]}},"required":["x","y"]}`, nil)
	got := DiffTools([]sdk.ToolInfo{a}, []sdk.ToolInfo{b}).String()
	want := `tools: 1 changed, 1 new lint finding · ` + tokentest.TokenDelta([]sdk.ToolInfo{a}, []sdk.ToolInfo{b}) + `
~ t
    argument x type: integer · ≥ 1 → string
    argument x required: false → true
    argument y: added integer · ≤ 5, required
    argument z constraints: one of a, b → one of a, b, c
! t: warning param-undescribed /inputSchema/properties/y: the property has no description`
	if got != want {
		t.Errorf("(-want +got):\n%s", udiff.Unified("want", "got", want+"\n", got+"\n"))
	}
}

// A description is cut by grapheme cluster: a change inside a ZWJ emoji
// sequence at the cut is still a change, and no sequence is split.
func TestDiffToolsDescriptionCutByGrapheme(t *testing.T) {
	pad := strings.Repeat("x", 56)
	a := tool("t", pad+"👩‍👩‍👧‍👦", `{"type":"object"}`, nil)
	b := tool("t", pad+"👩‍👩‍👧‍👧", `{"type":"object"}`, nil)
	d := DiffTools([]sdk.ToolInfo{a}, []sdk.ToolInfo{b})
	if d.Empty() || !strings.Contains(d.String(), `\u200d👦" → "`) || !strings.HasSuffix(d.String(), `\u200d👧"`) {
		t.Errorf("the changed family is not reported whole:\n%s", d)
	}
}

// A save's change list names the lint findings the new list has and the
// old did not; one fixed, or one both have, is not listed.
func TestDiffToolsNewLintFindings(t *testing.T) {
	a := tool("find", "Finds books by title.", `{"type":"object","properties":{"q":{"type":"string"},"n":{"type":"integer"}}}`, nil)
	b := tool("find", "Finds.", `{"type":"object","properties":{"q":{"type":"string","description":"Words of the title."},"n":{"type":"integer"}}}`, nil)
	d := DiffTools([]sdk.ToolInfo{a}, []sdk.ToolInfo{b})
	if len(d.Lint) != 1 || d.Lint[0].Rule != "description-short" {
		t.Fatalf("new findings %+v, want description-short only (q was fixed, n was undescribed before too)", d.Lint)
	}
	if !strings.HasSuffix(d.String(), "! find: warning description-short /description: the description is one word") {
		t.Errorf("the change list does not end with the finding:\n%s", d)
	}
	if same := DiffTools([]sdk.ToolInfo{a}, []sdk.ToolInfo{a}); !same.Empty() {
		t.Errorf("an unchanged list has changes: %s", same)
	}
}
