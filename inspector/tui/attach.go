package tui

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/inspector/proxy"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/inspector/testsession"
	"github.com/mcpdev/mcpdev/internal/termtext"
)

// AttachOptions configure mcpdev attach.
type AttachOptions struct {
	Dir    string        // the sessions directory; "" for proxy.SessionsDir
	Hung   time.Duration // a request unanswered this long is flagged hung (default 10s)
	Poll   time.Duration // how often the session files are read (default 200ms)
	OutDir string        // where the write-test key writes (default: the current directory)
	Dark   bool
}

func (o *AttachOptions) defaults() {
	if o.Hung <= 0 {
		o.Hung = 10 * time.Second
	}
	if o.Poll <= 0 {
		o.Poll = 200 * time.Millisecond
	}
	if o.OutDir == "" {
		o.OutDir = "."
	}
}

// RunAttach opens the live view of proxied sessions and returns when the
// user quits. The proxies and the view find each other through the
// sessions directory, whichever starts first.
func RunAttach(ctx context.Context, opts AttachOptions) error {
	_, err := tea.NewProgram(newAttach(opts), tea.WithContext(ctx)).Run()
	if errors.Is(err, tea.ErrProgramKilled) && ctx.Err() != nil {
		return nil
	}
	return err
}

// attachModel is mcpdev attach: the sessions above, the selected one's
// messages below. It reads the session files only in commands (pollCmd).
type attachModel struct {
	opts          AttachOptions
	st            Styles
	km            KeyMap
	tail          *proxy.Tailer // touched only by the poll command
	byPath        map[string]*attachSession
	sessions      attachSessionsPane
	calls         attachCallsPane
	focusCalls    bool
	now           time.Time
	status        string
	copied        string // the last command copied
	width, height int
}

// attachPollMsg is what one poll of the sessions directory found.
type attachPollMsg struct {
	updates []proxy.Update
	now     time.Time
	err     error
}

// wroteTestMsg: the write-test key's file was written.
type wroteTestMsg struct {
	path  string
	steps int
	err   error
}

func newAttach(opts AttachOptions) *attachModel {
	opts.defaults()
	m := &attachModel{opts: opts, st: NewStyles(opts.Dark), km: DefaultKeyMap(), tail: proxy.NewTailer(opts.Dir), byPath: map[string]*attachSession{}}
	m.km.Record.SetHelp("w", "write test")
	m.km.Open.SetHelp("enter", "show messages")
	m.sessions = attachSessionsPane{st: &m.st, hung: opts.Hung}
	m.calls = newAttachCallsPane(&m.st)
	m.syncKeys()
	return m
}

func (m *attachModel) Init() tea.Cmd {
	return tea.Batch(tea.RequestBackgroundColor, m.poll(0))
}

// poll reads the sessions directory after d.
func (m *attachModel) poll(d time.Duration) tea.Cmd {
	t := m.tail
	read := func() tea.Msg {
		u, err := t.Poll()
		return attachPollMsg{updates: u, now: time.Now(), err: err}
	}
	if d == 0 {
		return read
	}
	return tea.Tick(d, func(time.Time) tea.Msg { return read() })
}

func (m *attachModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case tea.BackgroundColorMsg:
		m.st = NewStyles(msg.IsDark())
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case attachPollMsg:
		m.absorb(msg)
		cmd = m.poll(m.opts.Poll)
	case wroteTestMsg:
		m.status = fmt.Sprintf("wrote %s: %d steps (mcpdev test %s)", msg.path, msg.steps, msg.path)
		if msg.err != nil {
			m.status = "no test written: " + msg.err.Error()
		}
	case tea.KeyPressMsg:
		cmd = m.key(msg)
	}
	m.layout()
	m.syncKeys()
	return m, cmd
}

// absorb takes what a poll found.
func (m *attachModel) absorb(msg attachPollMsg) {
	m.now = msg.now
	if msg.err != nil {
		m.status = "cannot read " + m.tail.Dir() + ": " + msg.err.Error()
	}
	for _, u := range msg.updates {
		s := m.byPath[u.Path]
		if s == nil {
			s = &attachSession{path: u.Path}
			m.byPath[u.Path] = s
		}
		s.add(u)
	}
	list := make([]*attachSession, 0, len(m.byPath))
	for _, s := range m.byPath {
		list = append(list, s)
	}
	slices.SortFunc(list, func(a, b *attachSession) int {
		if c := b.header.Started.Compare(a.header.Started); c != 0 {
			return c
		}
		return strings.Compare(a.path, b.path)
	})
	m.sessions.put(list)
	m.refresh()
}

// refresh shows the selected session in the calls pane at m.now.
func (m *attachModel) refresh() {
	m.sessions.now = m.now
	m.calls.show(m.sessions.selected(), m.now, m.opts.Hung)
}

// focused is the pane that has the keys.
func (m *attachModel) focused() interface {
	pane
	SetSize(w, h int)
} {
	if m.focusCalls {
		return &m.calls
	}
	return &m.sessions
}

func (m *attachModel) key(k tea.KeyPressMsg) tea.Cmd {
	km := &m.km
	switch {
	case key.Matches(k, km.ForceQuit):
		return tea.Quit
	case m.calls.typing():
	case key.Matches(k, km.Quit):
		return tea.Quit
	case key.Matches(k, km.NextPane), key.Matches(k, km.PrevPane):
		m.focusCalls = !m.focusCalls
		return nil
	}
	p := m.focused()
	cmd := p.HandleKey(k, km)
	if !m.focusCalls {
		m.refresh()
	}
	var cmds []tea.Cmd
	for _, msg := range p.take() {
		cmds = append(cmds, m.handle(msg))
	}
	return tea.Batch(append(cmds, cmd)...)
}

// handle does what a pane asked.
func (m *attachModel) handle(msg tea.Msg) tea.Cmd {
	switch msg.(type) {
	case showSessionMsg:
		m.focusCalls = true
	case copyCallMsg:
		return m.copyCall()
	case writeTestMsg:
		return m.writeTest()
	}
	return nil
}

// copyCall copies the selected tools/call as an `mcpdev call` command
// naming the session's server (OSC 52) and shows it.
func (m *attachModel) copyCall() tea.Cmd {
	s, i := m.calls.s, m.calls.selectedIndex()
	if i < 0 {
		return nil
	}
	call, ok := proxy.ToolCall(s.msgs, i)
	if !ok {
		m.status = "not a tools/call: nothing to copy"
		return nil
	}
	cmd := testsession.CommandLine(&target.Target{Words: proxy.TargetWords(s.header)}, call)
	m.copied = cmd
	m.status = fmt.Sprintf("copied to the clipboard (OSC 52): %d characters", len(cmd))
	return tea.SetClipboard(cmd)
}

// writeTest writes the selected session as a mcpdev test file in OutDir,
// in a command.
func (m *attachModel) writeTest() tea.Cmd {
	s := m.sessions.selected()
	if s == nil {
		return nil
	}
	path := filepath.Join(m.opts.OutDir, s.header.ID+".txtar")
	if abs, err := filepath.Abs(path); err == nil {
		path = abs // the status names where it is
	}
	sum, recs := proxy.Summary{Header: s.header, Path: s.path}, slices.Clone(s.recs)
	m.status = "writing " + path + "…"
	return func() tea.Msg {
		n, err := proxy.WriteTest(path, sum, recs)
		return wroteTestMsg{path: path, steps: n, err: err}
	}
}

func (m *attachModel) syncKeys() {
	for _, b := range m.km.all() {
		b.SetEnabled(false)
	}
	enable(&m.km.ForceQuit)
	if !m.calls.typing() {
		enable(&m.km.Quit, &m.km.NextPane)
	}
	m.focused().bindKeys(&m.km, keyState{typing: m.calls.typing()})
}

// layout sizes the panes: the sessions take up to a quarter of the rows.
func (m *attachModel) layout() {
	top := max(min(len(m.sessions.list), m.height/4), 1)
	m.sessions.SetSize(m.width, top)
	m.calls.SetSize(m.width, max(m.height-top-5, 1))
}

func (m *attachModel) View() tea.View {
	v := tea.NewView(termtext.Styled(m.render()))
	v.AltScreen = true
	v.WindowTitle = "mcpdev attach"
	return v
}

func (m *attachModel) render() string {
	st := &m.st
	title := func(s string, focused bool) string {
		if focused {
			return st.TitleFocused.Render(s)
		}
		return st.Title.Render(s)
	}
	head := "Sessions · " + termtext.Line(m.tail.Dir())
	calls := "Messages"
	if s := m.sessions.selected(); s != nil {
		calls += " · " + termtext.Line(termtext.Clip(s.header.ID, 80))
	}
	lines := []string{
		title(head, !m.focusCalls), m.sessions.View(),
		title(calls, m.focusCalls), m.calls.View(),
	}
	status := m.status
	if m.copied != "" && strings.HasPrefix(status, "copied") {
		status += ": " + m.copied
	}
	lines = append(lines, st.Dim.Render(termtext.Line(termtext.Clip(status, max(m.width, 20)))), m.helpLine())
	return strings.Join(lines, "\n")
}

// helpLine lists the focused pane's enabled bindings, then the root's.
func (m *attachModel) helpLine() string {
	bs := append(m.focused().shortHelp(&m.km), m.km.NextPane, m.km.Quit)
	var parts []string
	for _, b := range bs {
		if b.Enabled() {
			parts = append(parts, m.st.HelpKey.Render(b.Help().Key)+" "+m.st.HelpDesc.Render(b.Help().Desc))
		}
	}
	return strings.Join(parts, " · ")
}
