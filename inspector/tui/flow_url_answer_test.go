package tui

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/target"
)

// An answer to a URL-mode elicitation travels with its call like a
// form's: w writes it as an answer-url line that `mcpdev test` replays
// to a pass, and y copies the call with --answer-url, a command that runs
// as is (no terminal to ask on) and prints what the inspector showed.
func TestFlowURLAnswerRecordedAndCopied(t *testing.T) {
	bin := mcpdevBinDir(t)
	server := serverBin(t, "asking")
	work := t.TempDir()
	t.Chdir(work)
	tg, err := target.Resolve([]string{"--", server}, &target.ResolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	m := New(context.Background(), &targetConnector{Target: tg}, Options{Target: tg.Label(), Dark: dark(), Dev: DevOptions{Target: tg}})
	f := &flow{t: t, m: m, tm: teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 40))}
	t.Cleanup(f.finish)
	f.waitFor("2026 era", "ask_url")

	f.callTool("ask_url", "")
	f.waitFor("The server asks you to open:", "host example.com")
	f.keys("y") // copy the URL: accepted
	f.waitFor("url: action=accept")
	f.callTool("ask_url", "")
	f.waitFor("The server asks you to open:")
	f.keys("n")
	f.waitFor("url: action=decline")

	f.keys("4", "down", "y") // the first call, from the newest
	f.waitFor("copied: mcpdev call")
	f.keys("w")
	f.waitFor("replay it with: mcpdev test")
	f.finish()

	data, err := os.ReadFile(m.dev.recorded)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"call ask_url\n  answer-url accept\n", "call ask_url\n  answer-url decline\n"} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("the session lacks %q:\n%s", want, data)
		}
	}
	test := exec.Command(filepath.Join(bin, "mcpdev"), "test", m.dev.recorded)
	test.Env = append(os.Environ(), "MCPDEV_CACHE="+copyCache(t))
	if out, err := test.CombinedOutput(); err != nil || !strings.Contains(string(out), "2 passed, 0 failed") {
		t.Errorf("mcpdev test: %v\n%s\nthe session:\n%s", err, out, data)
	}

	command := m.history.copied
	if !strings.Contains(command, " --answer-url accept ") {
		t.Errorf("copied %s\nwant --answer-url accept", command)
	}
	var want bytes.Buffer
	call.WriteResult(&want, m.dev.calls[0].Result)
	if got, code := runCopied(t, command); code != 0 || got != want.String() || !strings.Contains(got, "url: action=accept") {
		t.Errorf("copied: %s\nexit %d, printed:\n%s\nthe inspector showed:\n%s", command, code, got, want.String())
	}
}
