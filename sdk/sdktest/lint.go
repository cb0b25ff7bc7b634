package sdktest

import (
	"fmt"
	"testing"

	"github.com/mcpdev/mcpdev/internal/lint"
	"github.com/mcpdev/mcpdev/sdk"
)

// Lint fails t with each finding mcpdev lint reports for s's tools: the
// spec's rules (tool names, duplicates, descriptions, undescribed
// properties, untitled enums, schemas that are not JSON Schema), and the
// limits of each client named: "openai", "anthropic", "gemini", "cursor",
// "vscode", or "all". docs/lint.md lists the rules and their sources. The
// schemas are checked with the sdk's own validator (mcpdev lint checks them
// against the full 2020-12 metaschema too); output schemas are not checked
// against results here: call the tools in your tests.
//
//	func TestLint(t *testing.T) { sdktest.Lint(t, newServer(), "openai", "anthropic") }
func Lint(t testing.TB, s *sdk.Server, clients ...string) {
	t.Helper()
	cs, err := lintClients(clients)
	if err != nil {
		t.Fatalf("sdktest.Lint: %v", err)
	}
	c := NewClient(t, s, sdk.EraLegacy, nil)
	tools, err := c.ListTools(t.Context())
	if err != nil {
		t.Fatalf("sdktest.Lint: tools/list: %v", err)
	}
	for _, f := range lint.Tools(tools, &lint.Options{Clients: cs}) {
		t.Errorf("%s", lintLine(f))
	}
}

func lintClients(names []string) ([]lint.Client, error) {
	var out []lint.Client
	for _, n := range names {
		cs, err := lint.ParseClients(n)
		if err != nil {
			return nil, err
		}
		out = append(out, cs...)
	}
	return out, nil
}

// lintLine is one finding as a test failure: "tool x: warning
// param-undescribed at /inputSchema/properties/q: … (fix: …)".
func lintLine(f lint.Finding) string {
	where := "the tool list"
	if f.Tool != "" {
		where = fmt.Sprintf("tool %q", f.Tool)
	}
	s := fmt.Sprintf("%s: %s %s", where, f.Severity, f.Rule)
	if f.Path != "" {
		s += " at " + f.Path
	}
	s += ": " + f.Message + " (fix: " + f.Fix + ")"
	if len(f.Clients) > 0 {
		s += " [" + lint.JoinClients(f.Clients) + "]"
	}
	return s
}
