package cli

import (
	"fmt"
	"strings"

	"github.com/mcpdev/mcpdev/internal/lint"
	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/internal/tokens"
	"github.com/mcpdev/mcpdev/sdk"
)

// clientList is what a tool list costs one client, tool by tool.
type clientList struct {
	client tokens.Client
	tokens.ListCost
}

// listCosts counts tools (internal/tokens) as each client of cs sends
// them, the text the clients share once; OpenAI's alone when cs is empty.
func listCosts(tools []sdk.ToolInfo, cs []tokens.Client) []clientList {
	if len(cs) == 0 {
		cs = []tokens.Client{tokens.OpenAI}
	}
	out := make([]clientList, len(cs))
	for i, l := range tokens.Lists(tools, cs) {
		out[i] = clientList{cs[i], l}
	}
	return out
}

// tokenClients is lint's clients as internal/tokens names them.
func tokenClients(cs []lint.Client) []tokens.Client {
	out := make([]tokens.Client, len(cs))
	for i, c := range cs {
		out[i] = tokens.Client(c)
	}
	return out
}

// totalCost is what the tool list costs one client in tokens (lint
// --json's "tokens").
type totalCost struct {
	Client string `json:"client"`
	Tokens int    `json:"tokens"`
	Exact  bool   `json:"exact"`
	Method string `json:"method"`
}

func totals(lists []clientList) []totalCost {
	out := make([]totalCost, len(lists))
	for i, l := range lists {
		out[i] = totalCost{Client: string(l.client), Tokens: l.Total.Tokens, Exact: l.Total.Exact, Method: l.Total.Method}
	}
	return out
}

// tokensLine is the costs for people: "tokens of the tool definitions:
// openai 1234, anthropic ≈1301" (≈ an estimate; docs/cli.md says how).
func tokensLine(costs []totalCost) string {
	var parts []string
	for _, c := range costs {
		parts = append(parts, c.Client+" "+tokens.Cost{Tokens: c.Tokens, Exact: c.Exact}.String())
	}
	return "tokens of the tool definitions: " + strings.Join(parts, ", ")
}

// heaviestShown is how many of the costliest tools a BudgetError names.
const heaviestShown = 5

// BudgetError is returned when the tool list costs a client more tokens
// than --max-tokens.
type BudgetError struct {
	Max      int
	Over     []string // "openai 1234 tokens", one per client over Max
	Heaviest []string // "name 372", costliest first, for the first client over
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("the tool definitions cost %s, more than --max-tokens %d; heaviest: %s",
		strings.Join(e.Over, " and "), e.Max, strings.Join(e.Heaviest, ", "))
}

// checkBudget returns a *BudgetError when a list's total is over max
// (max 0: no limit).
func checkBudget(tools []sdk.ToolInfo, lists []clientList, max int) error {
	if max <= 0 {
		return nil
	}
	e := &BudgetError{Max: max}
	for _, l := range lists {
		if l.Total.Tokens <= max {
			continue
		}
		e.Over = append(e.Over, string(l.client)+" "+l.Total.String()+" tokens")
		if e.Heaviest == nil {
			for _, i := range l.Heaviest(heaviestShown) {
				e.Heaviest = append(e.Heaviest, termtext.Line(termtext.Clip(tools[i].Name, 80))+" "+l.Tools[i].String())
			}
		}
	}
	if e.Over == nil {
		return nil
	}
	return e
}

// jsonCost is one cost in tools --json --tokens.
type jsonCost struct {
	Tokens int    `json:"tokens"`
	Exact  bool   `json:"exact"`
	Method string `json:"method,omitempty"`
}

// toolWithCosts is a tool as the server sent it, with its costs by client.
type toolWithCosts struct {
	sdk.ToolInfo
	Tokens map[string]jsonCost `json:"tokens"`
}

// toolsWithCosts is tools --json --tokens: {"tools":[{…,"tokens":{"openai":
// {"tokens":N,"exact":true}}}],"totals":{"openai":{…,"method":"…"}}}.
func toolsWithCosts(tools []sdk.ToolInfo, lists []clientList) any {
	out := struct {
		Tools  []toolWithCosts     `json:"tools"`
		Totals map[string]jsonCost `json:"totals"`
	}{Tools: make([]toolWithCosts, len(tools)), Totals: map[string]jsonCost{}}
	for i, t := range tools {
		out.Tools[i] = toolWithCosts{t, map[string]jsonCost{}}
		for _, l := range lists {
			out.Tools[i].Tokens[string(l.client)] = jsonCost{Tokens: l.Tools[i].Tokens, Exact: l.Tools[i].Exact}
		}
	}
	for _, l := range lists {
		out.Totals[string(l.client)] = jsonCost{l.Total.Tokens, l.Total.Exact, l.Total.Method}
	}
	return out
}
