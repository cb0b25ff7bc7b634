package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/lint"
	"github.com/mcpdev/mcpdev/internal/tokens"
	"github.com/mcpdev/mcpdev/sdk"
)

const heavy = "cmd/mcpdev/testdata/heavy"

// listedTools is what tools --json lists for target.
func listedTools(t *testing.T, target string) []sdk.ToolInfo {
	t.Helper()
	r := mcpdev(t, "tools", "--json", target)
	tools, err := lint.ParseTools([]byte(r.stdout))
	if err != nil || len(tools) == 0 {
		t.Fatalf("tools --json %s: %v\n%s\n%s", target, err, r.stdout, r.stderr)
	}
	return tools
}

// tools --tokens puts beside each tool its cost for each chosen client,
// as internal/tokens counts it (≈ before an estimate), and the total.
func TestToolsTokensTable(t *testing.T) {
	tools := listedTools(t, "examples/bookshop")
	for _, tt := range []struct {
		flags   []string
		clients []tokens.Client
	}{
		{[]string{"--tokens"}, []tokens.Client{tokens.OpenAI}},
		{[]string{"--tokens", "--client", "openai-cl100k,anthropic"}, []tokens.Client{tokens.OpenAICl100k, tokens.Anthropic}},
		{[]string{"--client", "all"}, tokens.Clients},
	} {
		r := mcpdev(t, append(append([]string{"tools"}, tt.flags...), "examples/bookshop")...)
		if r.code != 0 {
			t.Fatalf("%v: exit %d\n%s", tt.flags, r.code, r.stderr)
		}
		lines := strings.Split(r.stdout, "\n")
		for i, tool := range tools {
			var want []string
			for _, c := range tt.clients {
				want = append(want, tokens.ToolCost(tool, c).String())
			}
			row := strings.Fields(lines[i+1])
			if row[0] != tool.Name || !equalTail(row, want) {
				t.Errorf("%v: row %q, want %s ending %v", tt.flags, lines[i+1], tool.Name, want)
			}
		}
		var totals []string
		for _, c := range tt.clients {
			totals = append(totals, string(c)+" "+tokens.List(tools, c).Total.String())
		}
		r.expect(t, []string{"tokens of the tool definitions: " + strings.Join(totals, ", ")}, nil)
	}
	if r := mcpdev(t, "tools", "--tokens", "--client", "clippy", "examples/bookshop"); r.code != 1 || !strings.Contains(r.stderr, `unknown client "clippy"`) {
		t.Errorf("unknown client: exit %d\n%s", r.code, r.stderr)
	}
}

func equalTail(row, tail []string) bool {
	if len(row) < len(tail) {
		return false
	}
	return strings.Join(row[len(row)-len(tail):], " ") == strings.Join(tail, " ")
}

// tools --json --tokens adds each tool's cost per client and the totals;
// tools --json alone is as it was.
func TestToolsTokensJSON(t *testing.T) {
	tools := listedTools(t, "examples/bookshop")
	type cost struct {
		Tokens int
		Exact  bool
	}
	var out struct {
		Tools []struct {
			Name   string
			Tokens map[string]cost
		}
		Totals map[string]cost
	}
	r := mcpdev(t, "tools", "--json", "--tokens", "--client", "openai,gemini", "examples/bookshop")
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("%v\n%s", err, r.stdout)
	}
	if len(out.Tools) != len(tools) {
		t.Fatalf("%d tools, want %d", len(out.Tools), len(tools))
	}
	for _, c := range []tokens.Client{tokens.OpenAI, tokens.Gemini} {
		l := tokens.List(tools, c)
		for i, tool := range out.Tools {
			if got := tool.Tokens[string(c)]; got != (cost{l.Tools[i].Tokens, l.Tools[i].Exact}) || len(tool.Tokens) != 2 {
				t.Errorf("%s %s: %+v, want %+v", tool.Name, c, tool.Tokens, l.Tools[i])
			}
		}
		if got := out.Totals[string(c)]; got != (cost{l.Total.Tokens, l.Total.Exact}) {
			t.Errorf("totals %s: %+v, want %+v", c, got, l.Total)
		}
	}
	var plain map[string][]map[string]any
	r = mcpdev(t, "tools", "--json", "examples/bookshop")
	if err := json.Unmarshal([]byte(r.stdout), &plain); err != nil || len(plain) != 1 {
		t.Fatalf("tools --json: %v %v", err, plain)
	}
	for _, tool := range plain["tools"] {
		if _, ok := tool["tokens"]; ok {
			t.Errorf("tools --json without --tokens has tokens: %v", tool)
		}
	}
}

// --max-tokens N exits 1 when the list costs any chosen client more than
// N, naming the heaviest tools with their costs on stderr; a bad N is a
// usage error (lint: 2).
func TestMaxTokens(t *testing.T) {
	book := listedTools(t, "examples/bookshop")
	openai := tokens.List(book, tokens.OpenAI)
	cl100k := tokens.List(book, tokens.OpenAICl100k)
	if openai.Total.Tokens <= cl100k.Total.Tokens {
		t.Fatalf("the test wants the bookshop to cost o200k more than cl100k: %d, %d", openai.Total.Tokens, cl100k.Total.Tokens)
	}
	var heaviest []string
	for _, i := range openai.Heaviest(3) {
		heaviest = append(heaviest, fmt.Sprintf("%s %d", book[i].Name, openai.Tools[i].Tokens))
	}
	under, over := strconv.Itoa(openai.Total.Tokens), strconv.Itoa(openai.Total.Tokens-1)
	tests := []struct {
		name   string
		args   []string
		code   int
		kind   string
		stderr []string
	}{
		{"tools, within", []string{"tools", "--max-tokens", under, "examples/bookshop"}, 0, "", nil},
		{"tools, over", []string{"tools", "--max-tokens", over, "examples/bookshop"}, 1, "too-many-tokens",
			[]string{"openai " + under + " tokens, more than --max-tokens " + over, "heaviest: " + strings.Join(heaviest, ", ")}},
		{"tools, one client of two over", []string{"tools", "--client", "openai-cl100k,openai", "--max-tokens", strconv.Itoa(cl100k.Total.Tokens), "examples/bookshop"}, 1, "too-many-tokens",
			[]string{"openai " + under + " tokens"}},
		{"tools, huge description", []string{"tools", "--max-tokens", "5000", heavy}, 1, "too-many-tokens", []string{"heaviest: encyclopedic "}},
		{"tools, bad N", []string{"tools", "--max-tokens", "lots", "examples/bookshop"}, 1, "error", []string{`--max-tokens "lots"`}},
		{"tools, negative N", []string{"tools", "--max-tokens", "-5", "examples/bookshop"}, 1, "error", []string{`--max-tokens "-5"`}},
		{"lint, within", []string{"lint", "--max-tokens", under, "examples/bookshop"}, 0, "", nil},
		{"lint, over", []string{"lint", "--max-tokens", over, "examples/bookshop"}, 1, "lint-failed", []string{"more than --max-tokens " + over, heaviest[0]}},
		{"lint, huge description", []string{"lint", "--max-tokens", "5000", heavy}, 1, "lint-failed", []string{"heaviest: encyclopedic "}},
		{"lint, bad N", []string{"lint", "--max-tokens", "1.5", "examples/bookshop"}, 2, "usage", []string{`--max-tokens "1.5"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mcpdev(t, tt.args...)
			if r.code != tt.code {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, tt.code, r.stdout, r.stderr)
			}
			r.expect(t, nil, tt.stderr)
			if tt.code != 0 {
				if k := r.errJSON(t)["kind"]; k != tt.kind {
					t.Errorf("kind %v, want %s", k, tt.kind)
				}
			}
		})
	}
}
