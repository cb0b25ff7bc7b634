// Package tui is mcpdev's interactive inspector: a Bubble Tea program that
// connects to an MCP server by itself, lists its tools, builds a form from
// the selected tool's input schema (package forms), calls it and shows
// every part of the result, with logs, raw traffic and a history of calls.
//
// Only Model (the root) returns a tea.View; panes render strings and are
// sized with SetSize. Keys go to the focused pane only; an open, focused
// form gets every key but ctrl+c. No I/O happens in Update: connecting,
// listing and calling run as commands (cmds.go), and the connection's
// streams arrive through one re-arming wait command (mailbox.go).
package tui

import (
	"context"
	"encoding/json"
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
)

// Options configures the inspector; every field is optional.
type Options struct {
	// Target is the server as the user named it: shown until the server
	// says its name, and the target of copied `mcpdev call` commands when
	// Dev.Target (which has the exact command-line words) is nil.
	Target string
	// Dark forces the dark (true) or light (false) palette; nil asks the
	// terminal (tea.BackgroundColorMsg) and starts dark.
	Dark *bool
	// SaveDir is where media blocks are saved (default: the current
	// directory).
	SaveDir string
	// Images is how the result's image blocks are drawn in the terminal
	// (Run reads it from the environment: image_proto.go); CellPixels is
	// a cell's size in pixels for iTerm2 and sixel (0: 8×16).
	Images     ImageProtocol
	CellPixels [2]int
	// ConnectTimeout bounds initialize (0: the CLI's default).
	ConnectTimeout time.Duration
	// Now is the clock (tests pin it); default time.Now.
	Now func() time.Time
	// SampleReply, when set, answers every sampling request at once (for
	// scripted use); the logs say so. Empty: a person answers.
	SampleReply string
	// LogLevel, when set, is sent on connecting (--log-level), as the L
	// key in the logs tab sends it (loglevel.go).
	LogLevel sdk.LogLevel
	// Roots are the roots offered to the server (roots/list); empty: the
	// server's working directory (Dev.Target's Dir, else the current
	// directory).
	Roots []sdk.Root
	// Dev configures the dev loop: watch and rebuild, remembered
	// arguments, recorded sessions (devloop.go).
	Dev DevOptions
}

// Model is the root model of the inspector.
type Model struct {
	ctx       context.Context
	connector Connector
	opts      Options
	now       func() time.Time

	st            Styles
	keys          KeyMap
	help          help.Model
	helpPage      int // the page of the full help shown
	laidHelp      int // the help bar's height the panes were laid out for
	width, height int
	term          [2]int // the terminal's own size (width, height lay out at least minWidth×minHeight)
	focus         focus
	tab           tab
	status        string
	probing       bool // a probe of a server out of reach is under way (link.go)
	// logLevel is the level of the server's logs the person set (L in
	// the logs tab), "" for the server's own; sent again on a new
	// connection or session (loglevel.go).
	logLevel sdk.LogLevel
	// levelWanted is the level the L presses ask for while one is sent
	// (levelBusy): the next is sent when it is answered.
	levelWanted sdk.LogLevel
	levelBusy   bool

	header   headerPane
	tools    toolsPane
	form     formPane
	result   resultPane
	logs     logsPane
	traffic  trafficPane
	history  historyPane
	lintTab  lintPane // the Lint tab: the list's findings and token cost
	doctor   doctorPane
	sections sectionsState // the Resources and Prompts sections (section.go)
	ask      askPane       // the server's question being answered (pane_ask.go)
	asks     askState      // the questions waiting (ask_update.go)
	roots    rootsState    // the roots offered, and their view (roots.go)
	auth     authPane      // signing in to an HTTP server (pane_auth.go)

	sess     *session
	gen      int
	state    connState
	nextCall int
	call     *runningCall
	pause    callPause // the running call's time waiting for answers (call_pause.go)
	callTool sdk.ToolInfo
	callArgs json.RawMessage
	asTask   bool                       // the running (or last) call was asked to run as a task (RunAsTask)
	lastArgs map[string]json.RawMessage // per tool: the arguments of its last call
	drafts   map[string]json.RawMessage // per tool: form values left unsent
	reopen   string                     // tool whose form reopens after a restart
	early    []tea.KeyPressMsg          // keys typed before the first tool list
	focusCmd tea.Cmd                    // the cursor blink of the form setFocus focused
	dev      devState                   // the dev loop (devloop.go)
}

// New returns the inspector for the server c connects to. Nothing happens
// until the program runs Init.
func New(ctx context.Context, c Connector, opts Options) *Model {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	dark := opts.Dark == nil || *opts.Dark
	m := &Model{
		ctx: ctx, connector: c, opts: opts, now: opts.Now,
		keys: DefaultKeyMap(), help: help.New(),
		lastArgs: map[string]json.RawMessage{}, drafts: map[string]json.RawMessage{},
		logLevel: opts.LogLevel,
	}
	m.st = NewStyles(dark)
	st := &m.st
	m.header = headerPane{st: st, target: opts.Target, now: opts.Now}
	m.tools = newToolsPane(st)
	m.form = newFormPane(st)
	m.form.keys, m.form.asTask = &m.keys.Form, &m.keys.RunAsTask
	m.result = newResultPane(st)
	m.result.saveDir = &m.opts.SaveDir
	m.result.proto, m.result.cell = m.opts.Images, m.opts.CellPixels
	m.logs = logsPane{st: st}
	m.traffic = newTrafficPane(st)
	m.history = historyPane{st: st}
	m.doctor = doctorPane{st: st}
	m.auth = authPane{st: st, now: opts.Now}
	m.sections = newSections(st, &m.keys.Form)
	m.sections.args.pause = &m.sections.pause
	m.ask = newAskPane(st, &m.keys.AskForm)
	m.asks.values = map[string]json.RawMessage{}
	m.initRoots()
	m.help.Styles = help.DefaultStyles(dark)
	m.resize(80, 24)
	m.syncKeys()
	return m
}

// Init asks the terminal for its background colour and connects.
func (m *Model) Init() tea.Cmd {
	m.dev.opts = m.opts.Dev
	cmds := []tea.Cmd{m.connect(), m.devInit(), graphemeWidth}
	if m.opts.Dark == nil {
		cmds = append(cmds, tea.RequestBackgroundColor)
	}
	return tea.Batch(cmds...)
}

// Close ends the connection (the program has quit).
func (m *Model) Close() {
	m.devClose()
	if m.sess != nil {
		closeCmd(m.sess)()
		m.sess = nil
	}
}

// connect starts a new connection generation.
func (m *Model) connect() tea.Cmd {
	m.gen++
	ctx, cancel := context.WithCancel(m.ctx)
	m.sess = &session{gen: m.gen, box: newMailbox(), ctx: ctx, cancel: cancel}
	m.sess.ask = newAsker(ctx, m.sess.box, &m.opts)
	m.state = stateConnecting
	m.header.state = stateConnecting
	m.auth.reset()
	m.syncAuthHeader()
	return tea.Batch(connectCmd(m.sess, m.connector), waitEventsCmd(m.sess.box, m.gen))
}

// restart closes the connection and connects again, keeping the form's
// values (reopened once the tools are listed).
func (m *Model) restart() tea.Cmd {
	if m.form.isOpen() {
		m.reopen = m.form.tool.Name
		if v := m.form.value(); v != nil {
			m.drafts[m.reopen] = v
		}
	}
	var cmds []tea.Cmd
	if m.sess != nil {
		cmds = append(cmds, closeCmd(m.sess))
	}
	if m.call != nil {
		m.call.cancel()
		m.call = nil
		m.result.call = nil
	}
	m.dropQuestions("restarting: the server's question is gone")
	// The calls so far pinned the old server's behaviour: a recorded
	// session holds only calls to the server now running (w), so that it
	// replays green.
	m.dev.calls, m.dev.awaiting = nil, nil
	m.logs.add(logEvent{at: m.now(), level: "notice", logger: "mcpdev", text: "restarting the server"})
	return tea.Batch(append(cmds, m.connect())...)
}

// setDark switches the palette (from tea.BackgroundColorMsg).
func (m *Model) setDark(dark bool) {
	m.st = NewStyles(dark)
	m.help.Styles = help.DefaultStyles(dark)
	m.result.bar = newResultPane(&m.st).bar
	m.result.layout()
}

// View renders the whole screen. It is the only tea.View of the program.
func (m *Model) View() tea.View {
	// Server text is sanitized where each pane shows it; Styled is the
	// last guard: nothing but the panes' own SGR styling gets through.
	v := tea.NewView(termtext.Styled(m.render()))
	m.result.observe(v.Content) // where images drawn at the cursor go
	v.AltScreen = true
	v.WindowTitle = "mcpdev · " + termtext.Line(m.serverName())
	if m.call != nil {
		pb := tea.ProgressBar{State: tea.ProgressBarIndeterminate}
		if p := m.call.progress; p != nil && p.Total > 0 {
			pb = tea.ProgressBar{State: tea.ProgressBarDefault, Value: int(min(p.Progress/p.Total, 1) * 100)}
		}
		v.ProgressBar = &pb
	}
	return v
}

func (m *Model) serverName() string {
	if m.header.info.Name != "" {
		return m.header.info.Name
	}
	return m.opts.Target
}
