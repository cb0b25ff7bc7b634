//go:build linux

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/internal/peers"
)

// serverPID is the pid of the server mcpdev (pid) started: its one child
// (listed by the thread that started it).
func serverPID(t *testing.T, pid int) int {
	t.Helper()
	lists, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	if err != nil {
		t.Fatal(err)
	}
	var words []string
	for _, l := range lists {
		data, _ := os.ReadFile(l)
		words = append(words, strings.Fields(string(data))...)
	}
	if len(words) != 1 {
		t.Fatalf("mcpdev has children %q, want one server", words)
	}
	child, _ := strconv.Atoi(words[0])
	return child
}

// exitCodeOf waits for the run and returns its exit code.
func exitCodeOf(t *testing.T, r *ptyRun) (int, string) {
	t.Helper()
	out := r.wait(t)
	return r.cmd.ProcessState.ExitCode(), out
}

// While mcpdev asks on a real terminal: ctrl+c ends it at once with exit
// 130; a server that dies ends the question with a clear message; a
// person slower than --timeout does not time the call out.
func TestAskingOnATerminal(t *testing.T) {
	node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
	se := []string{"--", node, files[0], "stdio"}
	sampling := append([]string{"call", "trigger-sampling-request", "prompt=hi"}, se...)
	form := []string{"call", "examples/conformance", "test_elicitation", "message=Who?"}
	t.Run("ctrl+c while a sampling reply is asked", func(t *testing.T) {
		r := startOnPty(t, sampling...)
		r.waitFor(t, "  > ")
		r.tty.WriteString("\x03")
		code, out := exitCodeOf(t, r)
		if code != 130 || !strings.Contains(out, "mcpdev: interrupted (ctrl+c)") || !strings.Contains(out, `"kind":"interrupted"`) {
			t.Fatalf("exit %d:\n%s", code, out)
		}
	})
	t.Run("ctrl+c while a form is asked", func(t *testing.T) {
		r := startOnPty(t, form...)
		r.waitFor(t, "username (string, required)")
		r.tty.WriteString("\x03")
		if code, out := exitCodeOf(t, r); code != 130 {
			t.Fatalf("exit %d:\n%s", code, out)
		}
	})
	for _, tt := range []struct {
		name string
		args []string
		ask  string
	}{
		{"session era: server-everything", sampling, "  > "},
		{"2026 era: the sdk", form, "username (string, required)"},
	} {
		t.Run("server killed while asking, "+tt.name, func(t *testing.T) {
			r := startOnPty(t, tt.args...)
			r.waitFor(t, tt.ask)
			if err := syscall.Kill(serverPID(t, r.cmd.Process.Pid), syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			code, out := exitCodeOf(t, r)
			if code != 4 || !strings.Contains(out, "no longer asked: the server's connection closed") {
				t.Fatalf("exit %d:\n%s", code, out)
			}
		})
	}
	t.Run("--timeout does not run while the person answers", func(t *testing.T) {
		r := startOnPty(t, "call", "--timeout", "300ms", "examples/conformance", "test_elicitation", "message=Who?")
		r.waitFor(t, "username (string, required)")
		time.Sleep(time.Second) // the person thinks: longer than --timeout
		r.tty.WriteString("ada\r")
		r.waitFor(t, "email (string, required)")
		r.tty.WriteString("ada@example.com\r")
		if code, out := exitCodeOf(t, r); code != 0 || !strings.Contains(out, `content={username: "ada", email: "ada@example.com"}`) {
			t.Fatalf("exit %d:\n%s", code, out)
		}
	})
}
