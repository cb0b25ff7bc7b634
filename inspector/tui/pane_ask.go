package tui

import (
	"encoding/json"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/forms"
	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
)

// askPane shows the server's question over the output tabs: an
// elicitation's form (built by forms from the requested schema), a URL to
// open, or a sampling request with a box for the reply. It has every key
// while it is shown; what the person answers goes to the root as an
// answerMsg, which hands it to the waiting hook.
type askPane struct {
	st            *Styles
	width, height int
	keys          *forms.KeyMap

	q       *question // shown; nil when the server asks nothing
	waiting int       // questions queued behind this one
	heldForm
	err     error    // the requested schema cannot be made into a form
	msg     scroller // the server's message, laid out (cut when huge); pgup/pgdn scroll it
	request scroller // a sampling request, laid out
	reply   textarea.Model
	outbox
}

// answerMsg: the person answered question id; note goes to the status
// bar.
type answerMsg struct {
	id   int
	ans  answer
	note string
}

// maxAskText is the most of a server's text a question shows; the rest
// is counted, not laid out.
const maxAskText = 16 << 10

func newAskPane(st *Styles, fk *forms.KeyMap) askPane {
	return askPane{st: st, keys: fk}
}

func (p *askPane) SetSize(w, h int) {
	p.width, p.height = w, h
	p.layout()
}

// open shows q, the form prefilled with prefill (the values the person
// gave the same form before; nil: the schema's defaults).
func (p *askPane) open(q *question, prefill json.RawMessage) tea.Cmd {
	p.q, p.form, p.err = q, nil, nil
	p.request = scroller{}
	switch q.kind {
	case askSample:
		p.reply = newReplyBox(p.st)
		p.request.SetLines(sampleLines(p.st, q.sample, max(p.width, 20)))
	case askForm:
		f, err := forms.New(q.elicit.RequestedSchema, &forms.Options{
			Prefill: prefill, Theme: p.st.FormTheme(), Light: !p.st.Dark, KeyMap: p.keys,
			Width: p.width, // the height: layout, under the message
		})
		p.form, p.err = f, err
	}
	p.layout()
	if q.kind == askSample {
		return p.reply.Focus()
	}
	if p.form != nil {
		return p.form.Init()
	}
	return nil
}

// close hides the pane (the last question was answered or is gone).
func (p *askPane) close() { p.q, p.form, p.err, p.msg = nil, nil, nil, scroller{} }

// layout fits the message, then the form or the request and the reply box.
func (p *askPane) layout() {
	if p.q == nil {
		return
	}
	w := max(p.width, 10)
	if p.q.kind != askSample {
		lines := wrapLines(capText(p.q.elicit.Message), w, 1000) // capText bounds it
		p.msg.SetLines(lines)
		p.msg.SetSize(w, min(len(lines), max(p.height/3, 1)))
	}
	switch {
	case p.form != nil: // under the message, to the pane's last row (its scroll mark's)
		p.form.SetSize(w, max(p.height-p.msg.height, 1))
	case p.q.kind == askSample:
		box := min(5, max(p.height/3, 1))
		p.reply.SetWidth(w)
		p.reply.SetHeight(box)
		p.request.SetLines(sampleLines(p.st, p.q.sample, w))
		p.request.SetSize(w, max(p.height-box-1, 1))
	}
}

// Update passes other messages (cursor blinks) to the form or the box.
func (p *askPane) Update(msg tea.Msg) tea.Cmd {
	if p.q != nil && p.q.kind == askSample {
		var cmd tea.Cmd
		p.reply, cmd = p.reply.Update(msg)
		return cmd
	}
	return p.heldForm.Update(msg)
}

// HandleKey answers the question's keys; the rest go to the form or the
// reply box.
func (p *askPane) HandleKey(k tea.KeyPressMsg, km *KeyMap) tea.Cmd {
	if p.q == nil {
		return nil
	}
	switch p.q.kind {
	case askForm:
		return p.formKey(k, &km.Ask)
	case askURL:
		return p.urlKey(k, &km.Ask)
	}
	return p.sampleKey(k, &km.Ask)
}

func (p *askPane) formKey(k tea.KeyPressMsg, ak *askKeys) tea.Cmd {
	if p.scrollMessage(k, ak) {
		return nil
	}
	switch {
	case key.Matches(k, ak.Decline):
		p.answer(answer{elicit: &sdk.ElicitResult{Action: sdk.ActionDecline}}, "declined the server's form")
	case key.Matches(k, ak.Cancel):
		p.answer(answer{elicit: &sdk.ElicitResult{Action: sdk.ActionCancel}}, "cancelled the server's form")
	default:
		return p.heldForm.Update(k) // submitting comes back as forms.SubmitMsg
	}
	return nil
}

func (p *askPane) urlKey(k tea.KeyPressMsg, ak *askKeys) tea.Cmd {
	u := p.q.elicit.URL
	accept := answer{elicit: &sdk.ElicitResult{Action: sdk.ActionAccept}}
	if p.scrollMessage(k, ak) {
		return nil
	}
	switch {
	case key.Matches(k, ak.Open):
		if !webURL(u) {
			p.send(statusMsg{text: "mcpdev opens only http and https URLs: y copies it"})
			return nil
		}
		p.answer(accept, "opening the URL in the browser")
		return openURLCmd(u)
	case key.Matches(k, ak.Copy):
		p.answer(accept, "copied the URL to the clipboard (OSC 52)")
		return tea.SetClipboard(u)
	case key.Matches(k, ak.Decline, ak.No):
		p.answer(answer{elicit: &sdk.ElicitResult{Action: sdk.ActionDecline}}, "declined to open the URL")
	case key.Matches(k, ak.Cancel):
		p.answer(answer{elicit: &sdk.ElicitResult{Action: sdk.ActionCancel}}, "cancelled the URL request")
	}
	return nil
}

func (p *askPane) sampleKey(k tea.KeyPressMsg, ak *askKeys) tea.Cmd {
	switch {
	case key.Matches(k, ak.Send):
		text := p.reply.Value()
		if strings.TrimSpace(text) == "" {
			p.send(statusMsg{text: "type a reply first, or esc to reject the request"})
			return nil
		}
		p.answer(answer{sample: textReply(text, humanModel)}, "sent your reply to the sampling request")
	case key.Matches(k, ak.Reject):
		p.answer(answer{err: errSamplingRejected}, "rejected the sampling request")
	case key.Matches(k, ak.ScrollUp):
		p.request.Scroll(-max(p.request.height-1, 1))
	case key.Matches(k, ak.ScrollDown):
		p.request.Scroll(max(p.request.height-1, 1))
	default:
		var cmd tea.Cmd
		p.reply, cmd = p.reply.Update(k)
		return cmd
	}
	return nil
}

// scrollMessage scrolls a message longer than its window (pgup/pgdn).
func (p *askPane) scrollMessage(k tea.KeyPressMsg, ak *askKeys) bool {
	if !p.longMessage() {
		return false
	}
	switch {
	case key.Matches(k, ak.ScrollUp):
		p.msg.Scroll(-max(p.msg.height-1, 1))
	case key.Matches(k, ak.ScrollDown):
		p.msg.Scroll(max(p.msg.height-1, 1))
	default:
		return false
	}
	return true
}

// longMessage: the message does not fit its window.
func (p *askPane) longMessage() bool { return len(p.msg.lines) > p.msg.height }

// answer sends the person's answer to the root.
func (p *askPane) answer(a answer, note string) {
	p.send(answerMsg{id: p.q.id, ans: a, note: note})
}

// Title names the question for the box's top line.
func (p *askPane) Title() string {
	t := "Server asks · "
	switch k := p.q.kind; {
	case k == askForm:
		t += "elicitation (form)"
	case k == askURL && p.q.retry != "":
		t += "open a URL for " + termtext.Line(p.q.retry) + " (-32042)"
	case k == askURL:
		t += "elicitation (open a URL)"
	case k == askSample:
		t += "sampling"
	}
	if p.waiting > 0 {
		t += " · " + itoa(p.waiting) + " more waiting"
	}
	return t
}

func (p *askPane) View() string {
	if p.q == nil {
		return ""
	}
	switch p.q.kind {
	case askSample:
		return p.request.View() + "\n" + p.st.Section.Render("Your reply") + p.st.Dim.Render(" (as the assistant)") + "\n" + p.reply.View()
	case askURL:
		return p.urlView()
	}
	head := p.msg.View()
	if p.err != nil {
		return head + "\n" + p.st.ProtocolError.Render("The requested schema cannot be made into a form:") + "\n" +
			ansi.Wrap(termtext.Text(p.err.Error()), max(p.width, 10), "") + "\n" +
			p.st.Dim.Render("ctrl+d declines, esc cancels")
	}
	return head + "\n" + p.form.View()
}

// urlView shows a URL-mode question: the URL whole, its host apart (what
// the person is about to trust), then the server's message.
func (p *askPane) urlView() string {
	st, w := p.st, max(p.width, 10)
	u := capText(p.q.elicit.URL)
	lines := []string{st.Bold.Render("The server asks you to open:")}
	lines = append(lines, wrapLines(termtext.Line(u), w, 4)...)
	lines = append(lines, st.Dim.Render("host ")+termtext.Line(urlHost(u)), "")
	lines = append(lines, p.msg.View())
	return strings.Join(lines, "\n") // the help bar says how to answer
}

// capText cuts s to maxAskText bytes (on a rune boundary), saying how
// much there was.
func capText(s string) string {
	if len(s) <= maxAskText {
		return s
	}
	return strings.ToValidUTF8(s[:maxAskText], "") + "… (" + itoa(len(s)) + " bytes in all)"
}

// wrapLines is s made safe, wrapped to w and cut to n lines.
func wrapLines(s string, w, n int) []string {
	lines := strings.Split(ansi.Wrap(termtext.Text(s), w, ""), "\n")
	if len(lines) > n {
		lines = append(lines[:n-1], ansi.Truncate(lines[n-1], max(w-1, 1), "")+"…")
	}
	return lines
}

// newReplyBox is the text box a sampling reply is typed in.
func newReplyBox(st *Styles) textarea.Model {
	t := textarea.New()
	t.ShowLineNumbers = false
	t.Placeholder = "type the assistant's reply"
	t.SetStyles(textarea.DefaultStyles(st.Dark))
	t.CharLimit = 0
	return t
}

// help is the help of the server's question: how to answer it.
func (p *askPane) help(k *KeyMap) helpKeys {
	ak := &k.Ask
	switch {
	case p.q.kind == askURL:
		keys := []key.Binding{ak.Open, ak.Copy, ak.No, ak.Cancel, k.FormHelp, k.ForceQuit}
		if p.longMessage() {
			keys = append(keys[:4], append([]key.Binding{msgScrollKey(k)}, keys[4:]...)...)
		}
		return helpKeys{short: keys, full: [][]key.Binding{keys}, more: &k.FormHelp, moreInline: true}
	case p.q.kind == askSample:
		keys := []key.Binding{ak.Send, ak.Reject, ak.ScrollUp, k.FormHelp, k.ForceQuit}
		return helpKeys{short: keys, full: [][]key.Binding{keys}, more: &k.FormHelp, moreInline: true}
	case p.form == nil:
		keys := []key.Binding{ak.Decline, ak.Cancel, k.ForceQuit}
		return helpKeys{short: keys, full: [][]key.Binding{keys}, more: &k.FormHelp, moreInline: true}
	}
	h := formHelp(p.form.KeyMap(), k.ForceQuit, &k.FormHelp)
	h.short = append([]key.Binding{h.short[0], ak.Decline}, h.short[1:]...)
	h.full = append(h.full, []key.Binding{ak.Decline})
	if p.longMessage() {
		h.short = append(h.short[:2], append([]key.Binding{msgScrollKey(k)}, h.short[2:]...)...)
		h.full[len(h.full)-1] = append(h.full[len(h.full)-1], msgScrollKey(k))
	}
	return h
}

// msgScrollKey is pgup/pgdn worded for a question's long message.
func msgScrollKey(k *KeyMap) key.Binding {
	b := k.Ask.ScrollUp
	b.SetHelp("pgup/pgdn", "scroll message")
	return b
}

// bindKeys: none; its keys (KeyMap.Ask, AskForm) are always enabled.
func (p *askPane) bindKeys(*KeyMap, keyState) {}
