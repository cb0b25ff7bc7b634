package tui

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/peers"
	"github.com/mcpdev/mcpdev/sdk"
)

// The server's questions end to end: the real program against real
// servers that ask (server-everything, the sdk's conformance example and
// the asking test server), in both eras, answered by keys.

// eraConnector connects speaking one protocol version ("" probes).
type eraConnector struct {
	Connector
	version string
}

func (c eraConnector) Connect(ctx context.Context, opts *target.ConnectOptions) (*target.Connection, error) {
	o := *opts
	client := *o.Client
	client.ProtocolVersion = c.version
	o.Client = &client
	return c.Connector.Connect(ctx, &o)
}

// callTool calls a tool: from the output pane (where a call leaves the
// focus) to the tool list, the filter cleared and set to name, its form
// opened, the first field typed, the call sent.
func (f *flow) callTool(name, firstArg string) {
	if f.calls > 0 {
		f.keys("tab", "esc")
	}
	f.calls++
	f.keys("/")
	f.typ(name)
	f.keys("enter")
	f.typ(firstArg)
	f.keys("ctrl+r")
}

// server-everything (TypeScript, session era) shows the tools that ask
// only to a client that answers; each question is answered by keys.
func TestFlowAskServerEverything(t *testing.T) {
	node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
	f := startFlowWith(t, commandConnector(node, files[0], "stdio"), "server-everything")
	f.waitFor("legacy era", "Trigger Sampling Request", "Get Roots List Tool", "Trigger URL Elicitation")

	f.callTool("trigger-elicitation-request", "")
	f.waitFor("Server asks · elicitation (form)", "Please provide inputs for the following fields:")
	f.typ("Ada")
	f.keys("ctrl+r")
	f.waitFor("✅ User provided the requested information!", "- Name: Ada")

	f.callTool("trigger-elicitation-request", "")
	f.waitFor("ctrl+d decline")
	f.keys("ctrl+d")
	f.waitFor("User declined to provide the requested information.")

	f.callTool("trigger-elicitation-request", "")
	f.waitFor("ctrl+d decline")
	f.keys("esc")
	f.waitFor("User cancelled the elicitation dialog.")

	f.callTool("trigger-sampling-request", "Say hi")
	f.waitFor("Server asks · sampling", "You are a helpful test server.", "context: Say hi")
	f.typ("Bonjour")
	f.keys("ctrl+r")
	f.waitFor(`"text": "Bonjour"`, `"model": "mcpdev (written by a person)"`)

	f.callTool("get-roots-list", "") // none offered unless asked
	f.waitFor("The client supports roots but no roots are currently configured.")

	f.callTool("trigger-url-elicitation", "https://example.com/auth")
	f.waitFor("The server asks you to open:", "host example.com")
	f.keys("y")
	f.waitFor("User completed the URL elicitation flow.")
}

// server-everything's elicitation form has an enum with the legacy
// enumNames (pets): its options show the names, and the answer carries
// the value of the one chosen; the titled enums keep their defaults' values.
func TestFlowAskEnumNamesServerEverything(t *testing.T) {
	node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
	f := startScreenFlow(t, commandConnector(node, files[0], "stdio"), "server-everything", Options{})
	f.waitScreen("legacy era", "Trigger Elicitation Reque")
	f.callTool("trigger-elicitation-request", "")
	f.waitScreen("Server asks · elicitation (form)", "String (name) *")
	f.typ("Ada")
	for range 12 { // to the last field, legacyTitledEnum
		f.keys("tab")
	}
	f.waitScreen("one of Cats (pet-1), Dogs (pet-2), Birds (pet-3)", "← Cats (pet-1) →")
	f.keys("right")
	f.waitScreen("← Dogs (pet-2) →")
	f.keys("ctrl+r")
	f.waitScreen("Raw result: {", `"untitledSingleSelectEnum": "Monica"`)
	f.keys("G") // the end of the raw result
	f.waitScreen(`"titledSingleSelectEnum": "hero-1"`, `"legacyTitledEnum": "pet-2"`)
}

// The sdk's conformance example asks in both eras: by server requests in
// a session, by input-required rounds in the 2026 era.
func TestFlowAskConformanceEras(t *testing.T) {
	for _, era := range []struct{ version, shown string }{{sdk.LatestLegacyVersion, "legacy era"}, {"", "2026 era"}} {
		t.Run(era.shown, func(t *testing.T) {
			f := startFlowWith(t, eraConnector{commandConnector(serverBin(t, "conformance")), era.version}, "conformance")
			f.waitFor(era.shown, "test_elicitation")
			answerFormAndSampling(f)

			f.callTool("test_roots", "") // none offered unless asked
			f.waitFor("Roots: none")
		})
	}
}

// A server that refuses an answer and asks the same form again: the
// form comes back with what the person typed, in both eras.
func TestFlowAskAgainKeepsValues(t *testing.T) {
	for _, era := range []struct{ version, shown string }{{sdk.LatestLegacyVersion, "legacy era"}, {"", "2026 era"}} {
		t.Run(era.shown, func(t *testing.T) {
			f := startFlowWith(t, eraConnector{commandConnector(serverBin(t, "asking")), era.version}, "asking")
			f.waitFor(era.shown, "ask_name")
			f.callTool("ask_name", "")
			f.waitFor("Who are you?")
			f.typ("nobody")
			f.keys("tab", "ctrl+a")
			f.typ("41")
			f.keys("ctrl+r")
			// The screen is drawn as a diff, so the kept values need not
			// appear as "> 41" in the stream; the greeting below proves the
			// age was kept (only the name is typed again).
			f.waitFor("Not nobody, please: who are you really?")
			f.keys("shift+tab", "ctrl+a")
			f.typ("Ada")
			f.keys("ctrl+r")
			f.waitFor("Hello, Ada (41)!")
		})
	}
}

// The hostile server's questions: escape sequences, "\r", NUL and 2 MB
// of text in the message and the sampling request reach the screen as
// text only, and answering them works.
func TestFlowHostileQuestions(t *testing.T) {
	f := startFlowWith(t, commandConnector(serverBin(t, "asking")), "asking")
	f.waitFor("hostile_elicit")
	f.callTool("hostile_elicit", "")
	f.waitFor("EVIL␛]52;c;aGFja2Vk␇␛[2J␍OVERPRINT␀")
	f.keys("ctrl+d")
	f.waitFor("hostile form: action=decline")
	f.callTool("hostile_sample", "")
	f.waitFor("Server asks · sampling", "System prompt")
	f.typ("fine")
	f.keys("ctrl+r")
	f.waitFor("hostile sample: fine")
	f.finish()
	v := f.m.View()
	checkScreenSafe(t, "after the hostile questions", content(v.Content), v.WindowTitle)
}

// The server dies while its form is shown: the form goes with a clear
// message (the doctor's, the call's result), and no hook is left
// waiting.
func TestFlowServerKilledMidQuestion(t *testing.T) {
	f := startFlowWith(t, commandConnector(serverBin(t, "asking")), "asking")
	f.waitFor("ask_then_wait")
	f.callTool("ask_then_wait", "")
	pid := f.waitForPid()
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	f.waitFor("The server exited", "lost the connection to asking")
	f.finish()
	if f.m.ask.q != nil || len(f.m.asks.queue) > 0 || f.m.focus != focusDoctor {
		t.Errorf("after the server died: question %v, focus %v", f.m.ask.q, f.m.focus)
	}
	if s := screen(f.m); strings.Contains(s, "Server asks") {
		t.Errorf("the question is still shown:\n%s", s)
	}
}

var pidRe = regexp.MustCompile(`Kill me: pid (\d+)\.`)

// waitForPid waits for the asking server's form and reads its pid.
func (f *flow) waitForPid() int {
	f.t.Helper()
	pid := 0
	teatest.WaitFor(f.t, f.tm.Output(), func(b []byte) bool {
		if m := pidRe.FindStringSubmatch(ansi.Strip(string(b))); m != nil {
			pid, _ = strconv.Atoi(m[1])
			return true
		}
		return false
	}, teatest.WithDuration(30*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
	return pid
}

// answerFormAndSampling calls the conformance server's test_elicitation
// and answers its form (username, email), then test_sampling and answers
// "Paris", checking both results.
func answerFormAndSampling(f *flow) {
	f.callTool("test_elicitation", "Who are you?")
	f.waitFor("Server asks · elicitation (form)", "username")
	f.typ("ada")
	f.keys("tab")
	f.typ("ada@example.com")
	f.keys("ctrl+r")
	f.waitFor("✓ ok · test_elicitation", `action=accept, content={username: \"ada\", email:`)

	f.callTool("test_sampling", "Capital of France?")
	f.waitFor("Server asks · sampling", "Capital of France?")
	f.typ("Paris")
	f.keys("ctrl+r")
	f.waitFor("LLM response: Paris")
}
