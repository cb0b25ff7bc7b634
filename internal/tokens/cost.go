package tokens

import (
	"bytes"
	"cmp"
	"slices"
	"strconv"

	"github.com/mcpdev/mcpdev/sdk"
)

// Cost is what a tool definition, or a list of them, costs in tokens.
type Cost struct {
	Tokens int
	Exact  bool   // false: an estimate, shown with ≈
	Method string // how Tokens was counted, one line
}

// String is the count, with ≈ before an estimate: "312", "≈312".
func (c Cost) String() string {
	if c.Exact {
		return strconv.Itoa(c.Tokens)
	}
	return "≈" + strconv.Itoa(c.Tokens)
}

// Serialize returns tool as client puts it in its request: the text whose
// tokens ToolCost counts.
func Serialize(tool sdk.ToolInfo, client Client) string {
	var b bytes.Buffer
	client.format().write(&b, tool, stringify)
	return b.String()
}

// ToolCost returns the tokens tool's definition costs as client sends it.
func ToolCost(tool sdk.ToolInfo, client Client) Cost {
	f := client.format()
	var b bytes.Buffer
	f.write(&b, tool, stringify)
	return Cost{Tokens: Count(f.enc, b.String()), Exact: f.exact, Method: f.method}
}

// ListCost is the cost of each tool of a list and their total.
type ListCost struct {
	Tools []Cost // in the list's order
	Total Cost
}

// List returns the cost of each of tools as client sends them and the
// total, which is their sum: the request's own framing around the list
// (brackets, commas, and what the API adds when it renders tools for the
// model) is not counted.
func List(tools []sdk.ToolInfo, client Client) ListCost {
	return Lists(tools, []Client{client})[0]
}

// Lists returns List(tools, c) for each client c of clients. The text the
// clients and tools share (keys, common subschemas, the same definition
// for clients of one format) is serialised and counted once.
func Lists(tools []sdk.ToolInfo, clients []Client) []ListCost {
	t := newTally()
	out := make([]ListCost, len(clients))
	formats := make([]format, len(clients))
	for i, c := range clients {
		formats[i] = c.format()
		out[i] = ListCost{Tools: make([]Cost, len(tools)), Total: Cost{Exact: formats[i].exact, Method: "sum of " + formats[i].method}}
	}
	for j, tool := range tools {
		schema := t.stringified(tool.InputSchema)
		for i, f := range formats {
			n := t.count(tool, f, schema)
			out[i].Tools[j] = Cost{Tokens: n, Exact: f.exact, Method: f.method}
			out[i].Total.Tokens += n
		}
	}
	return out
}

// Heaviest returns the indices of the n costliest tools, costliest first
// (ties in list order).
func (l ListCost) Heaviest(n int) []int {
	idx := make([]int, len(l.Tools))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(l.Tools[b].Tokens, l.Tools[a].Tokens) })
	return idx[:min(n, len(idx))]
}

// Grouped writes n with thousands separators: 1,234, -1,234.
func Grouped(n int) string {
	s := strconv.Itoa(max(n, -n))
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if n < 0 {
		return "-" + s
	}
	return s
}
