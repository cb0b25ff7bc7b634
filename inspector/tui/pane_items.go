package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/internal/termtext"
)

// itemsPane lists the resources and templates, or the prompts, two lines
// each; enter opens the selected one (openItemMsg).
type itemsPane struct {
	st            *Styles
	width, height int
	what          string // "resources" or "prompts", for the empty list

	items   []item
	cursor  int
	offset  int
	loaded  bool
	err     error
	updated map[string]int // per URI: updates received since it was last read
	subbed  map[string]bool
	outbox
}

// openItemMsg: open the selected item (read it, or its form).
type openItemMsg struct{ it item }

// subscribeMsg: follow the selected resource's updates.
type subscribeMsg struct{ uri string }

func newItemsPane(st *Styles, what string) itemsPane {
	return itemsPane{st: st, what: what, updated: map[string]int{}, subbed: map[string]bool{}}
}

func (p *itemsPane) SetSize(w, h int) {
	p.width, p.height = w, h
	p.scroll()
}

// SetItems replaces the list, keeping the selection on the same entry.
func (p *itemsPane) SetItems(items []item, err error) {
	keep := ""
	if it := p.Selected(); it != nil {
		keep = it.uri + "\x00" + it.name
	}
	p.items, p.err, p.loaded = items, err, true
	p.cursor = 0
	for i, it := range items {
		if it.uri+"\x00"+it.name == keep {
			p.cursor = i
		}
	}
	p.scroll()
}

// reset forgets the list (a new connection lists again).
func (p *itemsPane) reset() {
	p.loaded, p.err = false, nil
	p.subbed, p.updated = map[string]bool{}, map[string]int{}
}

func (p *itemsPane) Selected() *item {
	if p.cursor < 0 || p.cursor >= len(p.items) {
		return nil
	}
	return &p.items[p.cursor]
}

// perPage is how many items (two rows each) the list shows at once.
func (p *itemsPane) perPage() int { return shownItems(len(p.items), p.height, 2) }

func (p *itemsPane) scroll() {
	p.cursor = max(0, min(p.cursor, len(p.items)-1))
	if p.cursor < p.offset {
		p.offset = p.cursor
	}
	if p.cursor >= p.offset+p.perPage() {
		p.offset = p.cursor - p.perPage() + 1
	}
	p.offset = max(0, min(p.offset, len(p.items)-p.perPage()))
}

func (p *itemsPane) move(d int) {
	p.cursor += d
	p.scroll()
}

// HandleKey moves the selection, opens an item, subscribes to one.
func (p *itemsPane) HandleKey(k tea.KeyPressMsg, km *KeyMap) tea.Cmd {
	switch {
	case key.Matches(k, km.Up):
		p.move(-1)
	case key.Matches(k, km.Down):
		p.move(1)
	case key.Matches(k, km.PageUp):
		p.move(-p.perPage())
	case key.Matches(k, km.PageDown):
		p.move(p.perPage())
	case key.Matches(k, km.Top):
		p.move(-len(p.items))
	case key.Matches(k, km.Bottom):
		p.move(len(p.items))
	case key.Matches(k, km.Open):
		if it := p.Selected(); it != nil {
			p.send(openItemMsg{it: *it})
		}
	case key.Matches(k, km.Subscribe):
		if it := p.Selected(); it != nil && it.kind == itemResource {
			p.send(subscribeMsg{uri: it.uri})
		}
	case key.Matches(k, km.ShowRoots):
		p.send(openRootsMsg{})
	}
	return nil
}

// bindKeys: move, open the selected entry, follow a resource, the roots.
func (p *itemsPane) bindKeys(km *KeyMap, s keyState) {
	enable(append(km.scrollKeys(), &km.ShowRoots)...)
	km.Open.SetEnabled(s.hasTools)
	km.Open.SetHelp("enter", "open")
	km.Subscribe.SetEnabled(s.canSubscribe)
}

func (p *itemsPane) shortHelp(km *KeyMap) []key.Binding {
	return []key.Binding{km.Open, km.Subscribe, km.Up}
}

func (p *itemsPane) View() string {
	st := p.st
	if len(p.items) == 0 {
		msg := "listing " + p.what + "…"
		switch {
		case p.err != nil:
			return st.ProtocolError.Render("listing "+p.what+" failed:") + "\n" + ansi.Wrap(termtext.Text(p.err.Error()), max(p.width, 10), "")
		case p.loaded:
			msg = "the server has no " + p.what
		}
		return st.Dim.Render(ansi.Wrap(msg, max(p.width, 10), ""))
	}
	var lines []string
	end := min(p.offset+p.perPage(), len(p.items))
	for i := p.offset; i < end; i++ {
		lines = append(lines, p.item(p.items[i], i == p.cursor)...)
	}
	if end-p.offset < len(p.items) && len(lines) < p.height {
		for len(lines) < p.height-1 { // the scroll mark on the pane's last row
			lines = append(lines, "")
		}
		what := noun{One: strings.TrimSuffix(p.what, "s"), Many: p.what}
		lines = append(lines, scrollMark(p.offset, len(p.items)-end, p.width, what))
	}
	return strings.Join(lines, "\n")
}

func (p *itemsPane) item(it item, selected bool) []string {
	st := p.st
	bar, nameSt, descSt := "  ", st.Item, st.ItemDesc
	if selected {
		bar, nameSt, descSt = st.ItemSelected.Render("┃ "), st.ItemSelected, st.ItemDescSelected
	}
	w := max(p.width-2, 1)
	mark := ""
	if p.subbed[it.uri] && it.kind == itemResource {
		mark = " ◉"
		if n := p.updated[it.uri]; n > 0 {
			mark += " " + itoa(n) + " new"
		}
	}
	name := ansi.Truncate(termtext.Line(it.label()), max(w-ansi.StringWidth(mark), 1), "…")
	line1 := bar + nameSt.Render(name) + st.StateOK.Render(mark)
	line2 := "  " + descSt.Render(ansi.Truncate(termtext.Line(it.sub()), w, "…"))
	return []string{line1, line2}
}
