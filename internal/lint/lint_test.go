package lint_test

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/lint"
	"github.com/mcpdev/mcpdev/internal/lint/strict"
	"github.com/mcpdev/mcpdev/sdk"
)

// seeded is a fixture tool and the rule IDs it is seeded with.
type seeded struct {
	sdk.ToolInfo
	Want []string `json:"want"`
}

// fixture reads testdata/defects.json, the tools defects.py serves.
func fixture(t *testing.T) []seeded {
	t.Helper()
	raw, err := os.ReadFile("testdata/defects.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct{ Tools []seeded }
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Tools
}

// fillers are clean tools, as many as defects.py adds.
func fillers(n int) []sdk.ToolInfo {
	out := make([]sdk.ToolInfo, n)
	for i := range out {
		out[i] = sdk.ToolInfo{Name: fmt.Sprintf("filler_%03d", i), Description: "Fills the list up.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{}}`)}
	}
	return out
}

// Each seeded tool yields exactly the rule IDs it was seeded with, with
// either schema checker, and the list as a whole the tool count's.
func TestFixtureYieldsSeededRules(t *testing.T) {
	checkers := map[string]lint.Checker{"sdk": lint.SDKChecker{}, "strict": strict.Checker{}}
	for name, c := range checkers {
		t.Run(name, func(t *testing.T) {
			fx := fixture(t)
			var tools []sdk.ToolInfo
			for _, s := range fx {
				tools = append(tools, s.ToolInfo)
			}
			tools = append(tools, fillers(111)...)
			got := lint.ByTool(lint.Tools(tools, &lint.Options{Clients: lint.Clients, Checker: c}))
			done := map[string]bool{}
			for _, s := range fx {
				if done[s.Name] {
					continue // dup_tool: both are one name
				}
				done[s.Name] = true
				want := wantOf(fx, s.Name)
				// output-mismatch needs a call: TestCheckResult.
				want = slices.DeleteFunc(want, func(id string) bool { return id == lint.RuleOutputMismatch })
				if ids := uniq(lint.IDs(got[s.Name])); !slices.Equal(ids, want) {
					t.Errorf("tool %q: rules %v, want %v\n%s", s.Name, ids, want, dump(got[s.Name]))
				}
			}
			if ids := lint.IDs(got[""]); !slices.Equal(ids, []string{lint.RuleClientToolCount, lint.RuleClientToolCount}) {
				t.Errorf("list: rules %v, want client-tool-count for openai+vscode and for cursor\n%s", ids, dump(got[""]))
			}
		})
	}
}

func wantOf(fx []seeded, name string) []string {
	var want []string
	for _, s := range fx {
		if s.Name == name {
			want = append(want, s.Want...)
		}
	}
	slices.Sort(want)
	return uniq(want)
}

func uniq(ids []string) []string { return slices.Compact(slices.Clone(ids)) }

func dump(fs []lint.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "  %s %s %s: %s %v\n", f.Severity, f.Rule, f.Path, f.Message, f.Clients)
	}
	return b.String()
}

// A result whose structuredContent breaks the output schema, or that has
// none, is output-mismatch; a matching one and an isError one are not.
func TestCheckResult(t *testing.T) {
	var tool sdk.ToolInfo
	for _, s := range fixture(t) {
		if s.Name == "output_mismatch" {
			tool = s.ToolInfo
		}
	}
	tests := []struct {
		name string
		res  sdk.CallToolResult
		want int
	}{
		{"wrong type", sdk.CallToolResult{StructuredContent: json.RawMessage(`{"n":"many"}`)}, 1},
		{"missing", sdk.CallToolResult{Content: []sdk.Content{{Type: "text", Text: "3"}}}, 1},
		{"matches", sdk.CallToolResult{StructuredContent: json.RawMessage(`{"n":3}`)}, 0},
		{"isError", sdk.CallToolResult{IsError: true}, 0},
	}
	for _, tt := range tests {
		for name, c := range map[string]lint.Checker{"sdk": lint.SDKChecker{}, "strict": strict.Checker{}} {
			fs := lint.CheckResult(tool, &tt.res, &lint.Options{Checker: c})
			if len(fs) != tt.want {
				t.Errorf("%s (%s): %d findings, want %d\n%s", tt.name, name, len(fs), tt.want, dump(fs))
			}
		}
	}
}
