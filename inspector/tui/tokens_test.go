package tui

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/internal/testutil/tokentest"
	"github.com/mcpdev/mcpdev/internal/tokens"
	"github.com/mcpdev/mcpdev/sdk"
)

// listed delivers tools as listToolsCmd does (counted in the command, off
// Update), over an in-memory connection to a server with those tools.
func listed(t *testing.T, m *Model, server *sdk.Server) []sdk.ToolInfo {
	t.Helper()
	client, err := sdk.NewInMemoryClient(context.Background(), server, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	msg := listToolsCmd(context.Background(), client, m.gen)().(toolsMsg)
	if !msg.costs.fits(len(msg.tools)) {
		t.Fatalf("listToolsCmd did not count the %d tools: %v", len(msg.tools), msg.costs)
	}
	m.Update(msg)
	return msg.tools
}

// toolRow is the screen line of the tool list that names tool.
func toolRow(t *testing.T, s string, tool sdk.ToolInfo) string {
	t.Helper()
	name := ansi.Truncate(call.ToolTitle(tool), 10, "")
	if name == "" {
		name = ansi.Truncate(tool.Name, 10, "")
	}
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(leftPane(l), name) {
			return l
		}
	}
	t.Fatalf("no row names %q:\n%s", name, s)
	return ""
}

// leftPane is a screen line's tool-list box (up to its right border).
func leftPane(l string) string {
	if i := strings.Index(l, "││"); i >= 0 {
		return l[:i+len("│")]
	}
	return l
}

// Each tool in the list shows what its definition costs (openai,
// o200k_base) at the right of its name, and the title the list's total.
func TestToolListShowsTokenCosts(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	tools := listed(t, m, testBookshop())
	s := screen(m)
	sum := 0
	for _, tool := range tools {
		want := tokens.ToolCost(tool, tokens.OpenAI)
		sum += want.Tokens
		if row := leftPane(toolRow(t, s, tool)); !strings.HasSuffix(strings.TrimSuffix(row, " │"), " "+want.String()) {
			t.Errorf("%s: row %q does not end with its cost %s", tool.Name, row, want)
		}
	}
	if title := fmt.Sprintf("Tools %d · %s tokens", len(tools), tokens.Grouped(sum)); !strings.Contains(s, title) {
		t.Errorf("the screen lacks the title %q:\n%s", title, s)
	}
}

// The real bookshop's definitions (internal/tokens/testdata) show the
// reference implementation's counts (js-tiktoken and tiktoken).
func TestToolListCostsMatchReference(t *testing.T) {
	list := tokentest.Tools(t, "bookshop")
	var ref struct {
		Tools []struct {
			File, Name string
			O200k      int `json:"o200k_base"`
		}
	}
	b, err := os.ReadFile("../../internal/tokens/testdata/reference.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	m, _ := newTestModel(t, 120, 40)
	m.Update(toolsMsg{gen: m.gen, tools: list})
	s := screen(m)
	byName := map[string]sdk.ToolInfo{}
	for _, tool := range list {
		byName[tool.Name] = tool
	}
	sum, n := 0, 0
	for _, r := range ref.Tools {
		if r.File != "bookshop.json" {
			continue
		}
		n++
		sum += r.O200k
		if row := leftPane(toolRow(t, s, byName[r.Name])); !strings.HasSuffix(strings.TrimSuffix(row, " │"), fmt.Sprintf(" %d", r.O200k)) {
			t.Errorf("%s: row %q, reference %d tokens", r.Name, row, r.O200k)
		}
	}
	if n != len(list) || n == 0 {
		t.Fatalf("reference has %d of the bookshop's %d tools", n, len(list))
	}
	if title := fmt.Sprintf("Tools %d · %s tokens", n, tokens.Grouped(sum)); !strings.Contains(s, title) {
		t.Errorf("the screen lacks the title %q:\n%s", title, s)
	}
}

// The details of the selected tool give its cost for each client: exact
// for openai, ≈ for the estimates.
func TestToolDetailsShowCostPerClient(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	tools := listed(t, m, testBookshop())
	press(m, "down")
	sel := m.tools.Selected()
	if sel == nil || sel.Name != tools[1].Name {
		t.Fatalf("selected %v, want %s", sel, tools[1].Name)
	}
	want := fmt.Sprintf("tokens  openai %d · anthropic ≈%d · gemini ≈%d", tokens.ToolCost(*sel, tokens.OpenAI).Tokens,
		tokens.ToolCost(*sel, tokens.Anthropic).Tokens, tokens.ToolCost(*sel, tokens.Gemini).Tokens)
	if s := screen(m); !strings.Contains(s, want) {
		t.Errorf("the details lack %q:\n%s", want, s)
	}
}

// At the narrowest layout (40 columns) the costs and the title fit: no
// line is wider than the screen, the boxes stay closed, and each row
// still ends with its cost.
func TestToolCostsFitNarrowScreen(t *testing.T) {
	m, _ := newTestModel(t, 40, 20)
	tools := listed(t, m, testBookshop())
	s := screen(m)
	for i, l := range strings.Split(s, "\n") {
		if w := ansi.StringWidth(l); w > 40 {
			t.Errorf("line %d is %d wide: %q", i, w, l)
		}
	}
	top := strings.Split(s, "\n")[1]
	if !strings.HasPrefix(top, "╭─ ") || !strings.Contains(top, " tok") {
		t.Errorf("the list's top border has no total: %q", top)
	}
	for _, tool := range tools[:2] {
		want := tokens.ToolCost(tool, tokens.OpenAI).String()
		if row := leftPane(toolRow(t, s, tool)); !strings.HasSuffix(strings.TrimSuffix(row, " │"), " "+want) || ansi.StringWidth(row) != m.leftWidth() {
			t.Errorf("%s: row %q (width %d of %d) does not end with %s", tool.Name, row, ansi.StringWidth(row), m.leftWidth(), want)
		}
	}
}

// A hostile server's tools: their costs shown beside names that stay
// sanitised, each row as wide as the pane.
func TestToolCostsHostileNames(t *testing.T) {
	for _, width := range []int{40, 120} {
		m, _ := newTestModel(t, width, 30)
		tools := append(hostileTools(), sdk.ToolInfo{Name: strings.Repeat("w\u200b\u202e", 5000), InputSchema: json.RawMessage(`{"type":"object"}`)})
		m.Update(toolsMsg{gen: m.gen, tools: tools})
		v := m.View()
		checkScreenSafe(t, fmt.Sprintf("tools at %d", width), content(v.Content), v.WindowTitle)
		s := screen(m)
		for i, l := range strings.Split(s, "\n") {
			if w := ansi.StringWidth(l); w > width {
				t.Errorf("%d columns: line %d is %d wide: %q", width, i, w, l)
			}
		}
		want := tokens.ToolCost(tools[0], tokens.OpenAI).String()
		if row := leftPane(toolRow(t, s, sdk.ToolInfo{Name: "Echo"})); !strings.HasSuffix(strings.TrimSuffix(row, " │"), " "+want) {
			t.Errorf("%d columns: the hostile tool's row %q does not end with %s", width, row, want)
		}
	}
}

// BenchmarkCountTools1000 is what listToolsCmd adds to a list of 1,000
// tools: counting them for each of costClients (off the Update loop).
func BenchmarkCountTools1000(b *testing.B) {
	tools := manyTools(1000)
	for b.Loop() {
		countTools(tools)
	}
}
