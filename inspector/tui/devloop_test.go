package tui

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/inspector/build"
	"github.com/mcpdev/mcpdev/inspector/devloop"
	"github.com/mcpdev/mcpdev/inspector/state"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/inspector/testsession"
	"github.com/mcpdev/mcpdev/internal/testutil/tokentest"
	"github.com/mcpdev/mcpdev/sdk"
)

// changedTools is the test bookshop after an edit: search_books' limit is
// now at most 5 and get_book is new.
func changedTools(t *testing.T) []sdk.ToolInfo {
	t.Helper()
	tools := testBookshop().Tools()
	var s map[string]any
	json.Unmarshal(tools[0].InputSchema, &s)
	s["properties"].(map[string]any)["limit"].(map[string]any)["maximum"] = 5
	tools[0].InputSchema, _ = json.Marshal(s)
	return append(tools, sdk.ToolInfo{Name: "get_book", Description: "Get one book.",
		InputSchema: json.RawMessage(`{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`)})
}

// restartWith delivers what a restart's commands would: the connection
// and its tool list.
func restartWith(t *testing.T, m *Model, tools []sdk.ToolInfo) {
	t.Helper()
	client, err := sdk.NewInMemoryClient(context.Background(), testBookshop(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	m.Update(connectedMsg{gen: m.gen, conn: &target.Connection{Client: client}, info: serverInfo{Name: "Bookshop"}})
	m.Update(toolsMsg{gen: m.gen, tools: tools})
}

func TestDevBuildErrorThenRestartKeepsToolFormAndShowsDiff(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	m.Update(devStartedMsg{}) // watching (no real loop in a synchronous test)
	press(m, "enter")
	typeText(m, "dune")

	m.Update(devEventMsg{ev: devloop.Event{Kind: devloop.Changed}})
	if s := screen(m); !strings.Contains(s, "⟳ rebuilding") {
		t.Errorf("no rebuild state in the header:\n%s", s)
	}
	bad := &build.Error{Problems: []build.Problem{{File: "main.go", Line: 21, Message: "undefined: x"}}}
	m.Update(devEventMsg{ev: devloop.Event{Kind: devloop.BuildFailed, Err: bad, Build: bad}})
	s := screen(m)
	for _, want := range []string{"✗ build failed", "main.go:21: undefined: x", "old server keeps serving", "● connected"} {
		if !strings.Contains(s, want) {
			t.Errorf("build failure screen lacks %q:\n%s", want, s)
		}
	}
	if m.state != stateConnected || formArgs(t, m)["query"] != "dune" {
		t.Errorf("a failed build disturbed the session: state %v form %v", m.state, formArgs(t, m))
	}

	gen := m.gen
	m.Update(devEventMsg{ev: devloop.Event{Kind: devloop.Ready, Took: 1234 * time.Millisecond}})
	if m.gen != gen+1 || !strings.Contains(screen(m), "↻ restarting") {
		t.Fatalf("ready: gen %d → %d\n%s", gen, m.gen, screen(m))
	}
	restartWith(t, m, changedTools(t))
	s = screen(m)
	grew := tokentest.TokenDelta(testBookshop().Tools(), changedTools(t))
	for _, want := range []string{"✓ rebuilt 1.23s", "Changes", "tools: 1 added, 1 changed", "finding · " + grew, "+ get_book(id)", "~ search_books", "argument limit constraints: integer · 1–50 · default 10 → integer · 1–5", "Tools 5"} {
		if !strings.Contains(s, want) {
			t.Errorf("after the restart the screen lacks %q:\n%s", want, s)
		}
	}
	if sel := m.tools.Selected(); sel == nil || sel.Name != "search_books" {
		t.Errorf("selection = %v", sel)
	}
	if !m.form.isOpen() || m.form.tool.Name != "search_books" || formArgs(t, m)["query"] != "dune" {
		t.Errorf("form after restart: %v", formArgs(t, m))
	}
	press(m, "esc", "d")
	if s := screen(m); strings.Contains(s, "Changes") || strings.Contains(s, "+ get_book") {
		t.Errorf("d did not dismiss the changes:\n%s", s)
	}
}

// A value that the new schema refuses is kept and flagged, not dropped.
func TestDevRestartFlagsMisfitValues(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	m.Update(devStartedMsg{})
	press(m, "enter")
	typeText(m, "dune")
	press(m, "tab")
	typeText(m, "9") // fits 1–50, not the new 1–5
	before := formArgs(t, m)["limit"]
	m.Update(devEventMsg{ev: devloop.Event{Kind: devloop.Ready}})
	restartWith(t, m, changedTools(t))
	if got := formArgs(t, m)["limit"]; got != before {
		t.Errorf("limit after restart = %v, want %v kept", got, before)
	}
	if s := screen(m); !strings.Contains(s, "less than or equal to 5") {
		t.Errorf("the misfit is not flagged:\n%s", s)
	}
}

func TestDevRerunOnSaveShowsBeforeAndAfter(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	m.Update(devStartedMsg{})
	press(m, "a")
	if !m.dev.rerun || !strings.Contains(screen(m), "re-run on save") {
		t.Fatalf("a did not turn re-run on:\n%s", screen(m))
	}
	press(m, "enter")
	typeText(m, "dune")
	press(m, "ctrl+r")
	if m.call == nil {
		t.Fatal("no call started")
	}
	text := func(s string) *sdk.CallToolResult {
		return &sdk.CallToolResult{Content: []sdk.Content{{Type: "text", Text: s}}}
	}
	m.Update(callDoneMsg{gen: m.gen, id: m.call.id, res: text("Found 3 books matching 'dune'.\nsame line")})
	m.Update(devEventMsg{ev: devloop.Event{Kind: devloop.Ready}})
	restartWith(t, m, testBookshop().Tools())
	if m.call == nil || m.call.tool != "search_books" {
		t.Fatal("the last call was not re-run after the restart")
	}
	if got := string(m.callArgs); !strings.Contains(got, `"query":"dune"`) {
		t.Errorf("re-run with %s", got)
	}
	m.Update(callDoneMsg{gen: m.gen, id: m.call.id, res: text("Found 4 books matching 'dune'.\nsame line")})
	s := screen(m)
	for _, want := range []string{"Re-run search_books after the restart", "before", "after", "Found 3 books", "Found 4 books"} {
		if !strings.Contains(s, want) {
			t.Errorf("comparison lacks %q:\n%s", want, s)
		}
	}
	if len(m.dev.calls) != 1 || !strings.Contains(m.dev.calls[0].Result.Content[0].Text, "Found 4") {
		t.Errorf("recorded calls = %+v, want only the call to the new code", m.dev.calls)
	}
}

func TestDevStateRestoresAndSavesArguments(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	seed, _ := state.Load(path)
	key := "target:examples/bookshop"
	seed.SetArgs(key, "search_books", json.RawMessage(`{"query":"remembered","limit":7}`))
	if err := seed.Save(); err != nil {
		t.Fatal(err)
	}
	m, _ := newTestModel(t, 120, 40)
	m.dev.opts.StatePath = path
	m.Update(loadStateCmd(path)())
	press(m, "enter")
	if got := formArgs(t, m); got["query"] != "remembered" || got["limit"] != float64(7) {
		t.Fatalf("form not prefilled from the state file: %v", got)
	}
	press(m, "ctrl+r")
	_, cmd := m.Update(callDoneMsg{gen: m.gen, id: m.call.id, res: &sdk.CallToolResult{}})
	if cmd == nil {
		t.Fatal("no save command after a call")
	}
	cmd()
	again, err := state.Load(path)
	if err != nil || again.Args(key, "search_books") == nil {
		t.Errorf("state after the call: %v %s", err, again.Args(key, "search_books"))
	}

	os.WriteFile(path, []byte("{not json"), 0o644)
	m2, _ := newTestModel(t, 120, 40)
	m2.Update(loadStateCmd(path)())
	if s := screen(m2); !strings.Contains(s, "state file ignored") {
		t.Errorf("a corrupt state file is not reported:\n%s", s)
	}
	press(m2, "enter")
	if m2.form.form == nil {
		t.Error("a corrupt state file broke the form")
	}
}

// drive runs the program loop for real: commands in goroutines, their
// messages back into Update, until done() or the timeout.
func drive(t *testing.T, m *Model, cmd tea.Cmd, what string, done func() bool) {
	t.Helper()
	msgs := make(chan tea.Msg, 64)
	run := func(c tea.Cmd) {
		if c != nil {
			go func() { msgs <- c() }()
		}
	}
	run(cmd)
	deadline := time.After(90 * time.Second)
	for !done() {
		select {
		case msg := <-msgs:
			switch msg := msg.(type) {
			case nil:
			case tea.BatchMsg:
				for _, c := range msg {
					run(c)
				}
			default:
				_, next := m.Update(msg)
				run(next)
			}
		case <-deadline:
			t.Fatalf("waiting for %s; screen:\n%s", what, screen(m))
		}
	}
	driving = msgs
	driveRun = run
}

// The channel and runner of the last drive, so a next drive keeps
// delivering what is still in flight.
var (
	driving  chan tea.Msg
	driveRun func(tea.Cmd)
)

// keys presses keys on a driven model (their commands run for real).
func driveKeys(m *Model, keys ...string) {
	for _, k := range keys {
		_, cmd := m.Update(keyMsg(k))
		driveRun(cmd)
	}
}

func driveText(m *Model, s string) {
	for _, r := range s {
		_, cmd := m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
		driveRun(cmd)
	}
}

// continueDrive is drive for the messages of an earlier drive.
func continueDrive(t *testing.T, m *Model, what string, done func() bool) {
	t.Helper()
	deadline := time.After(90 * time.Second)
	for !done() {
		select {
		case msg := <-driving:
			switch msg := msg.(type) {
			case nil:
			case tea.BatchMsg:
				for _, c := range msg {
					driveRun(c)
				}
			default:
				_, next := m.Update(msg)
				driveRun(next)
			}
		case <-deadline:
			t.Fatalf("waiting for %s; screen:\n%s", what, screen(m))
		}
	}
}

// devCopy copies examples/tutorial/01-first-tool into a temporary module
// that replaces github.com/mcpdev/mcpdev with this repository.
func devCopy(t *testing.T) string {
	t.Helper()
	root, _ := filepath.Abs("../..")
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join(root, "examples/tutorial/01-first-tool/main.go"))
	if err != nil {
		t.Fatal(err)
	}
	sum, _ := os.ReadFile(filepath.Join(root, "go.sum"))
	os.WriteFile(filepath.Join(dir, "main.go"), src, 0o644)
	os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644)
	mod := "module example.com/devloop\n\ngo 1.26.8\n\nrequire github.com/mcpdev/mcpdev v0.0.0\n\nreplace github.com/mcpdev/mcpdev => " + root + "\n"
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644)
	cmd := exec.Command("go", "list", "-mod=mod", "-deps", ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	return dir
}

func editFile(t *testing.T, path, old, new string) {
	t.Helper()
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s lacks %q", path, old)
	}
	os.WriteFile(path, []byte(strings.Replace(string(data), old, new, 1)), 0o644)
}

// The "done when", against a real server: a new tool function
// appears with the diff shown, the selected tool still selected with its
// arguments; a broken save keeps the old server; the session records into
// a file that mcpdev test replays green.
func TestDevLoopRealServerEditAddsToolAndRecords(t *testing.T) {
	dir := devCopy(t)
	target, err := target.Resolve([]string{dir}, &target.ResolveOptions{BuildCache: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	dev := DevOptions{Target: target, Watch: true, Debounce: 50 * time.Millisecond, RecordDir: t.TempDir()}
	m := New(context.Background(), withDev(&targetConnector{Target: target}, dev), Options{Target: dir, Dark: dark(), Dev: dev})
	defer m.Close()
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	drive(t, m, m.Init(), "the tool list and the watcher", func() bool { return m.tools.loaded && m.dev.watching })
	driveKeys(m, "enter")
	driveText(m, "dune")
	driveKeys(m, "tab")
	driveText(m, "5")
	driveKeys(m, "ctrl+r")
	continueDrive(t, m, "the result", func() bool { return len(m.dev.calls) == 1 })

	main := filepath.Join(dir, "main.go")
	before := slices.Clone(m.tools.tools)
	editFile(t, main, "\tsdk.Tool(s, SearchBooks, nil)\n", "\tsdk.Tool(s, SearchBooks, nil)\n\tsdk.Tool(s, GetBook, nil)\n")
	data, _ := os.ReadFile(main)
	os.WriteFile(main, append(data, []byte("\n// GetBookArgs are the arguments of get_book.\ntype GetBookArgs struct {\n\tID string `json:\"id\"`\n}\n\n// Get one book by its id.\nfunc GetBook(ctx context.Context, a GetBookArgs) (string, error) { return \"Book \" + a.ID, nil }\n")...), 0o644)
	continueDrive(t, m, "the restart with get_book", func() bool { return m.dev.restarts == 1 && len(m.tools.tools) == 2 })
	s := screen(m)
	grew := tokentest.TokenDelta(before, m.tools.tools) // get_book's definition
	for _, want := range []string{"+ get_book(id)", "tools: 1 added", "finding · " + grew, "✓ rebuilt", "Tools 2"} {
		if !strings.Contains(s, want) {
			t.Errorf("after the edit the screen lacks %q:\n%s", want, s)
		}
	}
	if sel := m.tools.Selected(); sel == nil || sel.Name != "search_books" || formArgs(t, m)["query"] != "dune" {
		t.Errorf("selection %v form %v", sel, formArgs(t, m))
	}

	if len(m.dev.calls) != 0 {
		t.Errorf("calls to the old code are still recorded: %d", len(m.dev.calls))
	}
	driveKeys(m, "ctrl+r") // the reopened form, values kept
	continueDrive(t, m, "the call to the new server", func() bool { return len(m.dev.calls) == 1 })

	editFile(t, main, `return "Book " + a.ID`, `return "Book " + a.Missing`)
	continueDrive(t, m, "the build error", func() bool { return m.dev.buildErr != nil })
	if s := screen(m); !strings.Contains(s, "main.go:") || !strings.Contains(s, "a.Missing undefined") || m.state != stateConnected {
		t.Errorf("build error screen (state %v):\n%s", m.state, s)
	}

	driveKeys(m, "w") // the output pane has the focus since the call
	continueDrive(t, m, "the recorded session", func() bool { return m.dev.recorded != "" })
	var out bytes.Buffer
	editFile(t, main, `return "Book " + a.Missing`, `return "Book " + a.ID`)
	sum, err := testsession.Run(context.Background(), &out, []string{m.dev.recorded}, nil)
	if err != nil || sum.Passed != 1 {
		t.Errorf("replay of the recorded session: %v\n%s", err, out.String())
	}
}

// A change at the end of a long description is in view: the changes
// view wraps its lines at the pane's width instead of cutting them.
func TestDevChangesWrapLongLines(t *testing.T) {
	m, _ := newTestModel(t, 80, 40)
	m.Update(devStartedMsg{})
	m.Update(devEventMsg{ev: devloop.Event{Kind: devloop.Ready, Took: time.Second}})
	tools := testBookshop().Tools()
	tools[0].Description = "Search the catalog by title or author; ZQX."
	restartWith(t, m, tools)
	s := screen(m)
	changes := s[max(strings.Index(s, "Changes ·"), 0):] // the details above show the description too
	if !strings.Contains(changes, "~ search_books") || !strings.Contains(changes, "ZQX") {
		t.Errorf("the end of the new description is not on screen:\n%s", s)
	}
	for _, line := range strings.Split(s, "\n") {
		if w := ansi.StringWidth(line); w > 80 {
			t.Errorf("a line is %d wide at 80 columns: %q", w, line)
		}
	}
}
