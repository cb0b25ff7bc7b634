//go:build unix

package main

import (
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/creack/pty"

	"github.com/mcpdev/mcpdev/internal/testutil"
)

// On a real terminal: mcpdev runs on a pty and every byte it writes there
// is read back. The hostile server's sequences must not be among them.

// ptyRun is mcpdev running on a pty, its output collected.
type ptyRun struct {
	cmd  *exec.Cmd
	tty  *os.File
	out  testutil.Buffer
	done chan struct{}
}

func startOnPty(t *testing.T, args ...string) *ptyRun {
	t.Helper()
	cmd := exec.Command(mcpdevBin, args...)
	cmd.Dir = repoRoot
	cmd.Env = append(os.Environ(), "MCPDEV_CACHE="+buildCache, "TERM=xterm-256color")
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 120})
	if err != nil {
		t.Fatal(err)
	}
	r := &ptyRun{cmd: cmd, tty: tty, done: make(chan struct{})}
	go r.collect()
	t.Cleanup(func() { r.cmd.Process.Kill(); r.wait(t) })
	return r
}

func (r *ptyRun) collect() {
	defer close(r.done)
	buf := make([]byte, 32<<10)
	for {
		n, err := r.tty.Read(buf)
		r.out.Write(buf[:n])
		if err != nil { // EIO once the program has exited
			return
		}
	}
}

func (r *ptyRun) output() string { return r.out.String() }

// waitFor waits until the output holds s (the program prints it once).
func (r *ptyRun) waitFor(t *testing.T, s string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !strings.Contains(r.output(), s) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q on the terminal; it shows:\n%q", s, r.output())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// wait waits for the program to end and returns everything it wrote.
func (r *ptyRun) wait(t *testing.T) string {
	t.Helper()
	err := r.cmd.Wait()
	<-r.done
	r.tty.Close()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) && !strings.Contains(err.Error(), "Wait was already called") {
		t.Error(err)
	}
	return r.output()
}

// rawSequences are the hostile payload's sequences as a terminal would
// receive them, had they got through: each with a neighbour that mcpdev's
// own output never puts next to it.
var rawSequences = []string{
	"\x1b]52;c;SGFja2Vk", // clipboard write
	"\x1b]0;pwned",       // window title
	"\x1b]8;;https://evil.example/",
	"\x1b[2J\x1b]", // the screen clear, before the title
	"\rFAKE",       // overwrite the line
	"FAKE\x1b[1A",  // cursor up
	"\x00",
}

func checkNoRawSequences(t *testing.T, out string) {
	t.Helper()
	for _, s := range rawSequences {
		if i := strings.Index(out, s); i >= 0 {
			t.Errorf("the terminal received %q:\n%q", s, out[max(0, i-60):min(len(out), i+60)])
		}
	}
	for i, r := range out {
		if r >= 0x80 && r <= 0x9f || (r == utf8.RuneError && !strings.HasPrefix(out[i:], "\uFFFD")) {
			t.Errorf("the terminal received %U (an 8-bit control or a stray byte) at %d: %q", r, i, out[max(0, i-60):min(len(out), i+60)])
			return
		}
	}
}

func TestHostileTextOnARealTerminal(t *testing.T) {
	t.Run("mcpdev call -v", func(t *testing.T) {
		r := startOnPty(t, "call", "-v", hostile, echoTool)
		out := r.wait(t)
		checkNoRawSequences(t, out)
		checkTerminalSafe(t, "the terminal's bytes", out)
		for _, s := range []string{"result" + shown, "server: stderr during echo" + shown, "log warning: log" + shown, "not JSON-RPC"} {
			if !strings.Contains(out, s) {
				t.Errorf("the terminal lacks %q:\n%s", s, out)
			}
		}
	})
	t.Run("mcpdev tools", func(t *testing.T) {
		out := startOnPty(t, "tools", hostile).wait(t)
		checkNoRawSequences(t, out)
		checkTerminalSafe(t, "the terminal's bytes", out)
	})
	t.Run("the doctor", func(t *testing.T) {
		out := startOnPty(t, "tools", "--env", "HOSTILE_MODE=noise", hostile).wait(t)
		checkNoRawSequences(t, out)
		checkTerminalSafe(t, "the terminal's bytes", out)
		if !strings.Contains(out, "nul␀byte and \\xff\\xfe bytes") {
			t.Errorf("the doctor does not quote the line:\n%s", out)
		}
	})
	t.Run("the inspector", func(t *testing.T) {
		r := startOnPty(t, hostile, "--no-state", "--no-watch")
		r.waitFor(t, "Echoes.␛]52;c;SGFja2Vk")
		r.tty.WriteString("\r") // open the form of the first tool
		r.waitFor(t, "Form · echo␛]52")
		r.tty.WriteString("\x12") // ctrl+r: call it
		r.waitFor(t, "result␛]52;c;SGFja2Vk")
		r.tty.WriteString("2") // the logs
		r.waitFor(t, "non-JSON-RPC stdout")
		r.tty.WriteString("\x03") // ctrl+c
		out := r.wait(t)
		checkNoRawSequences(t, out)
		if strings.Contains(out, "\x1b]2;mcpdev · evil\x1b") || !strings.Contains(out, "mcpdev · evil␛]52;c;SGFja2Vk␇") {
			t.Errorf("the window title is not the sanitized server name:\n%q", out)
		}
	})
}
