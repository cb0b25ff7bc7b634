package tui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A ZWJ emoji sequence in the server's text keeps every pane's right
// border where the layout put it, on a real terminal (tmux, which does
// not answer the grapheme clustering query): the renderer counts it as
// the layout does, 2 cells, not 8.
func TestZWJSequenceKeepsBordersInTmux(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("no tmux")
	}
	dir := mcpdevBinDir(t)
	name := fmt.Sprintf("mcpdev-zwj-%d", os.Getpid())
	cmd := filepath.Join(dir, "mcpdev") + " " + filepath.Join(dir, "raw")
	tm := func(args ...string) string {
		out, err := exec.Command("tmux", args...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	tm("new-session", "-d", "-s", name, "-x", "100", "-y", "30", "env -u TMUX "+cmd)
	t.Cleanup(func() { exec.Command("tmux", "kill-session", "-t", name).Run() })
	waitScreen := func(want string) string {
		var s string
		for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
			if s = tm("capture-pane", "-p", "-t", name); strings.Contains(s, want) {
				return s
			}
		}
		t.Fatalf("the screen never showed %q:\n%s", want, s)
		return ""
	}
	waitScreen("echo")
	tm("send-keys", "-t", name, "Enter")
	waitScreen("Form · echo")
	tm("send-keys", "-t", name, "-l", "a👩‍👩‍👧‍👦b")
	tm("send-keys", "-t", name, "C-r")
	waitScreen("✓ ok")
	time.Sleep(300 * time.Millisecond) // the frame after the result's
	s := tm("capture-pane", "-p", "-t", name)
	if !strings.Contains(s, `"message": "a`) {
		t.Fatalf("the result is not shown:\n%s", s)
	}
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for _, l := range lines[1 : len(lines)-1] { // between the header and the help bar
		l = strings.TrimRight(l, " ")
		if !strings.HasSuffix(l, "│") && !strings.HasSuffix(l, "╮") && !strings.HasSuffix(l, "╯") {
			t.Errorf("a row lost its right border: %q\n%s", l, s)
		}
	}
}
