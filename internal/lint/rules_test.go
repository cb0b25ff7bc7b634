package lint_test

import (
	"os"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/lint"
)

// docs/lint.md has a row for every rule, and for every client of a client
// rule; every client limit has a source.
func TestDocsListEveryRule(t *testing.T) {
	doc, err := os.ReadFile("../../docs/lint.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range lint.Rules {
		if !strings.Contains(string(doc), "| `"+r.ID+"` |") {
			t.Errorf("docs/lint.md has no row for %s", r.ID)
		}
		for _, c := range r.Clients {
			src, ok := lint.Sources(r.ID)[c]
			if !ok || src == "" {
				t.Errorf("%s: no source for %s", r.ID, c)
			}
		}
	}
}
