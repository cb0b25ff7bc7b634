package tui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/forms"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/inspector/testsession"
	"github.com/mcpdev/mcpdev/sdk"
)

// The root's side of the server's questions (ask.go): they queue in
// Model.asks, the first is shown in the ask pane with the keyboard, and
// when it is answered or gone the next is shown, or the focus goes back
// where it was before the server asked.

// statusMsg puts text in the status bar (a pane's word to the person).
type statusMsg struct{ text string }

// openedMsg reports the browser started for a URL (or why not).
type openedMsg struct{ err error }

// askState is the root's record of the questions.
type askState struct {
	queue  []*question
	given  []testsession.Answer       // answered while no call ran: a prompt's (answers.go)
	back   focus                      // where the focus goes when the last question is answered
	values map[string]json.RawMessage // per requested schema: the values last given to it
	local  int                        // the last id of a question no hook asked (negative)
}

// onQuestion queues a question; the first is shown at once.
func (m *Model) onQuestion(q *question) tea.Cmd {
	m.asks.queue = append(m.asks.queue, q)
	if m.state != stateConnected { // asked just before the server exited
		m.dropQuestions("the server exited while it was asking: its question is gone")
		return nil
	}
	if len(m.asks.queue) > 1 {
		m.ask.waiting = len(m.asks.queue) - 1
		return nil
	}
	return m.showQuestion()
}

// showQuestion shows the first question queued and gives it the keys.
func (m *Model) showQuestion() tea.Cmd {
	q := m.asks.queue[0]
	if m.focus != focusAsk {
		m.asks.back = m.focus
	}
	var prefill json.RawMessage
	if q.kind == askForm {
		prefill = m.asks.values[schemaKey(q.elicit.RequestedSchema)]
	}
	m.ask.waiting = len(m.asks.queue) - 1
	cmd := m.ask.open(q, prefill) // focuses its form or reply box
	m.setFocus(focusAsk)
	return cmd
}

// onAnswer hands the person's answer to the hook waiting for it.
func (m *Model) onAnswer(msg answerMsg) tea.Cmd {
	if len(m.asks.queue) == 0 || m.asks.queue[0].id != msg.id {
		return nil
	}
	q := m.asks.queue[0]
	if q.kind == askForm {
		if v := m.ask.value(); v != nil {
			m.asks.values[schemaKey(q.elicit.RequestedSchema)] = v
		}
	}
	// Noted before the hook has it: the sdk then fills the schema's
	// defaults into the same result, on the client's goroutine.
	if q.retry == "" { // (a -32042 URL is opened after its call ended)
		m.noteAnswer(answerOf(q, msg.ans))
	}
	m.status = msg.note
	if q.retry != "" && msg.ans.elicit != nil && msg.ans.elicit.Action == sdk.ActionAccept {
		m.status += " · then call it again (esc, ctrl+r)"
	}
	q.answer <- msg.ans
	return m.nextQuestion()
}

// askURLsOf shows the URLs a call's URLElicitationRequiredError (-32042)
// names as URL questions (nobody waits for their answers: the person
// opens each, then calls again).
func (m *Model) askURLsOf(err error, tool string) tea.Cmd {
	var cmds []tea.Cmd
	for _, e := range sdk.URLElicitationsOf(err) {
		m.asks.local--
		q := &question{id: m.asks.local, kind: askURL, retry: tool, answer: make(chan answer, 1),
			elicit: &sdk.ElicitParams{Mode: "url", Message: e.Message, URL: e.URL, ElicitationID: e.ElicitationID}}
		cmds = append(cmds, m.onQuestion(q))
	}
	return tea.Batch(cmds...)
}

// onAskSubmit accepts the elicitation form, unless it has problems and
// the person did not insist (ctrl+s).
func (m *Model) onAskSubmit(msg forms.SubmitMsg) tea.Cmd {
	if len(msg.Problems) > 0 && !msg.Force {
		m.status = fmt.Sprintf("not sent: %d problem(s) with the answers · fix them, or ctrl+s to send anyway", len(msg.Problems))
		return nil
	}
	q := m.asks.queue[0]
	return m.onAnswer(answerMsg{id: q.id, ans: answer{elicit: &sdk.ElicitResult{Action: sdk.ActionAccept, Content: msg.Args}}, note: "sent your answers to the server"})
}

// nextQuestion shows the next question, or gives the focus back.
func (m *Model) nextQuestion() tea.Cmd {
	m.asks.queue = m.asks.queue[1:]
	if len(m.asks.queue) > 0 {
		return m.showQuestion()
	}
	m.ask.close()
	m.setFocus(m.asks.back)
	return nil
}

// onGone removes a question its hook stopped waiting for.
func (m *Model) onGone(ev goneEvent) tea.Cmd {
	for i, q := range m.asks.queue {
		if q.id != ev.id {
			continue
		}
		if i > 0 {
			m.asks.queue = append(m.asks.queue[:i], m.asks.queue[i+1:]...)
			m.ask.waiting = len(m.asks.queue) - 1
			return nil
		}
		m.status = ev.why
		return m.nextQuestion()
	}
	return nil
}

// dropQuestions answers every question (the connection is gone or being
// replaced: nobody will read the answers, but no hook waits forever).
func (m *Model) dropQuestions(why string) {
	if len(m.asks.queue) == 0 {
		return
	}
	for _, q := range m.asks.queue {
		a := answer{elicit: &sdk.ElicitResult{Action: sdk.ActionCancel}}
		if q.kind == askSample {
			a = answer{err: errSamplingRejected}
		}
		q.answer <- a
	}
	m.asks.queue = nil
	m.ask.close()
	if m.focus == focusAsk {
		m.focus = m.asks.back
	}
	m.status = why
}

// schemaKey is the requested schema, compacted: the same form asked again
// is found by it.
func schemaKey(schema json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, schema) != nil {
		return string(schema)
	}
	return b.String()
}

// webURL: mcpdev opens only http(s) URLs in a browser.
func webURL(u string) bool {
	p, err := url.Parse(u)
	return err == nil && (p.Scheme == "http" || p.Scheme == "https") && p.Host != ""
}

// urlHost is the host a URL points at ("" when it has none).
func urlHost(u string) string {
	p, err := url.Parse(u)
	if err != nil || p.Host == "" {
		return "(none: " + strings.SplitN(u, ":", 2)[0] + ")"
	}
	return p.Host
}

// openURLCmd starts the system's browser on u (checked by webURL).
func openURLCmd(u string) tea.Cmd {
	return func() tea.Msg { return openedMsg{err: target.OpenBrowser(u)} }
}
