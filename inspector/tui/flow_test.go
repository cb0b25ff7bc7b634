package tui

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// End-to-end flows: the real program against real server processes (the
// tutorial's 03-field-constraints and the workbench), driven by keys.
// Each wait is for text the screen prints once.

type flow struct {
	t     *testing.T
	m     *Model
	tm    *teatest.TestModel
	done  bool
	calls int    // callTool's (flow_ask_test.go)
	seen  []byte // the output the waits read: every screen drawn so far
}

func startFlow(t *testing.T, bin string) *flow {
	t.Helper()
	return startFlowWith(t, commandConnector(serverBin(t, bin)), bin)
}

// commandConnector runs a stdio server through the target resolver's
// connect, as `mcpdev -- CMD ARGS…` does.
func commandConnector(name string, args ...string) *targetConnector {
	return &targetConnector{Target: &target.Target{Kind: target.KindCommand, Name: filepath.Base(name), Command: name, Args: args}}
}

func startFlowWith(t *testing.T, c Connector, name string) *flow {
	t.Helper()
	m := New(context.Background(), c, Options{Target: name, Dark: dark(), SaveDir: t.TempDir()})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 40))
	f := &flow{t: t, m: m, tm: tm}
	t.Cleanup(f.finish)
	return f
}

// finish quits the program and stops the server; the model may then be
// read without racing the program.
func (f *flow) finish() {
	if f.done {
		return
	}
	f.done = true
	f.tm.Send(keyMsg("ctrl+c"))
	f.tm.WaitFinished(f.t, teatest.WithFinalTimeout(10*time.Second))
	rest, _ := io.ReadAll(f.tm.Output())
	f.seen = append(f.seen, rest...)
	f.m.Close()
}

func (f *flow) keys(keys ...string) {
	for _, k := range keys {
		f.tm.Send(keyMsg(k))
	}
}

func (f *flow) typ(s string) { f.tm.Type(s) }

// waitFor waits until the screen (ANSI stripped) shows every want.
func (f *flow) waitFor(want ...string) {
	f.t.Helper()
	f.waitShown(func(s string) bool { return countShown(s, want) == len(want) })
}

// waitForSome waits until the screen shows every want and at least n of
// some: for states a server passes through faster than they may be
// polled, of which any n prove the screen follows them.
func (f *flow) waitForSome(want []string, n int, some ...string) {
	f.t.Helper()
	f.waitShown(func(s string) bool { return countShown(s, want) == len(want) && countShown(s, some) >= n })
}

// waitShown waits until ok holds for what the screen drew (ANSI stripped)
// since the last wait.
func (f *flow) waitShown(ok func(string) bool) {
	f.t.Helper()
	var read []byte
	defer func() { f.seen = append(f.seen, read...) }()
	teatest.WaitFor(f.t, f.tm.Output(), func(b []byte) bool {
		read = b
		return ok(ansi.Strip(string(b)))
	}, teatest.WithDuration(30*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
}

// countShown counts the texts s contains.
func countShown(s string, texts []string) int {
	n := 0
	for _, w := range texts {
		if strings.Contains(s, w) {
			n++
		}
	}
	return n
}

func TestFlowSearchBooks(t *testing.T) {
	t.Parallel()
	f := startFlow(t, "bookshop03")
	f.waitFor("● connected")
	f.keys("enter") // the tool list arrives: search_books is selected
	f.typ("dune")
	f.keys("tab", "backspace", "backspace")
	f.typ("5")
	f.keys("ctrl+r")
	f.waitFor("Found 3 books matching 'dune' (showing up to 5).", "✓ matches outputSchema", `"result":`)
}

func TestFlowEnumChoice(t *testing.T) {
	t.Parallel()
	f := startFlow(t, "bookshop03")
	f.keys("enter")
	f.typ("dune")
	f.keys("tab", "tab", "right") // genre: (not set) → fiction
	f.keys("ctrl+r")
	f.waitFor("Found 3 books matching 'dune' in fiction (showing up to 10).")
}

func TestFlowBoundErrorThenSendAnyway(t *testing.T) {
	t.Parallel()
	f := startFlow(t, "bookshop03")
	f.keys("enter")
	f.typ("dune")
	f.keys("tab", "backspace", "backspace")
	f.typ("500")
	f.keys("ctrl+r")
	f.waitFor("Input should be less than or equal to 50", "ctrl+s to send anyway")
	f.keys("ctrl+s")
	f.waitFor("✗ tool error (isError)", "Error executing tool search_books")
}

func TestFlowCancelLongCall(t *testing.T) {
	t.Parallel()
	f := startFlow(t, "workbench")
	f.keys("enter") // slow_count is first
	f.keys("ctrl+r")
	f.waitFor("step 1 of 50")
	f.keys("esc")
	f.waitFor("⊘ cancelled after")
	f.keys("2") // logs: the server saw notifications/cancelled
	f.waitFor("slow_count: cancelled at step")
	f.keys("3", "/")
	f.typ("notifications/cancelled")
	f.keys("enter")
	f.finish() // the keys above are handled before the quit
	e := f.m.traffic.msgs[f.m.traffic.cursor]
	if e.dir != sdk.Sent || !bytes.Contains(e.raw, []byte(`"notifications/cancelled"`)) {
		t.Errorf("traffic search landed on %s %s, want the notifications/cancelled sent", e.what, e.raw)
	}
}

func TestFlowCrashRestartKeepsForm(t *testing.T) {
	t.Parallel()
	f := startFlow(t, "workbench")
	f.keys("/")
	f.typ("crash")
	f.keys("enter", "backspace")
	f.typ("7")
	f.keys("ctrl+r")
	f.waitFor("✗ server exited", "code 7", "crash: the server is going down on purpose")
	f.keys("R")
	f.waitFor("● connected")
	f.finish()
	if got := string(f.m.form.value()); got != `{"code":7}` {
		t.Errorf("form after restart holds %s, want {\"code\":7}", got)
	}
	if f.m.focus != focusForm {
		t.Errorf("focus after restart: %v, want the form", f.m.focus)
	}
}

func TestFlowMediaSave(t *testing.T) {
	t.Parallel()
	f := startFlow(t, "workbench")
	f.keys("/")
	f.typ("media")
	f.keys("enter", "ctrl+r")
	f.waitFor("image · image/png · 25 B", "resource link", "embedded resource · mem://config.json")
	f.keys("s")
	f.waitFor("saved ")
}

// A call that changes the tool set: the new tool shows up. Against an sdk
// server the inspector speaks the 2026 era, where no
// notifications/tools/list_changed can come: it lists the tools again
// after each call.
func TestFlowToolsChangedByACall(t *testing.T) {
	t.Parallel()
	f := startFlow(t, "growing")
	f.waitFor("● connected", "grow")
	f.keys("enter", "ctrl+r")
	f.waitFor("registered grown_1", "A tool grow registered.") // the new tool is listed, with its description
	// The era the inspector's client picks against this server:
	conn, err := transport.Command(serverBin(t, "growing"), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	c, err := sdk.Connect(context.Background(), conn, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if era := c.Era(); era != sdk.Era2026 {
		t.Errorf("era %q: this test is about the 2026 era", era)
	}
}
