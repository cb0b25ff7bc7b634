package tui

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

func selected(m *Model) string {
	if t := m.tools.Selected(); t != nil {
		return t.Name
	}
	return ""
}

func formArgs(t *testing.T, m *Model) map[string]any {
	t.Helper()
	if m.form.form == nil {
		t.Fatal("no form open")
	}
	raw, err := m.form.form.Value()
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestToolListMoveFilterRefresh(t *testing.T) {
	m, _ := newTestModel(t, 80, 24)
	if got := selected(m); got != "search_books" {
		t.Fatalf("first selection = %q, want search_books", got)
	}
	press(m, "down", "down")
	if got := selected(m); got != "get_weather" {
		t.Fatalf("after 2×down = %q, want get_weather", got)
	}
	press(m, "/")
	typeText(m, "delete")
	if len(m.tools.visible) != 1 || selected(m) != "delete_all" {
		t.Fatalf("filter 'delete': visible %d, selected %q", len(m.tools.visible), selected(m))
	}
	if s := screen(m); !strings.Contains(s, "Tools 1/4") || !strings.Contains(s, "destructive idempotent") {
		t.Errorf("filtered list screen:\n%s", s)
	}
	press(m, "esc")
	if m.tools.filtered() || selected(m) != "delete_all" {
		t.Fatalf("esc: filtered=%v selected=%q, want the filter gone and delete_all kept", m.tools.filtered(), selected(m))
	}
	// notifications/tools/list_changed → re-list: the selection follows the name.
	tools := append([]sdk.ToolInfo{{Name: "new_tool", InputSchema: json.RawMessage(`{"type":"object"}`)}}, m.tools.tools...)
	m.Update(toolsMsg{gen: m.gen, tools: tools})
	if got := selected(m); got != "delete_all" {
		t.Errorf("after refresh selected %q, want delete_all", got)
	}
}

func TestFilterEnterOpensForm(t *testing.T) {
	m, _ := newTestModel(t, 80, 24)
	press(m, "/")
	typeText(m, "weather")
	press(m, "enter")
	if m.focus != focusForm || m.form.tool == nil || m.form.tool.Name != "get_weather" {
		t.Fatalf("focus %v, form %+v: want get_weather's form focused", m.focus, m.form.tool)
	}
}

// The keystroke bar: launch → first result in ≤ 3 keys besides typed text.
func TestKeystrokeBar(t *testing.T) {
	m, _ := newTestModel(t, 80, 24)
	keys := 0
	press(m, "enter")
	keys++
	if m.focus != focusForm {
		t.Fatalf("enter on a tool: focus %v, want form", m.focus)
	}
	typeText(m, "dune") // lands in the first field: query
	if got := formArgs(t, m)["query"]; got != "dune" {
		t.Fatalf("typed text went to query=%v", got)
	}
	press(m, "ctrl+r")
	keys++
	if m.call == nil {
		t.Fatalf("no call started after %d keys; screen:\n%s", keys, screen(m))
	}
	if keys > 3 {
		t.Errorf("%d keystrokes, want ≤ 3", keys)
	}
	var args map[string]any
	json.Unmarshal(m.callArgs, &args)
	if args["query"] != "dune" || args["limit"] != float64(10) {
		t.Errorf("sent %s, want query dune and the default limit 10", m.callArgs)
	}
}

func TestBoundErrorBlocksThenSendAnyway(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	press(m, "enter")
	typeText(m, "dune")
	press(m, "tab", "backspace", "backspace")
	typeText(m, "500")
	press(m, "ctrl+r")
	if m.call != nil {
		t.Fatal("a call was sent although limit breaks its bound")
	}
	s := screen(m)
	for _, want := range []string{"less than or equal to 50", "ctrl+s"} {
		if !strings.Contains(s, want) {
			t.Errorf("screen lacks %q:\n%s", want, s)
		}
	}
	press(m, "ctrl+s")
	if m.call == nil || !strings.Contains(string(m.callArgs), `"limit":500`) {
		t.Fatalf("send anyway: call %v args %s", m.call, m.callArgs)
	}
}

func TestEscLeavesFormKeepingValues(t *testing.T) {
	m, _ := newTestModel(t, 80, 24)
	press(m, "enter")
	typeText(m, "dune")
	press(m, "esc")
	if m.focus != focusTools {
		t.Fatalf("esc in form: focus %v, want tools", m.focus)
	}
	press(m, "enter")
	if got := formArgs(t, m)["query"]; got != "dune" {
		t.Errorf("reopened form query=%v, want dune", got)
	}
}

// finishCall completes the running call with res (or err) after elapsed.
func finishCall(m *Model, res *sdk.CallToolResult, err error, elapsed time.Duration) {
	m.Update(callDoneMsg{gen: m.gen, id: m.call.id, res: res, err: err, elapsed: elapsed})
}

func TestResultBlocks(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	press(m, "down", "down", "enter")
	typeText(m, "Paris")
	press(m, "ctrl+r")
	size := int64(2048)
	res := &sdk.CallToolResult{
		Content: []sdk.Content{
			sdk.Text(`{"city":"Paris","temperature":21.5}`),
			sdk.Image([]byte("\x89PNG fake"), "image/png"),
			sdk.Audio(make([]byte, 3000), "audio/wav"),
			{Type: "resource_link", URI: "file:///tmp/a.txt", Name: "a.txt", Size: &size},
			sdk.EmbeddedResource(sdk.ResourceContents{URI: "mem://n", MimeType: "text/plain", Text: "embedded words"}),
		},
		StructuredContent: json.RawMessage(`{"city":"Paris","temperature":"warm"}`),
	}
	finishCall(m, res, nil, 42*time.Millisecond)
	s := screen(m)
	for _, want := range []string{
		"✓ ok", "42ms", "content 1/5 · text · JSON", `"temperature": 21.5`,
		"image · image/png · 9 B", "audio · audio/wav · 3.0 kB", "uri: file:///tmp/a.txt",
		"size: 2.0 kB", "embedded resource · mem://n", "embedded words",
		"✗ breaks outputSchema", "temperature: Input should be a valid number",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("result lacks %q", want)
		}
	}
	if t.Failed() {
		t.Log(s)
	}
	// s saves the media blocks into SaveDir.
	m.opts.SaveDir = t.TempDir()
	_, cmd := m.Update(keyMsg("s"))
	msg := cmd()
	saved, ok := msg.(savedMsg)
	if !ok || saved.err != nil || len(saved.paths) != 2 {
		t.Fatalf("save: %#v", msg)
	}
	m.Update(saved)
	if !strings.Contains(screen(m), "saved ") {
		t.Error("the saved paths are not shown")
	}
}

func TestToolErrorVersusProtocolError(t *testing.T) {
	m, _ := newTestModel(t, 100, 30)
	press(m, "enter", "ctrl+r")
	finishCall(m, &sdk.CallToolResult{Content: []sdk.Content{sdk.Text("no such shelf")}, IsError: true}, nil, time.Millisecond)
	if s := screen(m); !strings.Contains(s, "✗ tool error (isError)") || !strings.Contains(s, "no such shelf") {
		t.Errorf("tool error screen:\n%s", s)
	}
	press(m, "esc", "ctrl+r")
	finishCall(m, nil, &transport.Error{Code: -32602, Message: "Unknown tool: nope"}, time.Millisecond)
	if s := screen(m); !strings.Contains(s, "✗ protocol error -32602 (JSON-RPC)") || !strings.Contains(s, "Unknown tool: nope") {
		t.Errorf("protocol error screen:\n%s", s)
	}
	if got := []string{m.history.entries[0].outcome, m.history.entries[1].outcome}; got[0] != "tool error" || got[1] != "protocol error" {
		t.Errorf("history outcomes %v", got)
	}
}

func TestProgressAndCancel(t *testing.T) {
	m, c := newTestModel(t, 80, 24)
	press(m, "enter", "ctrl+r")
	id := m.call.id
	c.advance(2300 * time.Millisecond)
	m.Update(eventsMsg{gen: m.gen, events: []any{progressEvent{callID: id, p: sdk.ProgressParams{Progress: 3, Total: 10, Message: "reading shelf 3"}}}})
	s := screen(m)
	for _, want := range []string{"search_books running · 2.3s", "30%", "reading shelf 3", "esc cancel call"} {
		if !strings.Contains(s, want) {
			t.Errorf("progress screen lacks %q:\n%s", want, s)
		}
	}
	ctx := m.call
	press(m, "esc")
	if m.call != ctx || !strings.Contains(screen(m), "cancelling search_books") {
		t.Fatalf("esc during a call should cancel it and wait for its end")
	}
	finishCall(m, nil, context.Canceled, 2400*time.Millisecond)
	if s := screen(m); !strings.Contains(s, "⊘ cancelled after 2.4s") {
		t.Errorf("cancelled screen:\n%s", s)
	}
}

func TestHistoryRerunEditCopy(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	press(m, "enter")
	typeText(m, "dune")
	press(m, "ctrl+r")
	finishCall(m, &sdk.CallToolResult{Content: []sdk.Content{sdk.Text("Found 3")}}, nil, time.Millisecond)
	press(m, "4")
	if m.tab != tabHistory || !strings.Contains(screen(m), "search_books ok") {
		t.Fatalf("history tab:\n%s", screen(m))
	}
	_, cmd := m.Update(keyMsg("y"))
	want := `mcpdev call examples/bookshop search_books query=dune limit=10`
	if m.history.copied != want {
		t.Errorf("copied %q, want %q", m.history.copied, want)
	}
	if msg := cmd(); fmt.Sprint(msg) != want {
		t.Errorf("clipboard command carries %q", msg)
	}
	if !strings.Contains(screen(m), "copied: "+want) {
		t.Error("the copied command is not shown")
	}
	press(m, "enter")
	if m.call == nil {
		t.Fatal("enter in history did not re-run the call")
	}
	finishCall(m, &sdk.CallToolResult{Content: []sdk.Content{sdk.Text("Found 3")}}, nil, time.Millisecond)
	press(m, "4", "e")
	if m.focus != focusForm || formArgs(t, m)["query"] != "dune" {
		t.Errorf("e: focus %v, args %v", m.focus, formArgs(t, m))
	}
}

func TestLogsAndTrafficSearch(t *testing.T) {
	m, _ := newTestModel(t, 100, 30)
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	m.Update(eventsMsg{gen: m.gen, events: []any{
		logEvent{at: at, level: "stderr", text: "listening on stdio"},
		logEvent{at: at, level: "error", logger: "search_books", text: "shelf missing"},
		trafficEvent{at: at, dir: sdk.Sent, raw: []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`), id: "1", what: "tools/list"},
		trafficEvent{at: at, dir: sdk.Received, raw: []byte(`{"jsonrpc":"2.0","id":1,"result":{"tools":[]}}`), id: "1", what: "result"},
		trafficEvent{at: at, dir: sdk.Sent, raw: []byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`), what: "notifications/initialized"},
	}})
	if !strings.Contains(screen(m), "2 Logs (2)") {
		t.Errorf("unread log count not shown:\n%s", screen(m))
	}
	press(m, "2")
	s := screen(m)
	if !strings.Contains(s, "stderr  listening on stdio") || !strings.Contains(s, "error   search_books: shelf missing") {
		t.Errorf("logs tab:\n%s", s)
	}
	press(m, "3", "/")
	typeText(m, "tools\":[")
	press(m, "enter")
	if m.traffic.cursor != 1 {
		t.Errorf("search jumped to message %d, want 1 (the tools/list result)", m.traffic.cursor)
	}
	if s := screen(m); !strings.Contains(s, `"tools": []`) {
		t.Errorf("selected message not pretty-printed:\n%s", s)
	}
}

func TestServerExitRestartKeepsForm(t *testing.T) {
	m, _ := newTestModel(t, 80, 24)
	press(m, "enter")
	typeText(m, "dune")
	m.Update(disconnectedMsg{gen: m.gen, err: fmt.Errorf("EOF"), report: "The server exited with code 2.\n\nLast lines of its stderr:\npanic: boom"})
	if m.focus != focusDoctor || !strings.Contains(screen(m), "panic: boom") || !strings.Contains(screen(m), "✗ server exited") {
		t.Fatalf("doctor screen:\n%s", screen(m))
	}
	gen := m.gen
	m.Update(keyMsg("R")) // commands not run: no real connector here
	if m.gen != gen+1 || m.state != stateConnecting {
		t.Fatalf("R: gen %d state %v", m.gen, m.state)
	}
	m.Update(disconnectedMsg{gen: gen, report: "stale"}) // from the old connection: ignored
	if m.state != stateConnecting {
		t.Fatal("a message of the old connection changed the state")
	}
	s := testBookshop()
	client, _ := sdk.NewInMemoryClient(context.Background(), s, nil)
	defer client.Close()
	m.Update(connectedMsg{gen: m.gen, conn: &target.Connection{Client: client}, info: serverInfo{Name: "Bookshop"}})
	m.Update(toolsMsg{gen: m.gen, tools: s.Tools()})
	if m.focus != focusForm || formArgs(t, m)["query"] != "dune" {
		t.Errorf("after restart: focus %v, form %v; want the form back with query=dune", m.focus, formArgs(t, m))
	}
}

func TestConnectFailedShowsReport(t *testing.T) {
	m := New(context.Background(), nil, Options{Dark: dark()})
	m.Init()
	m.Update(connectFailedMsg{gen: m.gen, err: fmt.Errorf("build"), report: "go build failed:\n\nmain.go:12:2: undefined: foo"})
	s := screen(m)
	if !strings.Contains(s, "could not be started") || !strings.Contains(s, "main.go:12:2: undefined: foo") || !strings.Contains(s, "R restart") {
		t.Errorf("connect failure screen:\n%s", s)
	}
}

func TestResizeFitsEverySize(t *testing.T) {
	m, _ := newTestModel(t, 80, 24)
	press(m, "enter")
	for _, sz := range [][2]int{{80, 24}, {100, 30}, {160, 48}, {200, 60}, {80, 24}, {60, 20}} {
		m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		lines := strings.Split(m.View().Content, "\n")
		if len(lines) != sz[1] {
			t.Errorf("%dx%d: %d lines", sz[0], sz[1], len(lines))
		}
		for i, l := range lines {
			if w := ansi.StringWidth(l); w > sz[0] {
				t.Errorf("%dx%d: line %d is %d wide", sz[0], sz[1], i, w)
			}
		}
	}
}

func TestBackgroundColorSwitchesPalette(t *testing.T) {
	m := New(context.Background(), nil, Options{})
	if !m.st.Dark {
		t.Fatal("the default palette should be dark until the terminal answers")
	}
	m.Update(tea.BackgroundColorMsg{Color: lightGray})
	if m.st.Dark {
		t.Error("a light background did not switch to the light palette")
	}
}

func TestMailboxNeverLosesWakeups(t *testing.T) {
	b := newMailbox()
	done := make(chan int)
	go func() {
		n := 0
		for n < 1000 {
			n += len(b.take())
		}
		done <- n
	}()
	for i := 0; i < 1000; i++ {
		b.push(i)
	}
	select {
	case n := <-done:
		if n != 1000 {
			t.Errorf("took %d items, want 1000", n)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("take stopped returning items")
	}
	b.close()
	if b.take() != nil {
		t.Error("take after close should return nil")
	}
}

func TestFilterRanksNameMatchesFirst(t *testing.T) {
	m, _ := newTestModel(t, 80, 24)
	press(m, "/")
	typeText(m, "catalog") // only in descriptions, and in no name
	press(m, "esc", "/")   // "/" starts a fresh filter
	typeText(m, "book")
	var got []string
	for _, i := range m.tools.visible {
		got = append(got, m.tools.tools[i].Name)
	}
	want := []string{"search_books", "add_book", "delete_all"} // delete_all: "Delete every book…"
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("filter 'book' shows %v, want %v", got, want)
	}
}
