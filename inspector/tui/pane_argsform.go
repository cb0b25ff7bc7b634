package tui

import (
	"encoding/json"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/forms"
	"github.com/mcpdev/mcpdev/internal/termtext"
)

// argsFormPane is the form of a resource template's variables or a
// prompt's arguments (every value a string), built by forms from the
// item's schema, with the server's completions for the field being typed
// in: asked after a pause in typing (completeDueMsg), never waited for.
type argsFormPane struct {
	st            *Styles
	width, height int
	keys          *forms.KeyMap
	pause         *time.Duration // how long typing pauses before completion is asked (sectionsState.pause)

	it *item // the item the form is for
	heldForm
	err error

	// completion
	seq     int      // the last question's number
	asked   string   // field + "\x00" + value last asked about
	field   string   // the field the suggestions are for
	values  []string // the suggestions
	total   int
	pick    int    // the next suggestion ctrl+y takes
	compErr string // the last completion failed: why
	outbox
}

// leaveArgsMsg: back to the list (esc in the form).
type leaveArgsMsg struct{}

func newArgsFormPane(st *Styles) argsFormPane { return argsFormPane{st: st} }

func (p *argsFormPane) SetSize(w, h int) {
	p.width, p.height = w, h
	if p.form != nil {
		p.form.SetSize(w, max(h-2, 1))
	}
}

func (p *argsFormPane) isOpen() bool { return p.it != nil && p.form != nil }

// open builds a fresh form for it, prefilled with values (may be nil),
// the cursor in field focus ("" the first).
func (p *argsFormPane) open(it item, values json.RawMessage, focus string) tea.Cmd {
	p.it, p.form, p.err = &it, nil, nil
	p.values, p.field, p.asked, p.compErr = nil, "", "", ""
	f, err := forms.New(it.schema, &forms.Options{
		Prefill: values, Theme: p.st.FormTheme(), Light: !p.st.Dark,
		Width: p.width, Height: max(p.height-2, 1), KeyMap: p.keys, Focus: focus,
	})
	if err != nil {
		p.err = err
		return nil
	}
	p.form = f
	return tea.Batch(f.Init(), f.Focus())
}

// HandleKey gives the form every key, and asks the server to complete
// the field typed in once typing pauses; esc leaves at once.
func (p *argsFormPane) HandleKey(k tea.KeyPressMsg, km *KeyMap) tea.Cmd {
	if key.Matches(k, km.TakeCompletion) {
		return p.takeCompletion()
	}
	cmd := p.Update(k)
	if key.Matches(k, km.Form.Cancel) {
		p.send(leaveArgsMsg{})
	}
	if seq, ok := p.due(); ok {
		cmd = tea.Batch(cmd, completeAfter(*p.pause, seq))
	}
	return cmd
}

// bindKeys: take the server's completion while it shows one.
func (p *argsFormPane) bindKeys(km *KeyMap, s keyState) {
	km.TakeCompletion.SetEnabled(s.hasCompletion)
}

// strings returns the form's values as strings (empty ones left out).
func (p *argsFormPane) strings() map[string]string {
	out := map[string]string{}
	if p.form == nil {
		return out
	}
	raw, err := p.form.Value()
	if err != nil {
		return out
	}
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	for k, v := range m {
		if s, ok := v.(string); ok && s != "" {
			out[k] = s
		}
	}
	return out
}

// typed is the field the cursor is in and what it holds.
func (p *argsFormPane) typed() (field, value string) {
	if p.form == nil {
		return "", ""
	}
	field = p.form.Focused()
	return field, p.strings()[field]
}

// due says whether the field being typed in changed since the last
// question: then a new question is numbered and should be asked after a
// pause.
func (p *argsFormPane) due() (int, bool) {
	field, value := p.typed()
	if field == "" || field+"\x00"+value == p.asked {
		return 0, false
	}
	p.asked = field + "\x00" + value
	p.seq++
	return p.seq, true
}

// setCompletion shows an answer, if it answers the last question.
func (p *argsFormPane) setCompletion(msg completionMsg) {
	if msg.seq != p.seq {
		return
	}
	p.field, p.values, p.total, p.pick, p.compErr = msg.field, msg.values, msg.total, 0, ""
	switch {
	case isMethodNotFound(msg.err):
		p.values = nil // the server does not complete: nothing to say
	case msg.err != nil:
		p.values, p.compErr = nil, termtext.Line(firstLine(msg.err.Error()))
	}
}

// takeCompletion puts the next suggestion in its field: the form is
// rebuilt with the value (forms are disposable), the cursor kept there.
func (p *argsFormPane) takeCompletion() tea.Cmd {
	if len(p.values) == 0 || p.it == nil {
		return nil
	}
	vals := p.strings()
	vals[p.field] = p.values[p.pick%len(p.values)]
	pick, field, values, total := p.pick+1, p.field, p.values, p.total
	raw, _ := json.Marshal(vals)
	cmd := p.open(*p.it, raw, field)
	p.field, p.values, p.total, p.pick = field, values, total, pick
	p.asked = field + "\x00" + vals[field] // the value taken is not asked about again
	return cmd
}

func (p *argsFormPane) View() string {
	st := p.st
	if p.err != nil {
		return st.ProtocolError.Render("no form: ") + ansi.Wrap(termtext.Text(p.err.Error()), max(p.width, 10), "")
	}
	if p.form == nil {
		return ""
	}
	return p.form.View() + "\n" + p.completionLine()
}

// completionLine shows the suggestions for the field being typed in.
func (p *argsFormPane) completionLine() string {
	st := p.st
	switch {
	case p.compErr != "":
		return ansi.Truncate(st.Dim.Render("completion failed: "+p.compErr), p.width, "…")
	case len(p.values) == 0:
		return ""
	}
	shown := make([]string, 0, len(p.values))
	for _, v := range p.values {
		shown = append(shown, termtext.Line(v))
	}
	more := ""
	if p.total > len(p.values) {
		more = " (" + itoa(p.total) + " in all)"
	}
	head := st.Key.Render("ctrl+y") + st.Dim.Render(" "+termtext.Line(p.field)+": ")
	return ansi.Truncate(head+strings.Join(shown, st.Dim.Render(" · "))+st.Dim.Render(more), p.width, "…")
}

// help is the form's keys, the way back named for the list, and the key
// that takes the server's completion first.
func (p *argsFormPane) help(k *KeyMap) helpKeys {
	fk := p.form.KeyMap()
	fk.Cancel.SetHelp("esc", "back to list")
	h := formHelp(fk, k.ForceQuit, &k.FormHelp)
	h.short = append([]key.Binding{k.TakeCompletion}, h.short...)
	return h
}
