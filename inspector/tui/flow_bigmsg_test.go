package tui

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/mcpdev/mcpdev/inspector/target"
)

// A tool result over the message limit (a real server, 5 MB through a
// 4 MiB limit) fails the call at once with the error and the way to raise
// the limit on screen, instead of "running…" forever; the connection goes
// on and the next call works.
func TestFlowOversizeResultFailsAtOnce(t *testing.T) {
	t.Parallel()
	bin := filepath.Join(t.TempDir(), "raw")
	if out, err := exec.Command("go", "build", "-o", bin, "../testdata/servers/raw").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	target := &target.Target{Kind: target.KindCommand, Name: "raw", Command: bin, MaxMessageSize: 4 << 20}
	m := New(context.Background(), &targetConnector{Target: target}, Options{Target: "raw", Dark: dark(), SaveDir: t.TempDir()})
	f := &flow{t: t, m: m, tm: teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 40))}
	t.Cleanup(f.finish)
	f.waitFor("● connected")
	f.keys("/")
	f.typ("big")
	f.keys("enter")
	f.typ("5000000")
	f.keys("ctrl+r")
	f.waitFor("✗ message too large", "tools/call: transport: response too large: 5000", "MiB limit", "raise the limit with --max-message-size 8MiB")
	f.keys("tab", "/", "ctrl+u")
	f.typ("cwd")
	f.keys("enter", "ctrl+r")
	f.waitFor("✓ ok · cwd")
}
