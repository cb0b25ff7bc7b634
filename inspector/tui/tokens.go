package tui

import (
	"strings"
	"sync"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/internal/tokens"
	"github.com/mcpdev/mcpdev/sdk"
)

// costClients are the clients whose cost a tool's details show; the list
// shows the first's (exact: o200k_base tokens as OpenAI sends the tool).
var costClients = []tokens.Client{tokens.OpenAI, tokens.Anthropic, tokens.Gemini}

// toolCosts is what a tool list's definitions cost in tokens, one
// tokens.ListCost per costClients entry. It is counted once per list, in
// listToolsCmd (1,000 tools take ~150 ms), never while drawing.
type toolCosts []tokens.ListCost

// countTools counts tools for every costClients entry, the clients side
// by side (the list waits for its costs).
func countTools(tools []sdk.ToolInfo) toolCosts {
	c := make(toolCosts, len(costClients))
	var wg sync.WaitGroup
	for i, client := range costClients {
		wg.Go(func() { c[i] = tokens.List(tools, client) })
	}
	wg.Wait()
	return c
}

// fits reports whether c was counted for a list of n tools.
func (c toolCosts) fits(n int) bool {
	return len(c) == len(costClients) && len(c[0].Tools) == n
}

// tool is the costs of the list's i-th tool, one per costClients entry
// (uncounted: nil).
func (c toolCosts) tool(i int) []tokens.Cost {
	if len(c) == 0 || i < 0 || i >= len(c[0].Tools) {
		return nil
	}
	out := make([]tokens.Cost, len(c))
	for j := range c {
		out[j] = c[j].Tools[i]
	}
	return out
}

// label is the list's cost of its i-th tool: "273" ("" when uncounted).
func (c toolCosts) label(i int) string {
	if len(c) == 0 || i < 0 || i >= len(c[0].Tools) {
		return ""
	}
	return c[0].Tools[i].String()
}

// total is the list's cost: the sum of its tools' for the first client
// (ok false when uncounted).
func (c toolCosts) total() (tokens.Cost, bool) {
	if len(c) == 0 {
		return tokens.Cost{}, false
	}
	return c[0].Total, true
}

// costLine is the tokens line of a tool's details: its cost for each
// client ("tokens  openai 273 · anthropic ≈270 · gemini ≈268"), wrapped at
// w; ≈ marks an estimate.
func costLine(st *Styles, costs []tokens.Cost, w int) []string {
	if len(costs) == 0 {
		return nil
	}
	parts := make([]string, len(costs))
	for i, c := range costs {
		parts[i] = string(costClients[i]) + " " + c.String()
	}
	return strings.Split(st.Dim.Render(ansi.Wrap("tokens  "+strings.Join(parts, " · "), w, "")), "\n")
}
