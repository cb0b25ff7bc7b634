package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/internal/peers"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
)

const conformance = "examples/conformance"

// TestCallRunsToolsAsTasks: mcpdev call runs a tool whose taskSupport is
// "required" (or any tool with --task) as a task, shows the task's id and
// statuses on stderr and its result as a call's; a task that fails, that
// the server cancels or that the timeout stops ends with a clear message
// and its exit code. Both eras: the sdk's conformance server speaks the
// 2026-07-28 era (the tasks extension), the raw server 2025-11-25.
func TestCallRunsToolsAsTasks(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr []string
	}{
		{"2026: optional, with --task", []string{"call", "--task", conformance, "slow_compute", "seconds=0.2", "label=pi"}, 0,
			`Computed "pi" in 0.2s`, []string{" started: working", ": completed ("}},
		{"2026: required, tool error", []string{"call", conformance, "failing_job"}, 5,
			"the job failed, as it always does", []string{" started: working", `"kind":"tool-error"`}},
		{"2026: JSON-RPC error", []string{"call", "--task", conformance, "protocol_error_job"}, 7,
			"", []string{": failed · Internal error", "of protocol_error_job failed: jsonrpc error -32603", `"rpcCode":-32603`}},
		{"2026: timeout cancels", []string{"call", "--task", "--timeout", "500ms", conformance, "slow_compute", "seconds=30"}, 8,
			"", []string{"of slow_compute stopped (task slow_compute: no answer within 500ms) and cancelled on the server (tasks/cancel sent)"}},
		{"2026: asks before it is a task", []string{"call", "--answer", "name=Ada", conformance, "test_tool_with_task"}, 0,
			"Hello, Ada! (greeted by a task)", []string{"The server asks: What is your name?"}},
		{"2026: asks as a task", []string{"call", "--task", "--answer", "confirm=true", conformance, "confirm_delete", "filename=a.txt"}, 0,
			"Deleted a.txt", []string{": input_required", "The server asks: Delete a.txt?", ": completed"}},
		{"2025: required", []string{"call", raw, "research", "topic=owls"}, 0,
			"research on owls done", []string{"task task-1 started: working · queued", "task task-1: working · step 1", "task task-1: completed · done"}},
		{"2025: failed", []string{"call", raw, "research", "topic=fail"}, 7,
			"", []string{"task task-1 of research failed: jsonrpc error -32000: the lab burned down"}},
		{"2025: cancelled by the server", []string{"call", raw, "research", "topic=cancel"}, 10,
			"", []string{"task task-1 of research cancelled by the server (stopped by the operator)", `"kind":"task-cancelled"`}},
		{"2025: timeout cancels", []string{"call", "--timeout", "300ms", raw, "research", "topic=forever"}, 8,
			"", []string{"stopped (task research: no answer within 300ms) and cancelled on the server (tasks/cancel sent)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mcpdev(t, tt.args...)
			if r.code != tt.code || !strings.Contains(r.stdout, tt.stdout) {
				t.Fatalf("exit %d, want %d; stdout lacks %q?\nstdout:\n%s\nstderr:\n%s", r.code, tt.code, tt.stdout, r.stdout, r.stderr)
			}
			for _, s := range tt.stderr {
				if !strings.Contains(r.stderr, s) {
					t.Errorf("stderr lacks %q:\n%s", s, r.stderr)
				}
			}
		})
	}
}

// TestCallTaskJSON: --json prints the task's result as a call's.
func TestCallTaskJSON(t *testing.T) {
	r := mcpdev(t, "call", "--json", raw, "research", "topic=owls")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "{") || !strings.Contains(r.stdout, `"text": "research on owls done"`) {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
}

// TestCallTaskHostileStatus: status messages with escape sequences, \r
// and a megabyte reach the terminal made visible and clipped.
func TestCallTaskHostileStatus(t *testing.T) {
	r := mcpdev(t, "call", raw, "research", "topic=hostile")
	if r.code != 0 || !strings.Contains(r.stdout, "research on hostile done") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	if strings.ContainsAny(r.stderr, "\x1b\r\x07") {
		t.Errorf("stderr carries raw control characters: %q", r.stderr)
	}
	if !strings.Contains(r.stderr, "␛]52;c;cHduZWQ=␇␛[2Jstep one␍overwritten") {
		t.Errorf("the escapes are not shown as text:\n%s", r.stderr)
	}
	if len(r.stderr) > 4000 || !strings.Contains(r.stderr, "mmm…") {
		t.Errorf("the megabyte status message is not clipped (%d bytes of stderr)", len(r.stderr))
	}
}

// TestCallTaskInterrupted: ctrl+c while a task runs cancels it on the
// server (tasks/cancel), says so and exits 130.
func TestCallTaskInterrupted(t *testing.T) {
	for _, tt := range []struct{ name, target, tool, arg string }{
		{"2025", raw, "research", "topic=forever"},
		{"2026", conformance, "slow_compute", "seconds=30"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(mcpdevBin, "call", "--task", tt.target, tt.tool, tt.arg)
			cmd.Dir = repoRoot
			cmd.Env = append(os.Environ(), "MCPDEV_CACHE="+buildCache)
			stderr, err := cmd.StderrPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			var seen bytes.Buffer
			sc := bufio.NewScanner(stderr)
			for sc.Scan() {
				seen.WriteString(sc.Text() + "\n")
				if strings.Contains(sc.Text(), " started: working") {
					break
				}
			}
			cmd.Process.Signal(os.Interrupt)
			for sc.Scan() {
				seen.WriteString(sc.Text() + "\n")
			}
			err = cmd.Wait()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted ||
				!strings.Contains(seen.String(), "stopped (interrupted) and cancelled on the server (tasks/cancel sent)") {
				t.Fatalf("%v\nstderr:\n%s", err, seen.String())
			}
		})
	}
}

// Study works until it is cancelled, or for the given milliseconds.
func Study(ctx context.Context, a struct {
	MS int `json:"ms"`
}) (string, error) {
	select {
	case <-time.After(time.Duration(a.MS) * time.Millisecond):
		return "studied", nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// TestCallTaskOverHTTP: a task over Streamable HTTP.
func TestCallTaskOverHTTP(t *testing.T) {
	s := sdk.NewServer("study", nil)
	sdk.Tool(s, Study, &sdk.ToolOptions{TaskSupport: sdk.TaskRequired})
	srv := httptest.NewServer(sdkhttp.Handler(s, nil))
	defer srv.Close()
	r := mcpdev(t, "call", srv.URL, "study", "ms=100")
	if r.code != 0 || !strings.Contains(r.stdout, "studied") || !strings.Contains(r.stderr, ": completed") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	r = mcpdev(t, "call", "--timeout", "300ms", srv.URL, "study", "ms=60000")
	if r.code != exitTimeout || !strings.Contains(r.stderr, "cancelled on the server (tasks/cancel sent)") {
		t.Fatalf("exit %d\nstderr:\n%s", r.code, r.stderr)
	}
}

// TestCallTaskServerEverything: the TypeScript reference server's task
// tool (2025-11-25), its statuses, its question asked through
// tasks/result, and a timeout that cancels it.
func TestCallTaskServerEverything(t *testing.T) {
	node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
	se := []string{"--", node, files[0], "stdio"}
	r := mcpdev(t, append([]string{"call", "--answer", "interpretation=snake", "simulate-research-query", "topic=python", "ambiguous=true"}, se...)...)
	if r.code != 0 || !strings.Contains(r.stdout, "# Research Report: python (snake)") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	for _, s := range []string{"started: working · Gathering sources...", ": input_required · Found multiple interpretations", "The server asks: The research query", ": completed"} {
		if !strings.Contains(r.stderr, s) {
			t.Errorf("stderr lacks %q:\n%s", s, r.stderr)
		}
	}
	r = mcpdev(t, append([]string{"call", "--timeout", "500ms", "simulate-research-query", "topic=go"}, se...)...)
	if r.code != exitTimeout || !strings.Contains(r.stderr, "cancelled on the server (tasks/cancel sent)") {
		t.Fatalf("exit %d\nstderr:\n%s", r.code, r.stderr)
	}
}
