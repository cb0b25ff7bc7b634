package tui

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// What the hostile server (../testdata/servers/hostile) puts in every
// text: OSC 52, a screen clear, a window title, an OSC 8 link, a "\r" and
// a cursor-up overwrite, an 8-bit CSI, a tab; and how the screen shows it.
const (
	payload = "\x1b]52;c;SGFja2Vk\x07\x1b[2J\x1b]0;pwned\x07\x1b]8;;https://evil.example/\x07link\x1b]8;;\x07\rFAKE\x1b[1A\u009b2J\tEND"
	shown   = "␛]52;c;SGFja2Vk␇␛[2J␛]0;pwned␇"
)

func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func hostileTools() []sdk.ToolInfo {
	arg := `{"type":"string","title":` + jsonText("Title"+payload) + `,"description":` + jsonText("Argument"+payload) +
		`,"enum":[` + jsonText("one"+payload) + `,"two"]}`
	return []sdk.ToolInfo{
		{Name: "echo" + payload, Title: "Echo" + payload, Description: "Echoes." + payload + "\nSecond line" + payload,
			InputSchema: json.RawMessage(`{"type":"object","properties":{` + jsonText("pick"+payload) + `:` + arg + `}}`)},
		{Name: "fail" + payload, Description: "Fails" + payload, InputSchema: json.RawMessage(`{"type":"object"}`)},
	}
}

// checkScreenSafe fails when the view holds anything a terminal acts on
// besides line breaks and the inspector's own SGR styling.
func checkScreenSafe(t *testing.T, what string, v interface{ String() string }, title string) {
	t.Helper()
	s := v.String()
	if !utf8.ValidString(s) {
		t.Fatalf("%s: not valid UTF-8", what)
	}
	for i := 0; i < len(s); {
		if n := sgr(s[i:]); n > 0 {
			i += n
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r != '\n' && (r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f)) {
			t.Fatalf("%s: control %U on the screen: %q", what, r, s[max(0, i-60):min(len(s), i+60)])
		}
		i += size
	}
	if strings.ContainsFunc(title, func(r rune) bool { return r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f) }) {
		t.Fatalf("%s: window title %q", what, title)
	}
}

// sgr is the length of the SGR sequence s starts with, or 0.
func sgr(s string) int {
	if !strings.HasPrefix(s, "\x1b[") {
		return 0
	}
	for j := 2; j < len(s); j++ {
		switch c := s[j]; {
		case c == 'm':
			return j + 1
		case (c < '0' || c > '9') && c != ';' && c != ':':
			return 0
		}
	}
	return 0
}

type content string

func (c content) String() string { return string(c) }

// Every pane with the hostile server's text in it, at both sizes: nothing
// but text reaches the screen, and the tool is called by its exact name.
func TestHostileTextOnScreen(t *testing.T) {
	for _, sz := range goldenSizes {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			m, _ := newTestModel(t, sz[0], sz[1])
			check := func(what string, withGolden bool) {
				t.Helper()
				v := m.View()
				checkScreenSafe(t, what, content(v.Content), v.WindowTitle)
				if withGolden {
					golden(t, fmt.Sprintf("hostile_%s_%dx%d", what, sz[0], sz[1]), screen(m))
				}
			}
			m.header.info = serverInfo{Name: "evil" + payload, Version: "6.6.6" + payload, Protocol: "2025-06-18", Transport: "stdio"}
			m.Update(toolsMsg{gen: m.gen, tools: hostileTools()})
			m.Update(eventsMsg{gen: m.gen, events: []any{
				logEvent{at: m.now(), level: "stderr", text: "stderr" + payload},
				logEvent{at: m.now(), level: "warning" + payload, logger: "logger" + payload, text: "log" + payload + "\nmore"},
				trafficEvent{at: m.now(), dir: sdk.Received, raw: []byte(`{"jsonrpc":"2.0","method":` + jsonText("x"+payload) + `}`), what: "x" + payload, id: `"` + payload},
			}})
			check("tools", true)
			press(m, "enter")
			check("form", false)
			press(m, "ctrl+r")
			if m.call == nil || m.callTool.Name != "echo"+payload {
				t.Fatalf("the call went to %q, want the exact name", m.callTool.Name)
			}
			check("running", false)
			finishCall(m, &sdk.CallToolResult{
				Content: []sdk.Content{sdk.Text("result" + payload + "\nline two\twith a tab"),
					{Type: "resource_link", URI: "file:///x" + payload, Name: "link" + payload}, sdk.Text(`{"k":` + jsonText(payload) + `}`)},
				StructuredContent: json.RawMessage(`{` + jsonText("key"+payload) + `:1}`),
			}, nil, time.Millisecond)
			check("result", true)
			for _, tab := range []struct{ key, name string }{{"2", "logs"}, {"3", "traffic"}, {"4", "history"}} {
				press(m, tab.key)
				check(tab.name, tab.name == "logs")
			}
			press(m, "esc", "esc", "down", "enter", "ctrl+r")
			finishCall(m, nil, &transport.Error{Code: -32000, Message: "error" + payload, Data: json.RawMessage(`{"d":` + jsonText(payload) + `}`)}, time.Millisecond)
			check("rpc error", false)
			m.status = "cancelling fail" + payload
			check("status", false)
			m.Update(disconnectedMsg{gen: m.gen, err: context.Canceled, report: "the server exited\n" + payload})
			check("doctor", false)
		})
	}
}

// startTargetFlow runs the inspector as `mcpdev -- BIN` does: through the
// CLI's connector, with the connection doctor and the stdout watch.
func startTargetFlow(t *testing.T, bin string) *flow {
	t.Helper()
	target, err := target.Resolve([]string{"--", serverBin(t, bin)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := New(context.Background(), &targetConnector{Target: target}, Options{Target: bin, Dark: dark(), SaveDir: t.TempDir()})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 40))
	f := &flow{t: t, m: m, tm: tm}
	t.Cleanup(f.finish)
	return f
}

// The real hostile server: its names and texts shown safely, its tool
// called by the exact bytes of its name (it answers isError otherwise).
func TestFlowHostileServerText(t *testing.T) {
	t.Parallel()
	f := startTargetFlow(t, "hostile")
	f.waitFor("Echoes." + shown) // listed (the long name pushes "connected" off the header)
	f.keys("enter", "ctrl+r")
	f.waitFor("✓ ok · echo"+shown, "result"+shown)
	f.finish()
	v := f.m.View()
	checkScreenSafe(t, "result", content(v.Content), v.WindowTitle)
	if h := f.m.history.entries; len(h) != 1 || h[0].tool != "echo"+payload || h[0].outcome != "ok" {
		t.Errorf("history %+v, want one ok call of the exact tool name", h)
	}
}

// A print() to stdout shows in the logs pane, with why it matters.
func TestFlowStrayStdoutInLogs(t *testing.T) {
	t.Parallel()
	f := startTargetFlow(t, "hostile")
	f.waitFor("Echoes." + shown)
	f.keys("2")
	// (short pieces: the logs wrap long lines, a piece must fit on one)
	f.waitFor("non-JSON-RPC stdout", "warning stdout: print()")
	f.finish()
	// The stray line is wrapped to the pane: compare without the breaks.
	flat := strings.Join(strings.Fields(ansi.Strip(f.m.logs.View())), "")
	if want := strings.Join(strings.Fields("warning stdout: print() to stdout"+shown), ""); !strings.Contains(flat, want) {
		t.Errorf("the logs do not show the stray line whole:\n%s", ansi.Strip(f.m.logs.View()))
	}
}
