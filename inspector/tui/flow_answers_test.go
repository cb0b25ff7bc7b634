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
	"github.com/mcpdev/mcpdev/inspector/testsession"
)

// conformanceFlow runs the inspector on the sdk's conformance server as
// `mcpdev -- CMD` (opts adding to the flow's), from a working directory
// of its own, where w writes the session.
func conformanceFlow(t *testing.T, opts Options) (*flow, string) {
	t.Helper()
	mcpdevBinDir(t) // built from relative paths, before the chdir
	server := serverBin(t, "conformance")
	work := t.TempDir()
	t.Chdir(work)
	tg, err := target.Resolve([]string{"--", server}, &target.ResolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	opts.Target, opts.Dark, opts.Dev = tg.Label(), dark(), DevOptions{Target: tg}
	m := New(context.Background(), &targetConnector{Target: tg}, opts)
	f := &flow{t: t, m: m, tm: teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 40))}
	t.Cleanup(f.finish)
	f.waitFor("2026 era", "test_elicitation")
	return f, work
}

// The answers a person gives in the inspector travel with the calls: w
// writes them (and the roots offered) into the session file, which
// `mcpdev test` then replays to a pass, and y copies a call as a command
// whose flags answer the same, which prints what the inspector showed.
// The sdk's conformance server asks; each question is answered by keys.
func TestFlowAnswersRecordedAndCopied(t *testing.T) {
	bin := mcpdevBinDir(t)
	rootDir := t.TempDir()
	roots, err := call.Roots([]string{rootDir})
	if err != nil {
		t.Fatal(err)
	}
	f, work := conformanceFlow(t, Options{Roots: roots})
	m := f.m

	answerFormAndSampling(f)

	f.callTool("test_elicitation", "And now?")
	f.waitFor("And now?", "ctrl+d decline")
	f.keys("ctrl+d")
	f.waitFor("action=decline")

	f.callTool("test_roots", "")
	f.waitFor("Roots: " + filepath.Base(rootDir))

	f.keys("4", "down", "down", "down", "y") // the first call, from the newest
	f.waitFor("copied: mcpdev call")
	f.keys("w")
	f.waitFor("replay it with: mcpdev test")
	f.finish()

	path := m.dev.recorded
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rel, _ := filepath.Rel(work, rootDir)
	for _, want := range []string{"root " + rel + "\n", "  answer username=ada email=ada@example.com\n", `  sample-reply "Paris"` + "\n", "  decline\n"} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("the session lacks %q:\n%s", want, data)
		}
	}
	test := exec.Command(filepath.Join(bin, "mcpdev"), "test", path)
	test.Env = append(os.Environ(), "MCPDEV_CACHE="+copyCache(t))
	if out, err := test.CombinedOutput(); err != nil || !strings.Contains(string(out), "4 passed") {
		t.Errorf("mcpdev test %s: %v\n%s\nthe session:\n%s", path, err, out, data)
	}

	command := m.history.copied
	for _, want := range []string{"--answer username=ada", "--answer email=ada@example.com", "--root " + rootDir} {
		if !strings.Contains(command, want) {
			t.Errorf("copied %s\nwant it to contain %q", command, want)
		}
	}
	var want bytes.Buffer
	call.WriteResult(&want, m.dev.calls[0].Result)
	if got, code := runCopied(t, command); code != 0 || got != want.String() {
		t.Errorf("copied: %s\nexit %d, printed:\n%s\nthe inspector showed:\n%s", command, code, got, want.String())
	}
}

// A sampling request answered by the configured reply (--sample-reply)
// is recorded as that reply, and copied as --sample-reply.
func TestFlowConfiguredSampleReplyRecorded(t *testing.T) {
	f, _ := conformanceFlow(t, Options{SampleReply: "Paris"})
	f.callTool("test_sampling", "Capital of France?")
	f.waitFor("LLM response: Paris")
	f.keys("4", "y")
	f.waitFor("copied: mcpdev call")
	f.keys("w")
	f.waitFor("replay it with: mcpdev test")
	f.finish()
	if !strings.Contains(f.m.history.copied, "--sample-reply Paris") {
		t.Errorf("copied %s\nwant --sample-reply Paris", f.m.history.copied)
	}
	data, _ := os.ReadFile(f.m.dev.recorded)
	if !bytes.Contains(data, []byte("call test_sampling 'prompt=Capital of France?'\n  sample-reply \"Paris\"\n")) {
		t.Errorf("the session lacks the reply:\n%s", data)
	}
	var out bytes.Buffer
	if sum, err := testsession.Run(context.Background(), &out, []string{f.m.dev.recorded}, nil); err != nil || sum.Passed != 1 {
		t.Errorf("replay: %v\n%s\n%s", err, out.String(), data)
	}
}
