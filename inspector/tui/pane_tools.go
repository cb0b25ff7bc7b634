package tui

import (
	"cmp"
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/internal/lint"
	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/internal/tokens"
	"github.com/mcpdev/mcpdev/sdk"
)

// toolsPane lists the tools, two lines each, filtered after "/".
type toolsPane struct {
	st            *Styles
	width, height int

	tools   []sdk.ToolInfo
	names   []string // lower-cased name and title, for ranking filter matches
	hay     []string // lower-cased name, title and description, for filtering
	visible []int    // indexes into tools that pass the filter
	// warnings are call.Suspicions per tool name: hidden characters in
	// its name, title or description, or another name that reads the same.
	warnings map[string][]string
	lint     map[string][]lint.Finding // the lint findings per tool name
	costs    toolCosts                 // the tokens each tool costs, counted when the list came
	version  int                       // changes with the list and its costs (what the Lint tab shows)
	cursor   int                       // index into visible
	offset   int                       // first visible item drawn

	filter    textinput.Model
	filtering bool // the filter input has the keys
	loaded    bool
	err       error // tools/list failed
	// unreachable: the server could not be started or initialized, so
	// there is no list to wait for.
	unreachable bool
	outbox
}

func newToolsPane(st *Styles) toolsPane {
	ti := textinput.New()
	ti.Prompt = "/"
	ti.Placeholder = "filter"
	return toolsPane{st: st, filter: ti}
}

func (p *toolsPane) SetSize(w, h int) {
	p.width, p.height = w, h
	p.filter.SetWidth(max(w-2, 1))
	p.scroll()
}

// SetTools replaces the list, keeping the selected tool when it still exists.
func (p *toolsPane) SetTools(tools []sdk.ToolInfo) {
	keep := ""
	if t := p.Selected(); t != nil {
		keep = t.Name
	}
	p.tools, p.loaded, p.err, p.costs = tools, true, nil, nil
	p.version++
	p.hay, p.names = make([]string, len(tools)), make([]string, len(tools))
	p.warnings = map[string][]string{}
	for i, t := range tools {
		if w := call.Suspicions(tools, t); w != nil {
			p.warnings[t.Name] = w
		}
		p.names[i] = strings.ToLower(t.Name + "\x00" + call.ToolTitle(t))
		p.hay[i] = p.names[i] + "\x00" + strings.ToLower(t.Description)
	}
	p.lint = lint.ByTool(lint.Tools(tools, nil))
	p.apply()
	p.selectName(keep)
}

// SetCosts sets the costs of the list's tools (countTools of the list
// SetTools was given; costs counted for another list are ignored).
func (p *toolsPane) SetCosts(c toolCosts) {
	if c.fits(len(p.tools)) {
		p.costs = c
		p.version++
	}
}

// Costs is the selected tool's costs, one per costClients entry (none: nil).
func (p *toolsPane) Costs() []tokens.Cost {
	if p.cursor < 0 || p.cursor >= len(p.visible) {
		return nil
	}
	return p.costs.tool(p.visible[p.cursor])
}

func (p *toolsPane) selectName(name string) {
	for i, ti := range p.visible {
		if p.tools[ti].Name == name {
			p.cursor = i
			p.scroll()
			return
		}
	}
}

// apply recomputes the visible tools from the filter text: tools whose
// name or title matches come first, then those whose description does.
func (p *toolsPane) apply() {
	q := strings.ToLower(strings.TrimSpace(p.filter.Value()))
	p.visible = p.visible[:0]
	var later []int
	for i := range p.tools {
		switch {
		case q == "" || strings.Contains(p.names[i], q):
			p.visible = append(p.visible, i)
		case strings.Contains(p.hay[i], q):
			later = append(later, i)
		}
	}
	p.visible = append(p.visible, later...)
	p.cursor = min(p.cursor, max(len(p.visible)-1, 0))
	p.scroll()
}

// Selected is the tool under the cursor, or nil.
func (p *toolsPane) Selected() *sdk.ToolInfo {
	if p.cursor < 0 || p.cursor >= len(p.visible) {
		return nil
	}
	return &p.tools[p.visible[p.cursor]]
}

func (p *toolsPane) filtered() bool { return p.filter.Value() != "" }

// startFilter gives the keys to a fresh filter input.
func (p *toolsPane) startFilter() tea.Cmd {
	p.filter.SetValue("")
	p.apply()
	p.filtering = true
	return p.filter.Focus()
}

// stopFilter ends typing; clear also drops the filter.
func (p *toolsPane) stopFilter(clear bool) {
	p.filtering = false
	p.filter.Blur()
	if clear {
		keep := p.Selected()
		p.filter.SetValue("")
		p.apply()
		if keep != nil {
			p.selectName(keep.Name)
		}
	}
}

// typeFilter sends a key to the filter input and re-filters.
func (p *toolsPane) typeFilter(msg tea.Msg) tea.Cmd {
	before := p.filter.Value()
	var cmd tea.Cmd
	p.filter, cmd = p.filter.Update(msg)
	if p.filter.Value() != before {
		p.cursor = 0
		p.apply()
	}
	return cmd
}

// move moves the cursor by d items (clamped).
func (p *toolsPane) move(d int) {
	p.cursor = max(0, min(p.cursor+d, len(p.visible)-1))
	p.scroll()
}

// listRows is the rows below the filter line.
func (p *toolsPane) listRows() int { return p.height - 1 }

// perPage is how many tools (two rows each) the list shows at once.
func (p *toolsPane) perPage() int { return shownItems(len(p.visible), p.listRows(), 2) }

func (p *toolsPane) scroll() {
	n := p.perPage()
	if p.cursor < p.offset {
		p.offset = p.cursor
	}
	if p.cursor >= p.offset+n {
		p.offset = p.cursor - n + 1
	}
	p.offset = max(0, min(p.offset, len(p.visible)-n))
}

// View renders the visible slice only, so 1,000 tools cost as much as 10.
func (p *toolsPane) View() string {
	st := p.st
	var b strings.Builder
	b.WriteString(p.topLine())
	end := min(p.offset+p.perPage(), len(p.visible))
	for i := p.offset; i < end; i++ {
		b.WriteString("\n")
		b.WriteString(p.item(p.visible[i], i == p.cursor))
	}
	if shown := 2 * (end - p.offset); end-p.offset < len(p.visible) && shown < p.listRows() {
		// the scroll mark on the pane's last row
		b.WriteString(strings.Repeat("\n", p.listRows()-shown) + scrollMark(p.offset, len(p.visible)-end, p.width, toolsNoun))
	}
	if len(p.visible) == 0 {
		msg := "no tools"
		switch {
		case p.err != nil:
			b.WriteString("\n" + st.ProtocolError.Render("tools/list failed:") + "\n" + ansi.Wrap(p.err.Error(), max(p.width, 10), ""))
			return b.String()
		case !p.loaded && p.unreachable:
			msg = "no tools: the server could not be reached"
		case !p.loaded:
			msg = "listing tools…"
		case p.filtered():
			msg = "no tool matches"
		}
		b.WriteString("\n" + st.Dim.Render(ansi.Wrap(msg, max(p.width, 10), "")))
	}
	return b.String()
}

func (p *toolsPane) topLine() string {
	if p.filtering || p.filtered() {
		return ansi.Truncate(p.filter.View(), p.width, "…")
	}
	return p.st.Dim.Render(ansi.Truncate("/ to filter", p.width, ""))
}

// Warnings are the suspicions on the tool named name (none: nil).
func (p *toolsPane) Warnings(name string) []string { return p.warnings[name] }

// item is the i-th tool's two rows: its name with its cost at the right
// (when the pane is wide enough for both), then its badges and the first
// line of its description.
func (p *toolsPane) item(i int, selected bool) string {
	st, t := p.st, p.tools[i]
	name := cmp.Or(call.ToolTitle(t), t.Name)
	bar, nameSt, descSt := "  ", st.Item, st.ItemDesc
	if selected {
		bar, nameSt, descSt = st.ItemSelected.Render("┃ "), st.ItemSelected, st.ItemDescSelected
	}
	w := max(p.width-2, 1)
	cost := p.costs.label(i)
	nameW := w - ansi.StringWidth(cost) - 1
	if cost == "" || nameW < 6 {
		cost, nameW = "", w
	}
	n := ansi.Truncate(termtext.Line(name), nameW, "…")
	line1 := bar + nameSt.Render(n)
	if cost != "" {
		line1 += strings.Repeat(" ", w-ansi.StringWidth(n)-ansi.StringWidth(cost)) + st.Dim.Render(cost)
	}
	second := badges(st, t, p.warnings[t.Name] != nil, p.lint[t.Name])
	if d := termtext.Line(firstLine(t.Description)); d != "" {
		if second != "" {
			second += " "
		}
		second += descSt.Render(d)
	}
	if !selected {
		bar = "  "
	}
	return line1 + "\n" + bar + ansi.Truncate(second, w, "…")
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

// badges renders the tool's hints that are set ("task required",
// "read-only", …), each in its colour, after "suspicious" for a tool whose
// name or description hides characters or reads as another's; then the
// count of its lint findings.
func badges(st *Styles, t sdk.ToolInfo, suspicious bool, findings []lint.Finding) string {
	var out []string
	if suspicious {
		out = append(out, st.Badge[suspiciousBadge].Render(suspiciousBadge))
	}
	for _, h := range call.Hints(t) {
		if h.Set {
			out = append(out, st.Badge[h.Name].Render(h.Name))
		}
	}
	if b := lintBadgeText(st, findings); b != "" {
		out = append(out, b)
	}
	return strings.Join(out, " ")
}

// suspiciousBadge marks a tool with hidden characters (call.Suspicions).
const suspiciousBadge = "⚠ suspicious"
