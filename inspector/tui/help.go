package tui

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/forms"
	"github.com/mcpdev/mcpdev/internal/termtext"
)

// The help bar is one line of the keys that work now, most important
// first, as many whole entries as the width holds. After ? it is every key
// that works now: help.Model's columns, packed into as many rows of
// columns as the width needs. A full help taller than its share of the
// screen is shown a page at a time: ? turns the page, and closes the help
// after the last one.

// maxBodyKept is the most height the panes keep under a full help (half
// the screen on a small one).
const maxBodyKept = 12

// helpKeys is what the help bar shows: the form's keys when it has the
// focus, the inspector's otherwise.
type helpKeys struct {
	short []key.Binding
	full  [][]key.Binding
	more  *key.Binding // the key that opens the full help (nil in a form)
	// moreInline: more is one of short, in its place, not kept whatever
	// else is left out (a form's own keys come first).
	moreInline bool
}

func (h helpKeys) ShortHelp() []key.Binding  { return h.short }
func (h helpKeys) FullHelp() [][]key.Binding { return h.full }

// currentHelp returns the bindings of the focused part, as KeyMap.sync
// left them at the end of the last Update (rendering changes nothing).
func (m *Model) currentHelp() helpKeys {
	k := &m.keys
	if p := m.modalPane(); p != nil {
		return p.help(k)
	}
	short := []key.Binding{k.Dismiss, k.CopySignIn}
	if p := m.helpPane(); p != nil {
		short = append(short, p.shortHelp(k)...)
	}
	short = append(short, k.Restart, k.NextPane, k.Help, k.AutoRerun, k.Record, k.Quit)
	if m.sections.section == sectionTools {
		short = append(short, k.ShowResources, k.ShowPrompts) // where there is room
	} else {
		short = append(short[:len(short)-1], k.ShowTools, k.ShowResources, k.ShowPrompts, k.Quit)
	}
	dev := []key.Binding{k.Dismiss, k.AutoRerun, k.Record}
	return helpKeys{short: short, full: append(k.FullHelp(), dev), more: &k.Help}
}

// helpPane is the pane whose keys the help bar shows: a text input being
// typed in (it has the keys whatever has the focus), else the focused
// pane.
func (m *Model) helpPane() pane {
	if p := m.typingPane(); p != nil {
		return p
	}
	return m.focusedPane()
}

// formHelp is the help of a focused form: the form's own keys (list keys
// only where the cursor is in a list, the null key in a nullable value,
// select-all in text) and ctrl+c; more (f1, as ? is typed into fields)
// opens the full help, shown after esc when the line has room: submit and
// the way back matter more in a narrow footer than the way to more keys.
func formHelp(fk forms.KeyMap, quit key.Binding, more *key.Binding) helpKeys {
	return helpKeys{
		short: []key.Binding{
			fk.Submit, fk.AddItem, fk.RemoveItem, fk.Null, fk.Cancel, *more, fk.Next, fk.ToggleJSON, fk.SendAnyway,
			fk.SelectAll, fk.Prev, quit,
		},
		full:       append(fk.FullHelp(), []key.Binding{*more, quit}),
		more:       more,
		moreInline: true,
	}
}

// helpHeight is the number of lines the help bar takes now.
func (m *Model) helpHeight() int {
	if !m.help.ShowAll {
		return 1
	}
	pages := m.helpPages()
	return len(pages[min(m.helpPage, len(pages)-1)])
}

// helpRoom is the most lines a full help may take.
func (m *Model) helpRoom() int { return max(m.height-1-min(maxBodyKept, m.height/2), 3) }

// toggleHelp opens the full help, turns its page, or closes it.
func (m *Model) toggleHelp() {
	switch {
	case !m.help.ShowAll:
		m.help.ShowAll, m.helpPage = true, 0
	case m.helpPage < len(m.helpPages())-1:
		m.helpPage++
	default:
		m.help.ShowAll, m.helpPage = false, 0
	}
	m.resize(m.width, m.height)
}

// syncHelp names what ? does next and re-lays the screen out when the
// full help changed height (other keys were enabled).
func (m *Model) syncHelp() {
	what := "close help"
	switch {
	case !m.help.ShowAll:
		what = "more keys"
	case m.helpPage < len(m.helpPages())-1:
		what = "next page"
	}
	m.keys.Help.SetHelp("?", what)
	m.keys.FormHelp.SetHelp("f1", what)
	if m.helpHeight() != m.laidHelp {
		m.resize(m.width, m.height)
	}
}

func (m *Model) helpView() string {
	if m.status != "" {
		return ansi.Truncate(m.st.Match.Render(" "+termtext.Line(m.status)), m.width, "…")
	}
	hk := m.currentHelp()
	if !m.help.ShowAll {
		return m.shortHelp(hk, m.width)
	}
	pages := m.helpPages()
	return strings.Join(pages[min(m.helpPage, len(pages)-1)], "\n")
}

// shortHelp renders the enabled bindings that fit on one line of width w:
// taken in order (most important first), each whole or not at all, the
// key that opens the full help kept whatever else is left out.
func (m *Model) shortHelp(hk helpKeys, w int) string {
	width := func(b key.Binding) int {
		return ansi.StringWidth(b.Help().Key) + 1 + ansi.StringWidth(b.Help().Desc)
	}
	sep := ansi.StringWidth(m.help.ShortSeparator)
	more := hk.more != nil && hk.more.Enabled() && !hk.moreInline
	used := 1 // the leading space
	if more {
		used += width(*hk.more) + sep
	}
	var chosen []key.Binding
	for _, b := range hk.short {
		if !b.Enabled() || (more && slices.Equal(b.Keys(), hk.more.Keys())) {
			continue
		}
		if n := width(b) + sep*min(len(chosen), 1); used+n <= w {
			chosen, used = append(chosen, b), used+n
		}
	}
	if more {
		chosen = append(chosen, *hk.more)
	}
	h := m.help
	h.SetWidth(0)
	return " " + h.ShortHelpView(chosen)
}

// helpPages lays the full help out in rows of columns and cuts it into
// pages of at most helpRoom lines (the last line of each page of many
// says which page it is).
func (m *Model) helpPages() [][]string {
	hk := m.currentHelp()
	lines := m.fullHelpLines(hk.full, m.width)
	room := m.helpRoom()
	if len(lines) <= room {
		return [][]string{lines}
	}
	var pages [][]string
	for len(lines) > 0 {
		n := min(room-1, len(lines))
		pages = append(pages, slices.Clone(lines[:n]))
		for lines = lines[n:]; len(lines) > 0 && lines[0] == ""; {
			lines = lines[1:] // a page starts with keys, not with the gap between rows
		}
	}
	for i := range pages {
		what := "next page"
		if i == len(pages)-1 {
			what = "close help"
		}
		foot := m.st.Dim.Render(fmt.Sprintf(" page %d/%d · ", i+1, len(pages))) + m.st.Key.Render(hk.more.Help().Key) + m.st.Dim.Render(" "+what)
		pages[i] = append(pages[i], foot)
	}
	return pages
}

// fullHelpLines renders groups (one column each, only enabled bindings)
// packed into rows of columns no wider than w, rows apart by a blank line.
func (m *Model) fullHelpLines(groups [][]key.Binding, w int) []string {
	h := m.help
	h.SetWidth(0)
	gap := lipgloss.Width(h.FullSeparator)
	var rows [][][]key.Binding
	used := 0
	for _, g := range groups {
		cw := lipgloss.Width(h.FullHelpView([][]key.Binding{g}))
		if cw == 0 {
			continue // nothing enabled
		}
		if len(rows) == 0 || used+gap+cw > w-1 {
			rows, used = append(rows, nil), -gap
		}
		rows[len(rows)-1] = append(rows[len(rows)-1], g)
		used += gap + cw
	}
	var out []string
	for i, r := range rows {
		if i > 0 {
			out = append(out, "")
		}
		for _, l := range strings.Split(h.FullHelpView(r), "\n") {
			out = append(out, ansi.Truncate(" "+l, w, "…"))
		}
	}
	return out
}
