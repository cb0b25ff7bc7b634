package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/inspector/proxy"
)

// attachFixture is a session as a poll finds it: a header and frames at
// t0 plus an offset.
type attachFixture struct {
	t0   time.Time
	recs []proxy.Record
}

func (f *attachFixture) frame(ms int, dir proxy.Direction, text string) {
	f.recs = append(f.recs, proxy.Record{Time: f.t0.Add(time.Duration(ms) * time.Millisecond), Dir: dir, Text: &text})
}

// attachEchoSession: initialize, tools/list, an answered echo call, a
// call never answered, a 2026-era call answered input_required and its
// second round, stray stdout and a hostile stderr line.
func attachEchoSession(t0 time.Time) []proxy.Record {
	f := &attachFixture{t0: t0}
	c, s := proxy.ClientToServer, proxy.ServerToClient
	f.frame(0, c, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`)
	f.frame(5, s, `{"jsonrpc":"2.0","id":1,"result":{}}`)
	f.frame(6, c, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	f.frame(9, s, `{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"echo","inputSchema":{"type":"object","properties":{"message":{"type":"string"}}}},{"name":"ask","inputSchema":{"type":"object"}}]}}`)
	f.frame(10, c, `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo","arguments":{"message":"hi there"}}}`)
	f.frame(22, s, `{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"Echo: hi there"}]}}`)
	f.frame(30, c, `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"slow","arguments":{}}}`)
	f.frame(40, c, `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"ask","arguments":{}}}`)
	f.frame(45, s, `{"jsonrpc":"2.0","id":5,"result":{"resultType":"input_required","inputRequests":{"q":{"method":"elicitation/create","params":{"message":"name?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}}}}}`)
	f.frame(50, c, `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"ask","arguments":{},"inputResponses":{"q":{"action":"accept","content":{"name":"Ada"}}}}}`)
	f.frame(57, s, `{"jsonrpc":"2.0","id":6,"result":{"content":[{"type":"text","text":"hello Ada"}]}}`)
	f.frame(60, s, "debug: stray line on stdout")
	f.frame(61, proxy.ServerStderr, "warn \x1b]52;c;ZXZpbA==\x07 \u202etxet\u202c done")
	return f.recs
}

// newTestAttach is an attach model 120×40 holding one live session
// (this process is its proxy), polled at now.
func newTestAttach(t *testing.T, t0, now time.Time) *attachModel {
	t.Helper()
	m := newAttach(AttachOptions{Dir: t.TempDir(), Hung: 10 * time.Second, OutDir: t.TempDir()})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 60})
	h := proxy.Header{ID: "20261205-120000-echo-ab12", Label: "echo", Transport: "stdio", Command: []string{"./echo-server", "--fast"}, Cwd: "/srv/echo", PID: os.Getpid(), Started: t0}
	m.Update(attachPollMsg{now: now, updates: []proxy.Update{{Path: "/x/s.jsonl", Header: h, Records: attachEchoSession(t0), Live: true}}})
	return m
}

// attachView is the screen as text, without its styling.
func attachView(m *attachModel) string { return ansi.Strip(m.render()) }

// rowOf is the line of the view that holds all of parts.
func rowOf(view string, parts ...string) string {
	for _, l := range strings.Split(view, "\n") {
		ok := true
		for _, p := range parts {
			ok = ok && strings.Contains(l, p)
		}
		if ok {
			return l
		}
	}
	return ""
}

func TestAttachCorrelatesRequestsAndAnswers(t *testing.T) {
	t0 := time.Date(2026, 12, 5, 12, 0, 0, 0, time.Local)
	m := newTestAttach(t, t0, t0.Add(2*time.Second))
	v := attachView(m)
	for _, want := range [][]string{
		{"→ tools/call echo #3", "12ms"},          // the request, with its answer's latency
		{"← result tools/call echo #3"},           // the answer, named by its request
		{"→ tools/call slow #4", "in flight 1s"},  // no answer yet
		{"→ tools/call ask #6", "↻ continues #5"}, // the second round of a 2026-era call
		{"stray stdout", "debug: stray line"},
		{"● live", "echo", "1 in flight"},
	} {
		if rowOf(v, want...) == "" {
			t.Errorf("no row with %q in\n%s", want, v)
		}
	}
}

func TestAttachFlagsHungCalls(t *testing.T) {
	t0 := time.Date(2026, 12, 5, 12, 0, 0, 0, time.Local)
	m := newTestAttach(t, t0, t0.Add(2*time.Second))
	if rowOf(attachView(m), "#4", "HUNG") != "" {
		t.Fatal("a call 2s old is flagged hung")
	}
	// The next poll, 11 s later, finds nothing new: the call is hung now.
	m.Update(attachPollMsg{now: t0.Add(11 * time.Second)})
	v := attachView(m)
	if rowOf(v, "→ tools/call slow #4", "HUNG: no answer for 10s") == "" || rowOf(v, "1 hung") == "" {
		t.Fatalf("the unanswered call is not flagged hung:\n%s", v)
	}
	// Its session ends without the answer.
	m.Update(attachPollMsg{now: t0.Add(12 * time.Second), updates: []proxy.Update{{Path: "/x/s.jsonl", Header: m.sessions.list[0].header,
		Records: []proxy.Record{{End: &proxy.End{Time: t0.Add(12 * time.Second), Exit: 2}}}}}})
	v = attachView(m)
	if rowOf(v, "#4", "no answer") == "" || rowOf(v, "ended, exit 2") == "" {
		t.Fatalf("after the end:\n%s", v)
	}
}

func typeKeys(m *attachModel, keys ...string) []tea.Cmd {
	var cmds []tea.Cmd
	for _, k := range keys {
		var msg tea.KeyPressMsg
		switch k {
		case "enter":
			msg = tea.KeyPressMsg{Code: tea.KeyEnter}
		case "esc":
			msg = tea.KeyPressMsg{Code: tea.KeyEscape}
		case "tab":
			msg = tea.KeyPressMsg{Code: tea.KeyTab}
		case "up":
			msg = tea.KeyPressMsg{Code: tea.KeyUp}
		default:
			for _, r := range k {
				_, cmd := m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
				cmds = append(cmds, cmd)
			}
			continue
		}
		_, cmd := m.Update(msg)
		cmds = append(cmds, cmd)
	}
	return cmds
}

func TestAttachFilter(t *testing.T) {
	t0 := time.Date(2026, 12, 5, 12, 0, 0, 0, time.Local)
	for _, c := range []struct {
		query     string
		want, not []string
	}{
		{"tool:echo", []string{"→ tools/call echo #3", "← result tools/call echo #3"}, []string{"#4", "initialize"}},
		{"method:tools/list", []string{"→ tools/list #2", "← result tools/list #2"}, []string{"tools/call"}},
		{"dir:s2c tool:ask", []string{"← result tools/call ask #5", "← result tools/call ask #6"}, []string{"→ tools/call ask"}},
		{"status:hung", []string{"#4"}, []string{"#3", "#5"}},
		{"status:stray", []string{"stray stdout"}, []string{"#"}},
		{"id:6", []string{"→ tools/call ask #6", "← result tools/call ask #6"}, []string{"ask #5"}},
		{"Ada dir:c2s", []string{"→ tools/call ask #6"}, []string{"← result"}},
	} {
		m := newTestAttach(t, t0, t0.Add(30*time.Second))
		typeKeys(m, "enter", "/", c.query, "enter")
		list, _, _ := strings.Cut(attachView(m), "────")
		_, list, _ = strings.Cut(list, "filter: ")
		for _, w := range c.want {
			if !strings.Contains(list, w) {
				t.Errorf("%s: %q not listed:\n%s", c.query, w, list)
			}
		}
		for _, w := range c.not {
			if strings.Contains(list, w) {
				t.Errorf("%s: %q listed:\n%s", c.query, w, list)
			}
		}
		typeKeys(m, "esc")
		if !strings.Contains(attachView(m), "initialize #1") {
			t.Errorf("%s: esc leaves the filter", c.query)
		}
	}
}

func TestAttachCopiesACallAsACommand(t *testing.T) {
	t0 := time.Date(2026, 12, 5, 12, 0, 0, 0, time.Local)
	m := newTestAttach(t, t0, t0.Add(time.Second))
	typeKeys(m, "enter", "/", "tool:echo", "enter")
	// The answer is selected (the newest); y copies its request.
	cmds := typeKeys(m, "y")
	want := "mcpdev call --cwd /srv/echo echo 'message=hi there' -- ./echo-server --fast"
	if m.copied != want {
		t.Fatalf("copied %q, want %q", m.copied, want)
	}
	if cmds[0] == nil || !strings.Contains(attachView(m), "copied to the clipboard") {
		t.Fatal("y did not copy")
	}
	// Not a tools/call: nothing.
	typeKeys(m, "esc", "/", "method:initialize", "enter")
	m.copied = ""
	typeKeys(m, "y")
	if m.copied != "" {
		t.Fatalf("initialize copied as %q", m.copied)
	}
}

func TestAttachWritesATest(t *testing.T) {
	t0 := time.Date(2026, 12, 5, 12, 0, 0, 0, time.Local)
	m := newTestAttach(t, t0, t0.Add(time.Second))
	cmds := typeKeys(m, "w")
	if cmds[0] == nil {
		t.Fatal("w returned no command")
	}
	m.Update(cmds[0]())
	path := filepath.Join(m.opts.OutDir, "20261205-120000-echo-ab12.txtar")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v\n%s", err, attachView(m))
	}
	for _, want := range []string{"echo", "Echo: hi there", "./echo-server", "hello Ada"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the test lacks %q:\n%s", want, b)
		}
	}
	if !strings.Contains(attachView(m), "wrote "+path+": 2 steps") {
		t.Errorf("status:\n%s", attachView(m))
	}
}

// Hostile server text reaches the screen as visible text only.
func TestAttachSanitizesServerText(t *testing.T) {
	t0 := time.Date(2026, 12, 5, 12, 0, 0, 0, time.Local)
	m := newTestAttach(t, t0, t0.Add(time.Second))
	v := m.render()
	for _, bad := range []string{"\x1b]52", "\x07", "\u202e"} {
		if strings.Contains(v, bad) {
			t.Errorf("the view holds %q", bad)
		}
	}
	if rowOf(v, "stderr", "done") == "" {
		t.Errorf("the stderr line is not shown:\n%s", v)
	}
}
