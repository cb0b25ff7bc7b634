package tui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/inspector/devloop"
	"github.com/mcpdev/mcpdev/inspector/state"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/inspector/testsession"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// DevOptions configures the dev loop: watch the server's sources, rebuild
// in the background, restart, show what changed; remember arguments across
// runs; record the session as a test file.
type DevOptions struct {
	// Target is the server as resolved by the CLI: its Go sources (or
	// Globs) are watched, it is named in recorded sessions, and it keys the
	// remembered arguments. Nil: none of that (in-memory servers).
	Target *target.Target
	// Watch turns the watcher on (the CLI: Go targets unless --no-watch,
	// and any target given --watch globs).
	Watch bool
	// Globs are extra files to watch (--watch GLOB…); a change restarts
	// the server without a build.
	Globs []string
	// Debounce is the quiet time ending a burst of saves (0: the default).
	Debounce time.Duration
	// StatePath is the file remembering the last arguments per tool per
	// server across runs (the CLI: state.DefaultPath(), none with
	// --no-state). Empty: nothing is remembered.
	StatePath string
	// RecordDir is where the record key writes sessions (default: beside
	// the target, in its Go package's or its script's directory; for
	// -- CMD, URLs and config entries SaveDir, else the working directory).
	RecordDir string
}

// callRecord is a finished call, for comparison and recording.
type callRecord struct {
	tool    string
	args    json.RawMessage
	res     *sdk.CallToolResult
	err     error
	elapsed time.Duration
	task    bool // it was asked to run as a task (ctrl+t): a re-run asks again
}

// devState is the dev loop's part of the model.
type devState struct {
	opts DevOptions
	loop *devloop.Loop
	// watching: the watcher runs (loop is nil in synchronous tests)
	watching bool
	state    *state.File

	building   bool
	buildErr   error              // the last build failed (cleared by a good one)
	changed    []string           // files of the change being built
	before     []sdk.ToolInfo     // the tools before the restart under way
	beforeCost int                // what they cost in tokens (openai)
	awaitTools bool               // a dev restart waits for its tool list
	took       time.Duration      // change → new binary
	diff       *devloop.ToolsDiff // the last restart's diff, until dismissed
	pinned     bool               // the changes view covers the output pane
	restarts   int

	rerun    bool // re-run the last call after each restart
	rerunID  int
	rerunOld *callRecord
	compare  [2]*callRecord // before, after
	last     *callRecord
	calls    []testsession.Call
	awaiting map[string]bool // URIs followed whose first update is to be recorded (section.go)
	scroll   int
	recorded string
}

func (d *devState) stateKey(target string) string {
	if d.opts.Target != nil {
		return state.Key(d.opts.Target)
	}
	return "target:" + target
}

// devInit starts the watcher and loads the remembered arguments.
func (m *Model) devInit() tea.Cmd {
	d := &m.dev
	var cmds []tea.Cmd
	if d.opts.StatePath != "" {
		cmds = append(cmds, loadStateCmd(d.opts.StatePath))
	}
	if d.opts.Watch && d.opts.Target != nil {
		cmds = append(cmds, startDevCmd(m.ctx, d.opts, m.connector))
	}
	return tea.Batch(cmds...)
}

// devClose stops the watcher (the program has quit).
func (m *Model) devClose() {
	if m.dev.loop != nil {
		m.dev.loop.Close()
		m.dev.loop = nil
	}
}

func loadStateCmd(path string) tea.Cmd {
	return func() tea.Msg {
		s, err := state.Load(path)
		return stateLoadedMsg{state: s, err: err}
	}
}

func saveStateCmd(s *state.File) tea.Cmd {
	return func() tea.Msg {
		if err := s.Save(); err != nil {
			return stateSavedMsg{err: err}
		}
		return nil
	}
}

func startDevCmd(ctx context.Context, o DevOptions, c Connector) tea.Cmd {
	return func() tea.Msg {
		loop, err := devloop.Start(ctx, o.Target, &devloop.Options{
			Globs: o.Globs, Debounce: o.Debounce,
		})
		if err == nil {
			if dc, ok := c.(*devConnector); ok {
				dc.setLoop(loop)
			}
		}
		return devStartedMsg{loop: loop, err: err}
	}
}

func waitDevCmd(loop *devloop.Loop) tea.Cmd {
	return func() tea.Msg {
		ev, ok := <-loop.Events()
		if !ok {
			return nil
		}
		return devEventMsg{loop: loop, ev: ev}
	}
}

// recordCmd writes calls as a session file named name into dir, or, dir
// empty, beside the target (else into fallback, the working directory
// when that is empty too).
func recordCmd(dir, fallback, name string, t *target.Target, calls []testsession.Call) tea.Cmd {
	calls = slices.Clone(calls)
	return func() tea.Msg {
		where := ""
		if dir == "" {
			if dir = t.SourceDir(); dir != "" {
				where = "beside the target"
			} else if dir = fallback; dir == "" {
				where = "in the working directory"
			}
		}
		path := filepath.Join(dir, name)
		err := testsession.WriteRecord(path, t, calls)
		return recordedMsg{path: path, where: where, n: len(calls), err: err}
	}
}

func (m *Model) onDevMsg(msg devMsg) tea.Cmd {
	d := &m.dev
	switch msg := msg.(type) {
	case devStartedMsg:
		if msg.err != nil {
			m.logs.add(logEvent{at: m.now(), level: "warning", logger: "mcpdev", text: "not watching the sources: " + msg.err.Error()})
			return nil
		}
		d.loop, d.watching = msg.loop, true
		m.setDevHeader()
		if msg.loop == nil {
			return nil
		}
		return waitDevCmd(msg.loop)
	case devEventMsg:
		if msg.loop != d.loop {
			return nil
		}
		return tea.Batch(m.onDevEvent(msg.ev), waitDevCmd(msg.loop))
	case stateLoadedMsg:
		m.onStateLoaded(msg)
	case stateSavedMsg:
		m.logs.add(logEvent{at: m.now(), level: "warning", logger: "mcpdev", text: "could not save the arguments: " + msg.err.Error()})
	case recordedMsg:
		if msg.err != nil {
			m.status = "record: " + msg.err.Error()
		} else {
			d.recorded = msg.path
			m.status = strings.TrimSpace(fmt.Sprintf("wrote %s %s", msg.path, msg.where)) + " · replay it with: mcpdev test " + msg.path
		}
	}
	return nil
}

func (m *Model) onStateLoaded(msg stateLoadedMsg) {
	m.dev.state = msg.state
	if msg.err != nil {
		text := "state file ignored: " + msg.err.Error()
		m.logs.add(logEvent{at: m.now(), level: "warning", logger: "mcpdev", text: text})
		m.status = text
	}
	if msg.state == nil {
		return
	}
	for tool, args := range msg.state.Tools(m.dev.stateKey(m.opts.Target)) {
		if m.lastArgs[tool] == nil {
			m.lastArgs[tool] = args
		}
	}
}

// onDevEvent follows the loop: building, failed (the old server keeps
// serving), unchanged, or ready (restart now).
func (m *Model) onDevEvent(ev devloop.Event) tea.Cmd {
	d := &m.dev
	defer m.setDevHeader()
	switch ev.Kind {
	case devloop.Changed:
		d.building, d.changed = true, ev.Change.Files
	case devloop.BuildFailed:
		d.building, d.buildErr, d.pinned, d.scroll = false, ev.Err, true, 0
		m.logs.add(logEvent{at: m.now(), level: "error", logger: "mcpdev", text: "build failed: " + buildErrorText(ev.Err)})
	case devloop.Unchanged:
		d.building, d.buildErr = false, nil
	case devloop.Ready:
		d.building, d.buildErr, d.took = false, nil, ev.Took
		if dc, ok := m.connector.(*devConnector); ok && ev.Binary != "" {
			dc.setBinary(ev.Binary)
		}
		d.before = slices.Clone(m.tools.tools)
		total, _ := m.tools.costs.total()
		d.beforeCost = total.Tokens
		d.awaitTools = true
		return m.restart()
	}
	return nil
}

// onDevTools lists the restarted server's tools (keeping the selection and
// the form, mapped onto the new schema), shows the diff, and re-runs the
// last call when that is on.
func (m *Model) onDevTools(msg toolsMsg) tea.Cmd {
	d := &m.dev
	d.awaitTools = false
	cmd := m.listTools(msg)
	if msg.err != nil {
		return cmd
	}
	after, _ := m.tools.costs.total() // counted with the list, not again here
	diff := devloop.DiffToolsCounted(d.before, msg.tools, devloop.TokenChange{Before: d.beforeCost, After: after.Tokens})
	d.diff, d.restarts, d.scroll = &diff, d.restarts+1, 0
	d.pinned = d.pinned || !diff.Empty()
	m.setDevHeader()
	if !d.rerun || d.last == nil {
		return cmd
	}
	t := m.findTool(d.last.tool)
	if t == nil {
		m.status = "re-run on save: the server has no tool " + d.last.tool + " any more"
		return cmd
	}
	old := d.last
	rerun := m.startCallAs(*t, old.args, old.task)
	if m.call != nil {
		d.rerunID, d.rerunOld = m.call.id, old
	}
	return tea.Batch(cmd, rerun)
}

// onDevCallDone remembers the call (state file, recording, comparison)
// and lets the model show its result.
func (m *Model) onDevCallDone(msg callDoneMsg) tea.Cmd {
	d := &m.dev
	tool, args, task := m.callTool, m.callArgs, m.asTask
	roots := m.offeredRoots()
	if m.call != nil && m.call.id == msg.id {
		msg.answers = m.takeAnswers(m.call.answers)
	}
	relist := m.onCallDone(msg)
	rec := &callRecord{tool: tool.Name, args: args, res: msg.res, err: msg.err, elapsed: msg.elapsed, task: task}
	if msg.res == nil && !isRPCError(msg.err) {
		return relist // cancelled or the connection went away
	}
	d.last = rec
	d.calls = append(d.calls, testsession.Call{Tool: tool.Name, Args: args, Schema: tool.InputSchema, Result: msg.res, Err: msg.err,
		Answers: msg.answers, Roots: roots, Task: task})
	if msg.id == d.rerunID && d.rerunOld != nil {
		d.compare = [2]*callRecord{d.rerunOld, rec}
		d.rerunOld, d.pinned, d.scroll = nil, true, 0
	}
	if d.state == nil {
		return relist
	}
	d.state.SetArgs(d.stateKey(m.opts.Target), tool.Name, args)
	return tea.Batch(relist, saveStateCmd(d.state))
}

func isRPCError(err error) bool {
	var rpc *transport.Error
	return errors.As(err, &rpc)
}

// dismiss closes the changes view.
func (d *devState) dismiss() {
	d.pinned, d.diff, d.compare = false, nil, [2]*callRecord{}
}

// toggleRerun turns re-run on save on or off.
func (m *Model) toggleRerun() {
	d := &m.dev
	d.rerun = !d.rerun
	m.status = "re-run on save: " + map[bool]string{true: "on — the last call runs again after each restart", false: "off"}[d.rerun]
	m.setDevHeader()
}

// changesPage is how many lines a page key scrolls the changes view.
const changesPage = 5

// scrollChanges scrolls the changes view n lines.
func (m *Model) scrollChanges(n int) {
	d := &m.dev
	d.scroll = clampOffset(d.scroll+n, len(m.changesLines()), m.result.height)
}

func (m *Model) recordSession() tea.Cmd {
	d := &m.dev
	if d.opts.Target == nil {
		m.status = "record: this server has no target to write into a session file"
		return nil
	}
	if len(d.calls) == 0 {
		m.status = "record: nothing to write yet — no finished calls since the last restart; call a tool first"
		return nil
	}
	name := fmt.Sprintf("session-%s.txtar", m.now().Format("20060102-150405"))
	return recordCmd(d.opts.RecordDir, m.opts.SaveDir, name, d.opts.Target, d.calls)
}

// devConnector connects to a watched target; once a binary is built (by
// the first connect or by the dev loop), it starts that binary instead of
// building again.
type devConnector struct {
	target  *target.Target
	timeout time.Duration

	mu   sync.Mutex
	bin  string
	loop *devloop.Loop
}

// Connect starts the last good binary, else builds as usual.
func (c *devConnector) Connect(ctx context.Context, opts *target.ConnectOptions) (*target.Connection, error) {
	t := c.target
	if bin := c.binary(); bin != "" {
		t = t.WithBinary(bin)
	}
	conn, err := connectTarget(ctx, t, c.timeout, opts)
	if err == nil && conn.Binary != "" {
		c.setBinary(conn.Binary)
	}
	return conn, err
}

func (c *devConnector) binary() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bin
}

func (c *devConnector) setBinary(bin string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.bin = bin
	if c.loop != nil {
		c.loop.SetBinary(bin)
	}
}

func (c *devConnector) setLoop(l *devloop.Loop) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.loop = l
	if c.bin != "" {
		l.SetBinary(c.bin)
	}
}

// withDev wraps the connector of a watched target so that restarts after a
// rebuild use the new binary; it returns c itself when there is nothing to
// watch.
func withDev(c *targetConnector, o DevOptions) Connector {
	if !o.Watch || o.Target == nil {
		return c
	}
	return &devConnector{target: o.Target, timeout: c.Timeout}
}
