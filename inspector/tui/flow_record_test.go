package tui

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/inspector/testsession"
	"github.com/mcpdev/mcpdev/internal/peers"
	"github.com/mcpdev/mcpdev/sdk"
)

// A session a person records in the inspector replays green against the
// unchanged server, twice in a row: server-everything (legacy era) with
// every view visited — tools through their forms, an elicitation form and
// a URL, sampling, a root added, a resource followed while the server
// sends updates, a prompt filled by completion, a tool run as a task.
func TestFlowRecordReplaysServerEverything(t *testing.T) {
	node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
	tg := &target.Target{Kind: target.KindCommand, Name: "server-everything", Command: node, Args: []string{files[0], "stdio"}}
	f := startRecordFlow(t, tg)
	f.waitScreen("legacy era", "Get Sum Tool")

	f.callTool("get-sum", "2")
	f.keys("tab")
	f.typ("40")
	f.keys("ctrl+r")
	f.waitScreen("The sum of 2 and 40 is 42.")

	f.callTool("trigger-elicitation-request", "")
	f.waitScreen("Server asks · elicitation (form)")
	f.typ("Ada")
	f.keys("ctrl+r")
	f.waitScreen("- Name: Ada")

	f.callTool("trigger-url-elicitation", "https://example.com/auth")
	f.waitScreen("The server asks you to open:")
	f.keys("y")
	f.waitScreen("User completed the URL elicitation flow.")

	f.callTool("trigger-sampling-request", "Say hi")
	f.waitScreen("Server asks · sampling")
	f.typ("Bonjour")
	f.keys("ctrl+r")
	f.waitScreen(`"text": "Bonjour"`)

	dir := t.TempDir()
	f.keys("tab", "esc", "o", "a")
	f.typ(dir)
	f.keys("enter")
	f.waitScreen("root " + filepath.Base(dir))
	f.keys("esc", "t")
	f.calls = 1 // from the output pane
	f.callTool("get-roots-list", "")
	f.waitScreen("URI: file://" + dir)

	f.callTool("toggle-subscriber-updates", "")
	f.waitScreen("Started simulated resource updated notifications")
	f.keys("tab", "esc", "r", "u", "enter")
	f.waitScreen("# Everything Server")
	f.waitScreen("updated ") // server-everything sends an update every 5 s
	time.Sleep(6 * time.Second)

	f.keys("tab", "esc", "p", "down", "down", "enter")
	f.typ("E")
	f.waitScreen("department: Engineering")
	f.keys("ctrl+y", "tab")
	f.typ("A")
	f.waitScreen("name: Alice")
	f.keys("ctrl+y", "ctrl+r")
	f.waitScreen("Please promote Alice")

	f.keys("tab", "esc", "t")
	f.calls = 0
	f.callTool("simulate-research-query", "go")
	f.waitScreen("# Research Report: go")

	uri := "demo://resource/static/document/architecture.md"
	recordReplayTwice(t, f, "\nsubscribe "+uri+"\n\nread "+uri+"\n", "\n  updated "+uri+"\n")
}

// TestFlowRecordReplaysEverythingEras: the same with the tests' own
// server of every view (testdata/everything), in both eras; its results
// hold a UUID, a time and a duration, and its resource changes as it
// sends updates.
func TestFlowRecordReplaysEverythingEras(t *testing.T) {
	for _, era := range []struct{ version, shown string }{{sdk.LatestLegacyVersion, "legacy era"}, {sdk.Version2026, "2026 era"}} {
		t.Run(era.shown, func(t *testing.T) {
			tg := &target.Target{Kind: target.KindCommand, Name: "everything", Command: serverBin(t, "everything"), Protocol: era.version}
			f := startRecordFlow(t, tg)
			f.waitScreen(era.shown, "ask_person")

			f.callTool("add", "2")
			f.keys("tab")
			f.typ("40")
			f.keys("ctrl+r")
			f.waitScreen("The sum of 2 and 40 is 42.")

			f.callTool("ask_person", "")
			f.waitScreen("Who are you?")
			f.typ("Ada")
			f.keys("ctrl+r")
			f.waitScreen("Hello, Ada (30) from Paris!", "Request ID: ")

			f.callTool("open_page", "")
			f.waitScreen("The server asks you to open:")
			f.keys("y")
			f.waitScreen("page: accept")

			f.callTool("ask_model", "Say hi")
			f.waitScreen("Server asks · sampling")
			f.typ("Bonjour")
			f.keys("ctrl+r")
			f.waitScreen("The model says: Bonjour")

			dir := t.TempDir()
			f.keys("tab", "esc", "o", "a")
			f.typ(dir)
			f.keys("enter")
			f.waitScreen("root " + filepath.Base(dir))
			f.keys("esc", "t")
			f.calls = 1
			f.callTool("list_roots", "")
			f.waitScreen("file://" + dir)

			f.callTool("start_updates", "")
			f.waitScreen("Updates of everything://clock started.")
			f.keys("tab", "esc", "r", "u", "enter")
			f.waitScreen("Read at ")
			f.waitScreen("updated ")
			time.Sleep(2 * time.Second)

			f.keys("tab", "esc", "p", "enter")
			f.typ("Ali")
			f.waitScreen("name: Alice")
			f.keys("ctrl+y", "tab")
			f.typ("warmly")
			f.keys("ctrl+r")
			f.waitScreen("Greet Alice, warmly.")

			f.keys("tab", "esc", "t")
			f.calls = 0
			f.callTool("research", "go")
			f.waitScreen("Report on go: done in ")
			recordReplayTwice(t, f, "\nsubscribe everything://clock\n\nread everything://clock\n", "\n  updated everything://clock\n")
		})
	}
}

// recordReplayTwice writes the session (w), then replays it twice
// against the unchanged server: both replays pass. The session holds
// want, and one read step: the person's (the server's updates read the
// resource again, heard as an updated line).
func recordReplayTwice(t *testing.T, f *screenFlow, want ...string) {
	t.Helper()
	f.keys("w")
	f.waitScreen(".txtar · replay it with")
	f.finish()
	path := f.m.dev.recorded
	data, _ := os.ReadFile(path)
	t.Logf("recorded:\n%s", data)
	if n := strings.Count(string(data), "\nread "); n != 1 {
		t.Errorf("the session has %d read steps, want 1 (the person's; the server's updates read again)", n)
	}
	for _, w := range want {
		if !strings.Contains(string(data), w) {
			t.Errorf("the session lacks %q", w)
		}
	}
	for i := range 2 {
		var out bytes.Buffer
		sum, err := testsession.Run(context.Background(), &out, []string{path}, nil)
		if err != nil || sum.Failed > 0 {
			t.Errorf("replay %d: %v\n%s", i+1, err, out.String())
		}
	}
}

// startRecordFlow runs the inspector on tg with a directory for the
// sessions w writes.
func startRecordFlow(t *testing.T, tg *target.Target) *screenFlow {
	t.Helper()
	dir := t.TempDir()
	return startScreenFlow(t, &targetConnector{Target: tg}, tg.Name, Options{Dev: DevOptions{Target: tg, RecordDir: dir}})
}
