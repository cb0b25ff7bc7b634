package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/lint"
	"github.com/mcpdev/mcpdev/internal/tokens"
)

const defectsPy = "internal/lint/testdata/defects.py"

// lintOutput is mcpdev lint --json's output.
type lintOutput struct {
	Findings []struct {
		Rule, Severity, Server, Tool, Path, Message, Fix string
		Clients, Sources                                 []string
	}
	Errors, Warnings, Tools int
	Tokens                  []struct {
		Client string
		Tokens int
		Exact  bool
	}
}

func lintJSON(t *testing.T, r result) lintOutput {
	t.Helper()
	var out lintOutput
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("stdout is not lint JSON: %v\n%s\nstderr:\n%s", err, r.stdout, r.stderr)
	}
	return out
}

func needPython(t *testing.T) {
	if !hasAny("python3") {
		t.Skip("no python3")
	}
}

// The fixture server, seeded with one defect per rule, and a second
// server sharing a tool name: mcpdev lint --config --client all --call
// finds exactly the seeded rule IDs, tool by tool, and exits 1.
func TestLintFixtureYieldsSeededRules(t *testing.T) {
	needPython(t)
	py := filepath.Join(repoRoot, defectsPy)
	config := filepath.Join(t.TempDir(), "mcp.json")
	body := fmt.Sprintf(`{"mcpServers": {"defects": {"command": "python3", "args": [%q]}, "other": {"command": "python3", "args": [%q, "other"]}}}`, py, py)
	if err := os.WriteFile(config, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	r := mcpdev(t, "lint", "--config", config, "--client", "all", "--call", "--json")
	if r.code != 1 {
		t.Fatalf("exit %d, want 1\nstderr:\n%s", r.code, r.stderr)
	}
	if k := r.errJSON(t)["kind"]; k != "lint-failed" {
		t.Errorf("kind %v, want lint-failed", k)
	}
	got := map[string][]string{}
	for _, f := range lintJSON(t, r).Findings {
		key := f.Server + "/" + f.Tool
		got[key] = append(got[key], f.Rule)
	}
	want := seededRules(t)
	want["other/ok_tool"] = []string{"config-duplicate"}
	want["/"] = []string{"client-tool-count"}
	for key, ids := range got {
		slices.Sort(ids)
		ids = slices.Compact(ids) // a rule is reported once per group of clients with one message
		if w := want[key]; !slices.Equal(ids, w) {
			t.Errorf("%s: rules %v, want %v", key, ids, w)
		}
	}
	for key, w := range want {
		if _, ok := got[key]; !ok && len(w) > 0 {
			t.Errorf("%s: no findings, want %v", key, w)
		}
	}
}

// seededRules reads the rule IDs each fixture tool is seeded with, keyed
// "defects/TOOL".
func seededRules(t *testing.T) map[string][]string {
	raw, err := os.ReadFile(filepath.Join(repoRoot, "internal/lint/testdata/defects.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Tools []struct {
			Name string
			Want []string
		}
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{}
	for _, tool := range doc.Tools {
		key := "defects/" + tool.Name
		want[key] = append(want[key], tool.Want...)
		slices.Sort(want[key])
	}
	return want
}

// Exit codes: 0 clean (warnings do not fail without --max-warnings), 1
// on errors or warnings past --max-warnings, 2 on usage.
func TestLintExitCodes(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout []string
		stderr []string
	}{
		{"bookshop is clean", []string{"lint", "examples/bookshop"}, 0, []string{"0 errors, 0 warnings in 3 tools"}, nil},
		{"bookshop, every client but gemini", []string{"lint", "--client", "openai,anthropic,cursor,vscode", "examples/bookshop"}, 0, []string{"0 errors, 0 warnings in 3 tools"}, nil},
		{"bookshop, gemini's subset warns", []string{"lint", "--client", "gemini", "examples/bookshop"}, 0, []string{"client-ref", "0 errors, 1 warning in 3 tools"}, nil},
		{"warnings pass", []string{"lint", "--client", "all", tutorial03}, 0, []string{"0 errors, 2 warnings"}, nil},
		{"warnings over --max-warnings", []string{"lint", "--max-warnings", "1", tutorial03}, 1, []string{"param-undescribed"}, []string{"more than --max-warnings 1"}},
		{"no target", []string{"lint"}, 2, nil, []string{"want exactly one target"}},
		{"unknown client", []string{"lint", "--client", "clippy", tutorial03}, 2, nil, []string{`unknown client "clippy"`}},
		{"bad --max-warnings", []string{"lint", "--max-warnings", "-3", tutorial03}, 2, nil, []string{"--max-warnings"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mcpdev(t, tt.args...)
			if r.code != tt.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, tt.code, r.stdout, r.stderr)
			}
			r.expect(t, tt.stdout, tt.stderr)
			if tt.code != 0 {
				if c := r.errJSON(t)["exitCode"]; c != float64(tt.code) {
					t.Errorf("JSON exitCode %v, want %d", c, tt.code)
				}
			}
		})
	}
}

// A tool name and property name with terminal escapes and bidi controls
// reach neither stdout as they are, in text or JSON.
func TestLintSanitizesServerText(t *testing.T) {
	needPython(t)
	for _, args := range [][]string{{"lint", "--client", "all"}, {"lint", "--client", "all", "--json"}} {
		r := mcpdev(t, append(args, "--", "python3", defectsPy, "hostile")...)
		if r.code != 1 {
			t.Fatalf("%v: exit %d, want 1\nstderr:\n%s", args, r.code, r.stderr)
		}
		for _, bad := range []string{"\x1b", "\x07", "\u202e", "\u200b"} {
			if strings.Contains(r.stdout, bad) || strings.Contains(r.stderr, bad) {
				t.Errorf("%v: output carries %q:\n%s", args, bad, r.stdout)
			}
		}
		if !strings.Contains(r.stdout, "202E") && !strings.Contains(r.stdout, "202e") {
			t.Errorf("%v: the bidi override is not shown as a code point:\n%s", args, r.stdout)
		}
	}
}

// lint reports what the tool list costs each client in tokens, counted by
// internal/tokens over the tools as tools --json lists them; OpenAI's
// alone without --client.
func TestLintReportsTokens(t *testing.T) {
	listed := mcpdev(t, "tools", "--json", "examples/bookshop")
	tools, err := lint.ParseTools([]byte(listed.stdout))
	if err != nil || len(tools) == 0 {
		t.Fatalf("tools --json: %v\n%s", err, listed.stdout)
	}
	for _, clients := range [][]string{nil, {"openai", "anthropic", "gemini"}} {
		args := []string{"lint", "--json", "examples/bookshop"}
		if clients != nil {
			args = append(args, "--client", strings.Join(clients, ","))
		}
		got := lintJSON(t, mcpdev(t, args...)).Tokens
		want := clients
		if want == nil {
			want = []string{"openai"}
		}
		if len(got) != len(want) {
			t.Fatalf("%v: tokens %+v, want one per client of %v", args, got, want)
		}
		for i, c := range want {
			total := tokens.List(tools, tokens.Client(c)).Total
			if got[i].Client != c || got[i].Tokens != total.Tokens || got[i].Exact != total.Exact {
				t.Errorf("%v: %+v, want %s %d (exact %v)", args, got[i], c, total.Tokens, total.Exact)
			}
		}
	}
	if r := mcpdev(t, "lint", "examples/bookshop"); !strings.Contains(r.stdout, "tokens of the tool definitions: openai ") {
		t.Errorf("the text output has no token line:\n%s", r.stdout)
	}
}
