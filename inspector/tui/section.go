package tui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/forms"
	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/testsession"
	"github.com/mcpdev/mcpdev/internal/termtext"
)

// section is what the left column lists: tools (t), resources and
// templates (r), or prompts (p). The right column follows: the selected
// entry's details or form above, the output tabs below (a read's contents
// and a prompt's messages go to the Result tab).
type section int

const (
	sectionTools section = iota
	sectionResources
	sectionPrompts
)

func (s section) String() string { return [...]string{"tools", "resources", "prompts"}[s] }

// sectionsState is the state of the Resources and Prompts sections.
type sectionsState struct {
	section  section
	res, prm itemsPane
	args     argsFormPane
	early    []tea.KeyPressMsg  // keys typed before the section's list arrived
	shown    string             // the URI whose contents the Result tab shows
	listen   context.CancelFunc // the 2026 era's subscriptions/listen stream
	pause    time.Duration      // how long typing pauses before completion is asked
}

func newSections(st *Styles, fk *forms.KeyMap) sectionsState {
	b := sectionsState{res: newItemsPane(st, "resources"), prm: newItemsPane(st, "prompts"), args: newArgsFormPane(st), pause: typingPause}
	b.args.keys = fk
	return b
}

// items is the list of section s (nil for tools).
func (m *Model) items(s section) *itemsPane {
	switch s {
	case sectionResources:
		return &m.sections.res
	case sectionPrompts:
		return &m.sections.prm
	}
	return nil
}

// showSection switches the left column, listing the section the first
// time it is shown on this connection.
func (m *Model) showSection(s section) tea.Cmd {
	if m.focus == focusForm {
		m.setFocus(focusTools) // the other section's form keeps its values
	}
	m.sections.section = s
	m.setFocus(focusTools)
	p := m.items(s)
	if p == nil || p.loaded || m.sess == nil || m.sess.conn == nil {
		return nil
	}
	return listItemsCmd(m.sess.ctx, m.sess.conn, m.gen, s)
}

// relistSections lists again the sections already shown (a new
// connection, or a list_changed notification for s).
func (m *Model) relistSections(only ...section) tea.Cmd {
	var cmds []tea.Cmd
	for _, s := range []section{sectionResources, sectionPrompts} {
		if len(only) > 0 && only[0] != s {
			continue
		}
		if p := m.items(s); (p.loaded || m.sections.section == s) && m.sess != nil && m.sess.conn != nil {
			cmds = append(cmds, listItemsCmd(m.sess.ctx, m.sess.conn, m.gen, s))
		}
	}
	return tea.Batch(cmds...)
}

// onSectionConnected forgets what the old connection listed and lists
// the section shown again.
func (m *Model) onSectionConnected() tea.Cmd {
	shown := m.sections.res.loaded || m.sections.section == sectionResources
	m.sections.res.reset()
	m.sections.prm.reset()
	if m.sections.listen != nil {
		m.sections.listen()
		m.sections.listen = nil
	}
	cmd := m.relistSections(sectionPrompts)
	if shown {
		cmd = tea.Batch(cmd, listItemsCmd(m.sess.ctx, m.sess.conn, m.gen, sectionResources))
	}
	return cmd
}

func (m *Model) onItems(msg itemsMsg) tea.Cmd {
	if !m.current(msg.gen) {
		return nil
	}
	m.items(msg.sec).SetItems(msg.items, msg.err)
	if msg.sec != m.sections.section || len(m.sections.early) == 0 {
		return nil
	}
	keys := m.sections.early
	m.sections.early = nil
	var cmds []tea.Cmd
	for _, k := range keys {
		m.syncKeys()
		cmds = append(cmds, m.handleKey(k))
	}
	return tea.Batch(cmds...)
}

// onSectionMsg answers what the section's panes sent and the results of
// their commands.
func (m *Model) onSectionMsg(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case itemsMsg:
		return m.onItems(msg)
	case openItemMsg:
		return m.openItem(msg.it)
	case leaveArgsMsg:
		m.setFocus(focusTools)
	case subscribeMsg:
		return m.subscribe(msg.uri)
	case subscribedMsg:
		m.onSubscribed(msg)
	case outcomeMsg:
		return m.onOutcome(msg)
	case completeDueMsg:
		return m.askCompletion(msg.seq)
	case completionMsg:
		m.sections.args.setCompletion(msg)
	}
	return nil
}

// openItem reads a resource, gets a prompt without arguments, or opens
// the form of a template or a prompt (back to it, values intact, when it
// is already this item's).
func (m *Model) openItem(it item) tea.Cmd {
	switch {
	case it.kind == itemResource:
		return m.startRead(it.uri)
	case it.kind == itemPrompt && it.args == 0:
		return m.startPrompt(it.name, nil)
	case m.sections.args.isOpen() && m.sections.args.it.kind == it.kind && m.sections.args.it.uri == it.uri && m.sections.args.it.name == it.name:
		m.setFocus(focusForm)
		return nil
	}
	cmd := m.sections.args.open(it, nil, "")
	m.setFocus(focusForm)
	return cmd
}

// onArgsSubmit reads the template's URI filled with the form's values, or
// gets the prompt with them.
func (m *Model) onArgsSubmit(msg forms.SubmitMsg) tea.Cmd {
	if len(msg.Problems) > 0 && !msg.Force {
		m.status = fmt.Sprintf("not sent: %d problem(s) with the arguments · fix them, or ctrl+s to send anyway", len(msg.Problems))
		return nil
	}
	it, vals := m.sections.args.it, m.sections.args.strings()
	var missing []string
	for _, r := range it.required {
		if vals[r] == "" {
			missing = append(missing, r)
		}
	}
	if len(missing) > 0 && !msg.Force {
		m.status = "not sent: " + strings.Join(missing, ", ") + " required · fill in, or ctrl+s to send anyway"
		return nil
	}
	if it.kind == itemPrompt {
		return m.startPrompt(it.name, vals)
	}
	uri, err := call.ExpandTemplate(it.uri, vals)
	if err != nil {
		m.status = err.Error()
		return nil
	}
	return m.startRead(uri)
}

// connected says whether requests can be sent, else says why not.
func (m *Model) connected() bool {
	if m.state != stateConnected || m.sess == nil || m.sess.conn == nil {
		m.status = "not connected: press R to restart the server"
		return false
	}
	return true
}

func (m *Model) startRead(uri string) tea.Cmd {
	if !m.connected() {
		return nil
	}
	m.sections.shown = uri
	delete(m.sections.res.updated, uri)
	m.status = "reading " + uri + "…"
	m.tab = tabResult
	m.setFocus(focusOutput)
	return readCmd(m.sess.ctx, m.sess.conn, m.gen, uri)
}

func (m *Model) startPrompt(name string, args map[string]string) tea.Cmd {
	if !m.connected() {
		return nil
	}
	m.sections.shown = ""
	m.startAnswers()
	m.status = "getting prompt " + name + "…"
	m.tab = tabResult
	m.setFocus(focusOutput)
	return promptCmd(m.sess.ctx, m.sess.conn, m.gen, name, args)
}

// onOutcome shows a read's contents or a prompt's messages in the Result
// tab.
func (m *Model) onOutcome(msg outcomeMsg) tea.Cmd {
	if !m.current(msg.gen) {
		return nil
	}
	if strings.HasSuffix(m.status, "…") {
		m.status = ""
	}
	note := m.result.note
	m.result.finish(msg.label, callDoneMsg{view: msg.view, err: msg.err, elapsed: msg.elapsed})
	msg.rec.Roots = m.offeredRoots()
	if msg.rec.Step == "prompt" {
		msg.rec.Answers, m.asks.given = m.takeAnswers(m.asks.given), nil
	}
	if !msg.update && (msg.err == nil || isRPCError(msg.err)) {
		m.dev.calls = append(m.dev.calls, msg.rec) // w writes it as a read or prompt step
	}
	if msg.uri != "" && m.sections.res.subbed[msg.uri] {
		m.result.note = strings.TrimPrefix(note, "saved ") // "updated 12:00:01" stays
	}
	return nil
}

// onSubscribed says why a subscription failed; a refusal stays in the
// recorded session as the subscribe step's rpcError, anything else takes
// the step out.
func (m *Model) onSubscribed(msg subscribedMsg) {
	if !m.current(msg.gen) || msg.err == nil {
		return
	}
	delete(m.sections.res.subbed, msg.uri)
	m.status = "subscribe failed: " + firstLine(msg.err.Error())
	d := &m.dev
	delete(d.awaiting, msg.uri)
	for i := len(d.calls) - 1; i >= 0; i-- {
		if c := &d.calls[i]; c.Step == "subscribe" && c.Tool == msg.uri {
			if c.Err = msg.err; !isRPCError(msg.err) {
				d.calls = slices.Delete(d.calls, i, i+1)
			}
			break
		}
	}
}

// recordSubscribe keeps a subscription the person makes as a subscribe
// step (w), in the order of what they did; its first update is awaited.
func (m *Model) recordSubscribe(uri string) {
	d := &m.dev
	d.calls = append(d.calls, testsession.Call{Step: "subscribe", Tool: uri, Roots: m.offeredRoots()})
	if d.awaiting == nil {
		d.awaiting = map[string]bool{}
	}
	d.awaiting[uri] = true
}

// noteUpdate records the first update of a URI followed since as an
// expectation of the step it came after (an updated line): the update is
// the server's doing, not a step of the person's.
func (m *Model) noteUpdate(uri string) {
	d := &m.dev
	if !d.awaiting[uri] || len(d.calls) == 0 {
		return
	}
	delete(d.awaiting, uri)
	last := &d.calls[len(d.calls)-1]
	last.Updated = append(last.Updated, uri)
}

// onResourceUpdated counts an update of uri, and reads it again when the
// Result tab shows it.
func (m *Model) onResourceUpdated(uri string) tea.Cmd {
	m.noteUpdate(uri)
	m.sections.res.updated[uri]++
	if uri != m.sections.shown || m.sess == nil || m.sess.conn == nil {
		return nil
	}
	delete(m.sections.res.updated, uri)
	m.result.note = "updated " + m.now().Format("15:04:05")
	read := readCmd(m.sess.ctx, m.sess.conn, m.gen, uri)
	return func() tea.Msg {
		msg := read().(outcomeMsg)
		msg.update = true // the server's doing: a recorded session leaves it out
		return msg
	}
}

// subscribe follows uri's updates (once subscribed, a resource stays so
// for the connection).
func (m *Model) subscribe(uri string) tea.Cmd {
	if m.sections.res.subbed[uri] || !m.connected() {
		return nil
	}
	m.sections.res.subbed[uri] = true
	m.recordSubscribe(uri)
	var uris []string
	for u := range m.sections.res.subbed {
		uris = append(uris, u)
	}
	if m.sections.listen != nil {
		m.sections.listen() // the 2026 era: one stream for every URI followed
	}
	ctx, cancel := context.WithCancel(m.sess.ctx)
	m.sections.listen = cancel
	m.status = "subscribed to " + uri + ": updates are counted in the list and re-read when shown"
	return subscribeCmd(ctx, m.sess.conn, m.gen, uri, uris)
}

// askCompletion asks the server to complete the field being typed in,
// when no key has changed it since completeDueMsg was scheduled; the
// other filled-in values go as context.
func (m *Model) askCompletion(seq int) tea.Cmd {
	a := &m.sections.args
	if seq != a.seq || !a.isOpen() || m.state != stateConnected || m.sess == nil || m.sess.conn == nil {
		return nil
	}
	field, value := a.typed()
	filled := a.strings()
	delete(filled, field)
	return completeCmd(m.sess.ctx, m.sess.conn, seq, a.it.ref(), field, value, filled)
}

// sectionTitle is the left box's title.
func (m *Model) sectionTitle() string {
	p := m.items(m.sections.section)
	name := map[section]string{sectionResources: "Resources", sectionPrompts: "Prompts"}[m.sections.section]
	return fmt.Sprintf("%s %d", name, len(p.items))
}

// argsShown: the upper right box shows the open form rather than the
// selected entry's details (as formShown does for tools).
func (m *Model) argsShown() bool {
	a := &m.sections.args
	if !a.isOpen() {
		return false
	}
	sel := m.items(m.sections.section).Selected()
	return m.focus == focusForm || (sel != nil && sel.kind == a.it.kind && sel.uri == a.it.uri && sel.name == a.it.name)
}

// upperSection renders the upper right box of a section: the form, or the
// selected entry's details.
func (m *Model) upperSection(w, h int) string {
	if m.argsShown() {
		return m.box("Form · "+termtext.Line(m.sections.args.it.label()), m.sections.args.View(), w, h, m.focus == focusForm)
	}
	sel := m.items(m.sections.section).Selected()
	if sel == nil {
		return m.box("Details", "", w, h, false)
	}
	return m.box(m.itemKindTitle(*sel), m.detailsView(*sel, w-4), w, h, false)
}

func (m *Model) itemKindTitle(it item) string {
	return map[itemKind]string{itemResource: "Resource", itemTemplate: "Template", itemPrompt: "Prompt"}[it.kind]
}

// detailsView lists the entry's fields, its description, and what enter
// does.
func (m *Model) detailsView(it item, w int) string {
	st := m.st
	var lines []string
	for _, d := range it.details {
		label, val, _ := strings.Cut(d, ": ")
		lines = append(lines, st.Dim.Render(label+": ")+termtext.Line(val))
	}
	if it.desc != "" {
		lines = append(lines, "")
		lines = append(lines, strings.Split(ansi.Wrap(termtext.Text(it.desc), max(w, 10), ""), "\n")...)
	}
	what := map[itemKind]string{itemResource: "read it", itemTemplate: "fill its variables", itemPrompt: "fill its arguments"}[it.kind]
	if it.kind == itemPrompt && it.args == 0 {
		what = "get its messages"
	}
	lines = append(lines, "", st.Key.Render("enter")+st.Dim.Render(" "+what))
	if it.kind == itemResource {
		lines = append(lines, st.Key.Render("u")+st.Dim.Render(" follow its updates"))
	}
	return strings.Join(lines, "\n")
}

// syncSections enables the section keys that apply (KeyMap.sync).
func (k *KeyMap) syncSections(s keyState) {
	free := !s.typing && !(s.focus == focusForm && s.formOpen) && s.focus != focusDoctor
	k.ShowTools.SetEnabled(free && s.section != sectionTools)
	k.ShowResources.SetEnabled(free && s.section != sectionResources)
	k.ShowPrompts.SetEnabled(free && s.section != sectionPrompts)
}

// sectionKeyOf is the section a section key shows.
func (k *KeyMap) sectionKeyOf(msg tea.KeyPressMsg) (section, bool) {
	for s, b := range []key.Binding{k.ShowTools, k.ShowResources, k.ShowPrompts} {
		if key.Matches(msg, b) {
			return section(s), true
		}
	}
	return 0, false
}

// sectionKeyState fills in what the keys depend on in a section: its
// list's selection and its form stand for the tools'.
func (m *Model) sectionKeyState(s *keyState) {
	if m.sections.section == sectionTools {
		return
	}
	sel := m.items(m.sections.section).Selected()
	s.hasTools = sel != nil
	s.formOpen = m.argsShown()
	s.canSubscribe = sel != nil && sel.kind == itemResource && !m.sections.res.subbed[sel.uri]
	s.hasCompletion = len(m.sections.args.values) > 0
	s.filtered = false
}
