package cli

import (
	"strings"

	"github.com/mcpdev/mcpdev/internal/lint"
	"github.com/mcpdev/mcpdev/internal/tokens"
	"github.com/mcpdev/mcpdev/sdk"
)

// lintCost is what the tool list costs one client in tokens (--json's
// "tokens").
type lintCost struct {
	Client string `json:"client"`
	Tokens int    `json:"tokens"`
	Exact  bool   `json:"exact"`
	Method string `json:"method"`
}

// lintCosts counts the list's definitions (internal/tokens) as each
// client of cs sends them; OpenAI's alone without --client.
func lintCosts(tools []sdk.ToolInfo, cs []lint.Client) []lintCost {
	if len(cs) == 0 {
		cs = []lint.Client{lint.OpenAI}
	}
	var out []lintCost
	for _, c := range cs {
		total := tokens.List(tools, tokens.Client(c)).Total
		out = append(out, lintCost{Client: string(c), Tokens: total.Tokens, Exact: total.Exact, Method: total.Method})
	}
	return out
}

// tokensLine is the costs for people: "tokens of the tool definitions:
// openai 1234, anthropic ≈1301" (≈ an estimate; tools --tokens says how).
func tokensLine(costs []lintCost) string {
	var parts []string
	for _, c := range costs {
		parts = append(parts, c.Client+" "+tokens.Cost{Tokens: c.Tokens, Exact: c.Exact}.String())
	}
	return "tokens of the tool definitions: " + strings.Join(parts, ", ")
}
