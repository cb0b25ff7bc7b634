package sdktest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdktest"
)

// recorder is a testing.TB that keeps the failures Lint reports instead
// of failing the test.
type recorder struct {
	testing.TB
	errors []string
	fatal  string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) { r.fatal = fmt.Sprintf(format, args...) }
func (r *recorder) Helper()                           {}

type noteArgs struct {
	Text string `json:"text" jsonschema:"description=The note's text."`
}

func lintServer(schema string) *sdk.Server {
	s := sdk.NewServer("lint", nil)
	opts := &sdk.ToolOptions{Name: "add_note", Description: "Adds a note to the notebook and returns its id."}
	if schema != "" {
		opts.InputSchema = json.RawMessage(schema)
	}
	sdk.Tool(s, func(context.Context, noteArgs) (string, error) { return "1", nil }, opts)
	return s
}

// Lint fails the test once per finding, naming the rule, the tool and
// the place; a clean server passes; client rules run only when asked.
func TestLint(t *testing.T) {
	const undescribed = `{"type":"object","properties":{"text":{"type":"string","format":"email"}},"required":["text"]}`
	tests := []struct {
		name    string
		schema  string
		clients []string
		want    []string // rule IDs, sorted
	}{
		{"clean", "", nil, nil},
		{"clean for every client but gemini", "", []string{"openai", "anthropic", "cursor", "vscode"}, nil},
		{"undescribed property", undescribed, nil, []string{"param-undescribed"}},
		{"and gemini's format subset", undescribed, []string{"gemini"}, []string{"client-format", "param-undescribed"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &recorder{TB: t}
			sdktest.Lint(r, lintServer(tt.schema), tt.clients...)
			if r.fatal != "" {
				t.Fatal(r.fatal)
			}
			var got []string
			for _, e := range r.errors {
				if !strings.Contains(e, `tool "add_note"`) {
					t.Errorf("failure does not name the tool: %s", e)
				}
				for _, id := range []string{"param-undescribed", "client-format"} {
					if strings.Contains(e, " "+id+" ") {
						got = append(got, id)
					}
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, tt.want) || len(r.errors) != len(tt.want) {
				t.Errorf("rules %v, want %v:\n%s", got, tt.want, strings.Join(r.errors, "\n"))
			}
		})
	}
}

// An unknown client name is a mistake in the test: it fails at once.
func TestLintUnknownClient(t *testing.T) {
	r := &recorder{TB: t}
	sdktest.Lint(r, lintServer(""), "clippy")
	if !strings.Contains(r.fatal, `unknown client "clippy"`) {
		t.Errorf("fatal %q, want the unknown client named", r.fatal)
	}
}
