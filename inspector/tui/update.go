package tui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/forms"
	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/sdk"
)

// Update handles one message. It never blocks: everything slow is a command.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := m.update(msg)
	if seq := m.result.takeTransmit(); seq != "" {
		cmd = tea.Batch(cmd, tea.Raw(seq)) // an inline image, sent beside the frame
	}
	if _, drawing := msg.(imagesDrawMsg); !drawing {
		cmd = tea.Batch(cmd, m.result.drawSoon()) // images drawn at the cursor, after the frame
	}
	if m.focusCmd != nil {
		cmd, m.focusCmd = tea.Batch(cmd, m.focusCmd), nil
	}
	m.syncPause()
	m.syncKeys()
	m.syncHelp()
	return m, cmd
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case imagesDrawMsg:
		if seq := m.result.drawImages(); seq != "" {
			return tea.Raw(seq)
		}
	case tea.WindowSizeMsg:
		m.term = [2]int{msg.Width, msg.Height}
		m.resize(msg.Width, msg.Height)
	case tea.BackgroundColorMsg:
		m.setDark(msg.IsDark())
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case openToolMsg:
		return m.openTool(msg)
	case leaveFormMsg:
		m.leaveForm()
	case rerunMsg, editMsg, copyCallMsg:
		return m.onHistory(msg)
	case logLevelMsg:
		return m.nextLogLevel()
	case showTabMsg, backToFormMsg, cancelCallMsg, scrollChangesMsg:
		m.onOutputMsg(msg)
	case devMsg:
		return m.onDevMsg(msg)
	case connectedMsg:
		return m.onConnected(msg)
	case connectFailedMsg:
		return m.onConnectFailed(msg)
	case toolsMsg:
		return m.onTools(msg)
	case eventsMsg:
		return m.onEvents(msg)
	case disconnectedMsg:
		m.onDisconnected(msg)
	case callDoneMsg:
		if m.call == nil || msg.id != m.call.id {
			return nil
		}
		msg.elapsed = m.unpaused(msg.elapsed)
		return m.onDevCallDone(msg) // shows the result, then remembers the call
	case buildTickMsg:
		return m.onBuildTick(msg)
	case probeMsg:
		return m.onProbe(msg)
	case levelSetMsg:
		return m.onLevelSet(msg)
	case tickMsg:
		if m.call != nil && m.call.id == msg.id {
			return tickCmd(msg.id)
		}
	case savedMsg:
		m.onSaved(msg)
	case readLinkMsg:
		return m.startRead(msg.uri)
	case itemsMsg, openItemMsg, leaveArgsMsg, subscribeMsg, subscribedMsg, outcomeMsg, completeDueMsg, completionMsg:
		return m.onSectionMsg(msg)
	case answerMsg:
		return m.onAnswer(msg)
	case openRootsMsg, addRootMsg, rootCheckedMsg, removeRootMsg, closeRootsMsg:
		return m.onRootsMsg(msg)
	case statusMsg:
		m.status = msg.text
	case openedMsg:
		if msg.err != nil {
			m.status = "could not open the browser: " + msg.err.Error()
		}
	case forms.SubmitMsg:
		if m.focus == focusAsk && m.ask.form != nil {
			return m.onAskSubmit(msg)
		}
		if m.sections.section != sectionTools && m.sections.args.isOpen() {
			return m.onArgsSubmit(msg)
		}
		return m.onSubmit(msg, false)
	case taskSubmitMsg:
		return m.onSubmit(msg.SubmitMsg, true)
	case forms.CancelMsg:
		if m.focus == focusForm && m.sections.section == sectionTools {
			m.leaveForm()
		}
	default:
		return m.forward(msg)
	}
	return nil
}

// forward gives other messages (cursor blinks, field internals) to the
// form and the text inputs.
func (m *Model) forward(msg tea.Msg) tea.Cmd {
	var cmds []tea.Cmd
	if m.form.form != nil {
		cmds = append(cmds, m.form.Update(msg))
	}
	if m.ask.q != nil {
		cmds = append(cmds, m.ask.Update(msg))
	}
	if m.sections.args.form != nil {
		cmds = append(cmds, m.sections.args.Update(msg))
	}
	if m.tools.typing() {
		cmds = append(cmds, m.tools.typeFilter(msg))
	}
	if m.traffic.typing() {
		cmds = append(cmds, m.traffic.typeSearch(msg))
	}
	return tea.Batch(cmds...)
}

func (m *Model) current(gen int) bool { return m.sess != nil && gen == m.gen }

func (m *Model) onConnected(msg connectedMsg) tea.Cmd {
	if !m.current(msg.gen) {
		return closeConnCmd(msg.conn)
	}
	m.sess.conn = msg.conn
	m.tools.unreachable = false
	m.state, m.header.state, m.header.info = stateConnected, stateConnected, msg.info
	m.header.linkDown, m.probing = false, false
	m.header.buildStart = time.Time{}
	m.onSignedIn(msg.conn.SignedIn)
	if m.focus == focusDoctor {
		if m.reopen != "" && m.form.form != nil {
			m.setFocus(focusForm) // rebuilt on the new schema once listed
		} else {
			m.setFocus(focusTools)
		}
	}
	return tea.Batch(listToolsCmd(m.sess.ctx, msg.conn.Client, msg.gen), waitDoneCmd(m.sess.ctx, msg.conn, msg.gen), m.onSectionConnected(),
		m.resendLogLevel())
}

func (m *Model) onConnectFailed(msg connectFailedMsg) tea.Cmd {
	if !m.current(msg.gen) {
		return nil
	}
	m.dev.awaitTools = false // a dev restart failed: no diff to wait for
	m.setDevHeader()
	m.state, m.header.state = stateFailed, stateFailed
	m.tools.unreachable = true
	m.header.buildStart = time.Time{}
	m.doctor.set("The server could not be started", msg.report)
	m.setFocus(focusDoctor)
	return nil
}

func (m *Model) onDisconnected(msg disconnectedMsg) {
	if !m.current(msg.gen) {
		return
	}
	m.state, m.header.state = stateExited, stateExited
	m.dropQuestions("the server exited while it was asking: its question is gone")
	m.doctor.set("The server exited", msg.report)
	if m.form.isOpen() {
		m.reopen = m.form.tool.Name
		if v := m.form.value(); v != nil {
			m.drafts[m.reopen] = v
		}
	}
	m.setFocus(focusDoctor)
}

func (m *Model) onTools(msg toolsMsg) tea.Cmd {
	if !m.current(msg.gen) {
		return nil
	}
	if m.dev.awaitTools {
		return m.onDevTools(msg) // a dev restart: the diff, the re-run
	}
	return m.listTools(msg)
}

// listTools shows a tool list.
func (m *Model) listTools(msg toolsMsg) tea.Cmd {
	if msg.err != nil {
		m.tools.err = msg.err
		return nil
	}
	first := !m.tools.loaded
	m.tools.SetTools(msg.tools)
	if !msg.costs.fits(len(msg.tools)) { // a message made without them
		msg.costs = countTools(msg.tools)
	}
	m.tools.SetCosts(msg.costs)
	if m.form.isOpen() {
		if t := m.findTool(m.form.tool.Name); t != nil {
			m.form.tool = t // the schema may have changed; the form stays
		}
	}
	if name := m.reopen; name != "" {
		m.reopen = ""
		if t := m.findTool(name); t != nil {
			m.tools.selectName(name)
			return m.openForm(*t)
		}
	}
	if first {
		return m.replayEarlyKeys()
	}
	return nil
}

// replayEarlyKeys handles the keys typed before the tool list arrived, so
// "enter, dune, ctrl+r" typed during a build is not lost.
func (m *Model) replayEarlyKeys() tea.Cmd {
	keys := m.early
	m.early = nil
	var cmds []tea.Cmd
	for _, k := range keys {
		m.syncKeys()
		cmds = append(cmds, m.handleKey(k))
	}
	return tea.Batch(cmds...)
}

func (m *Model) findTool(name string) *sdk.ToolInfo {
	for i := range m.tools.tools {
		if m.tools.tools[i].Name == name {
			return &m.tools.tools[i]
		}
	}
	return nil
}

func (m *Model) onEvents(msg eventsMsg) tea.Cmd {
	if !m.current(msg.gen) {
		return nil
	}
	var cmds []tea.Cmd
	for _, ev := range msg.events {
		switch ev := ev.(type) {
		case logEvent:
			m.logs.add(ev)
		case trafficEvent:
			m.traffic.add(ev)
		case progressEvent:
			m.result.setProgress(ev.callID, ev.p)
		case taskEvent:
			m.result.setTask(ev.callID, ev.ev)
		case buildEvent:
			cmds = append(cmds, m.onBuildEvent(ev))
		case authEvent:
			m.auth.add(ev.ev)
			m.syncAuthHeader()
		case linkEvent:
			cmds = append(cmds, m.onLink(ev.ev))
		case resourceUpdatedEvent:
			cmds = append(cmds, m.onResourceUpdated(ev.uri))
		case listChangedEvent:
			cmds = append(cmds, m.relistSections(ev.sec))
		case questionEvent:
			cmds = append(cmds, m.onQuestion(ev.q))
		case goneEvent:
			cmds = append(cmds, m.onGone(ev))
		case toolsChangedEvent:
			if m.sess.conn != nil {
				cmds = append(cmds, listToolsCmd(m.sess.ctx, m.sess.conn.Client, m.gen))
			}
		}
	}
	if m.tab == tabLogs {
		m.logs.unread = 0
	}
	return tea.Batch(append(cmds, waitEventsCmd(m.sess.box, msg.gen))...)
}

// openForm opens a fresh form for tool, prefilled with its draft or last
// arguments, and focuses its first field.
func (m *Model) openForm(t sdk.ToolInfo) tea.Cmd {
	prefill := m.drafts[t.Name]
	if prefill == nil {
		prefill = m.lastArgs[t.Name]
	}
	delete(m.drafts, t.Name)
	m.setFocus(focusForm)
	return m.form.open(t, prefill)
}

// leaveForm returns to the tool list; the values stay as a draft.
func (m *Model) leaveForm() {
	if m.form.isOpen() {
		if v := m.form.value(); v != nil {
			m.drafts[m.form.tool.Name] = v
		}
	}
	m.setFocus(focusTools)
}

// onSubmit calls the open form's tool; asTask runs it as a task (the
// RunAsTask key, for a tool that may run either way).
func (m *Model) onSubmit(msg forms.SubmitMsg, asTask bool) tea.Cmd {
	if len(msg.Problems) > 0 && !msg.Force {
		// the form shows each problem at its field; the bar says what to do
		m.status = fmt.Sprintf("not sent: %d problem(s) with the arguments · fix them, or ctrl+s to send anyway", len(msg.Problems))
		return nil
	}
	if !m.form.isOpen() {
		return nil
	}
	return m.startCallAs(*m.form.tool, msg.Args, asTask)
}

// startCall calls tool with args; the output pane shows its progress. A
// tool that runs only as a task runs as one.
func (m *Model) startCall(t sdk.ToolInfo, args json.RawMessage) tea.Cmd {
	return m.startCallAs(t, args, false)
}

// startCallAs is startCall, asTask running the tool as a task even when
// it does not require it.
func (m *Model) startCallAs(t sdk.ToolInfo, args json.RawMessage, asTask bool) tea.Cmd {
	if m.state != stateConnected || m.sess == nil || m.sess.conn == nil {
		m.status = "not connected: press R to restart the server"
		return nil
	}
	if m.call != nil {
		m.status = "a call is running: wait, or press esc to cancel it"
		return nil
	}
	m.nextCall++
	ctx, cancel := context.WithCancel(m.sess.ctx)
	m.call = &runningCall{id: m.nextCall, tool: t.Name, start: m.now(), cancel: cancel}
	m.pause = callPause{}
	m.startAnswers()
	m.callTool, m.callArgs, m.asTask = t, args, asTask
	run := callCmd
	if asTask || call.NeedsTask(t) {
		m.call.task, run = &taskState{}, taskCallCmd
	}
	m.result.start(m.call)
	m.tab = tabResult
	m.setFocus(focusOutput)
	return tea.Batch(run(ctx, m.sess, m.call.id, t, args), tickCmd(m.call.id))
}

// onCallDone shows a call's outcome. In the 2026 era no
// notifications/tools/list_changed can arrive, so the tools are listed
// again after every call (a call is what usually changes them).
func (m *Model) onCallDone(msg callDoneMsg) tea.Cmd {
	if m.call == nil || msg.id != m.call.id {
		return nil
	}
	m.call.cancel()
	if m.call.cancelled && m.status == cancellingText(m.call.tool) {
		m.status = "" // the result pane says it ended
	}
	msg.task, m.call = m.call.task != nil, nil
	if msg.err == nil && msg.view == nil && msg.res != nil {
		msg.view = prepareResult(msg.res, m.callTool)
	}
	m.result.finish(m.callTool.Name, msg)
	urls := m.askURLsOf(msg.err, m.callTool.Name)
	m.lastArgs[m.callTool.Name] = m.callArgs
	m.history.add(historyEntry{tool: m.callTool.Name, args: m.callArgs, schema: m.callTool.InputSchema, at: m.now(), elapsed: msg.elapsed, outcome: outcome(msg),
		answers: msg.answers, roots: m.offeredRoots(), task: m.asTask, ranTask: msg.task})
	if errors.Is(msg.err, sdk.ErrConnectionClosed) {
		m.status = "the connection closed during the call to " + m.callTool.Name
		return nil
	}
	urls = tea.Batch(urls, releaseMemoryCmd(msg.view))
	if m.sess != nil && m.sess.conn != nil && m.sess.conn.Client.Era() == sdk.Era2026 {
		return tea.Batch(urls, listToolsCmd(m.sess.ctx, m.sess.conn.Client, m.gen))
	}
	return urls
}

// cancelCall cancels the running call: the client sends
// notifications/cancelled and the call ends with context.Canceled.
func (m *Model) cancelCall() {
	if m.call != nil {
		m.call.cancel()
		m.call.cancelled = true
		m.status = cancellingText(m.call.tool)
	}
}

// cancellingText is the help bar while a cancel is under way; it goes when
// the call ends.
func cancellingText(tool string) string { return "cancelling " + tool + "…" }

func (m *Model) onSaved(msg savedMsg) {
	switch {
	case msg.err != nil:
		m.result.note = "save failed: " + msg.err.Error()
	case len(msg.paths) > 0:
		m.result.note = "saved " + strings.Join(msg.paths, ", ")
	}
}
