package tui

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/internal/peers"
	"github.com/mcpdev/mcpdev/sdk"
)

var researchTool = sdk.ToolInfo{
	Name:        "simulate-research-query",
	Description: "Simulates a deep research operation.",
	InputSchema: json.RawMessage(`{"type":"object","properties":{"topic":{"type":"string"}},"required":["topic"]}`),
	Execution:   &sdk.ToolExecution{TaskSupport: "required"},
}

// The wire form of tools/list carries execution.taskSupport through.
func TestToolInfoDecodesTaskSupport(t *testing.T) {
	var ti sdk.ToolInfo
	if err := json.Unmarshal([]byte(`{"name":"q","inputSchema":{"type":"object"},"execution":{"taskSupport":"required"}}`), &ti); err != nil {
		t.Fatal(err)
	}
	if !call.NeedsTask(ti) {
		t.Errorf("decoded %+v: execution.taskSupport required was lost", ti)
	}
}

// startResearch submits researchTool's form: a task starts.
func startResearch(t *testing.T, w, h int) (*Model, *clock) {
	t.Helper()
	m, c := newTestModel(t, w, h)
	m.Update(toolsMsg{gen: m.gen, tools: append(m.tools.tools, researchTool)})
	press(m, "G")
	if s := screen(m); !strings.Contains(s, "task required") || !strings.Contains(s, "Submitting the form runs it as a task") {
		t.Fatalf("the list and details do not mark the task-only tool:\n%s", s)
	}
	press(m, "enter")
	typeText(m, "quantum")
	press(m, "ctrl+r")
	if m.call == nil || m.call.task == nil {
		t.Fatal("submitting a task-only tool's form did not start a task")
	}
	return m, c
}

// taskStep sends the running call's task a change of status.
func taskStep(m *Model, at time.Duration, status sdk.TaskStatus, msg string) {
	ev := call.TaskEvent{Task: sdk.Task{TaskID: "7f3a9c1e", Status: status, StatusMessage: msg}, Elapsed: at}
	m.Update(eventsMsg{gen: m.gen, events: []any{taskEvent{callID: m.call.id, ev: ev}}})
}

// TestTaskCallShowsTheTaskAndCancels: a task-only tool's form runs a
// task; the result pane shows its id, status and every change (hostile
// text made visible and clipped); esc cancels it, and the pane says the
// server was told.
func TestTaskCallShowsTheTaskAndCancels(t *testing.T) {
	m, c := startResearch(t, 120, 40)
	if s := screen(m); !strings.Contains(s, "creating the task") {
		t.Errorf("before the task exists:\n%s", s)
	}
	taskStep(m, 0, sdk.TaskWorking, "queued")
	c.advance(1500 * time.Millisecond)
	taskStep(m, time.Second, sdk.TaskWorking, "\x1b]52;c;cHduZWQ=\x07\x1b[2Jstep one\roverwritten")
	taskStep(m, 1200*time.Millisecond, sdk.TaskInputRequired, strings.Repeat("m", 1<<20))
	s := screen(m)
	for _, want := range []string{"● simulate-research-query running as a task · 1.5s", "task    7f3a9c1e", "status  input_required",
		"working · queued", "1.0s  working · ␛]52;c;cHduZWQ=␇␛[2Jstep one␍overwritten", "esc cancel the task (sends tasks/cancel)"} {
		if !strings.Contains(s, want) {
			t.Errorf("the screen lacks %q:\n%s", want, s)
		}
	}
	if strings.ContainsAny(ansi.Strip(m.View().Content), "\x07\r") {
		t.Error("raw control characters reach the screen")
	}
	if got := len(m.call.task.updates[2].message); got > 4*maxTaskText {
		t.Errorf("a status message of a megabyte is kept as %d bytes", got)
	}
	press(m, "esc")
	if !m.call.cancelled {
		t.Fatal("esc did not cancel the task")
	}
	finishCall(m, nil, &call.TaskCancelledError{Tool: researchTool.Name, TaskID: "7f3a9c1e", Why: context.Canceled}, 2*time.Second)
	if s := screen(m); !strings.Contains(s, "⊘ task cancelled after 2.0s · tasks/cancel sent") {
		t.Errorf("after the cancel:\n%s", s)
	}
}

// TestTaskCallEnds: a task's result shows as a call's; a task the server
// cancelled or that failed says so.
func TestTaskCallEnds(t *testing.T) {
	tests := []struct {
		name string
		res  *sdk.CallToolResult
		err  error
		want string
	}{
		{"result", &sdk.CallToolResult{Content: []sdk.Content{sdk.Text("42 papers")}}, nil, "✓ ok · simulate-research-query"},
		{"cancelled by the server", nil, &call.TaskEndError{Tool: researchTool.Name, TaskID: "1", Status: sdk.TaskCancelled, Err: sdk.ErrTaskCancelled},
			"⊘ task cancelled by the server · simulate-research-query"},
		{"failed", nil, &call.TaskEndError{Tool: researchTool.Name, TaskID: "1", Status: sdk.TaskFailed, Message: "lab fire"},
			"✗ task failed · simulate-research-query"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, _ := startResearch(t, 120, 40)
			taskStep(m, 0, sdk.TaskWorking, "")
			finishCall(m, tt.res, tt.err, time.Second)
			if s := screen(m); !strings.Contains(s, tt.want) {
				t.Errorf("the screen lacks %q:\n%s", tt.want, s)
			}
		})
	}
}

// TestGoldenTaskScreens: a running task at 80×24 and 120×40.
func TestGoldenTaskScreens(t *testing.T) {
	for _, sz := range goldenSizes {
		name := fmt.Sprintf("task_running_%dx%d", sz[0], sz[1])
		t.Run(name, func(t *testing.T) {
			m, c := startResearch(t, sz[0], sz[1])
			steps := []string{"Gathering sources...", "Analyzing content...", "Synthesizing findings...", "Generating report..."}
			for i, s := range steps {
				taskStep(m, time.Duration(i)*time.Second, sdk.TaskWorking, s)
			}
			taskStep(m, 4*time.Second, sdk.TaskInputRequired, `Found multiple interpretations for "quantum". Requesting clarification...`)
			c.advance(4300 * time.Millisecond)
			got := screen(m)
			lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
			if len(lines) != sz[1] {
				t.Errorf("%d lines, want %d", len(lines), sz[1])
			}
			for i, l := range lines {
				if w := ansi.StringWidth(l); w > sz[0] {
					t.Errorf("line %d is %d wide, more than %d", i+1, w, sz[0])
				}
			}
			golden(t, name, got)
		})
	}
}

// TestFlowTaskLegacy: the raw server's 2025-11-25 task, run by submitting
// the form: its statuses show, then its result; another is cancelled
// with esc, and the server is told (tasks/cancel).
func TestFlowTaskLegacy(t *testing.T) {
	t.Parallel()
	f := startFlow(t, "raw")
	f.waitFor("research")
	f.callTool("research", "owls")
	f.waitFor("✓ ok · research", "research on owls done")
	f.callTool("research", "forever")
	f.waitFor("running as a task", "still thinking")
	f.keys("esc")
	f.waitFor("⊘ task cancelled after", "tasks/cancel sent")
	f.keys("2") // logs: the server's stderr
	f.waitFor("raw: task-2 cancelled")
}

// TestFlowTaskStateless: the conformance server's task-only tools in the
// 2026 era: one that asks first (answered in the form over the result
// pane), then works as a task; one that ends in a tool error.
func TestFlowTaskStateless(t *testing.T) {
	t.Parallel()
	f := startFlowWith(t, eraConnector{commandConnector(serverBin(t, "conformance")), ""}, "conformance")
	f.waitFor("2026 era")
	f.callTool("failing_job", "")
	f.waitFor("✗ tool error", "the job failed, as it always does")
	f.callTool("test_tool_with_task", "")
	f.waitFor("What is your name?")
	f.typ("Ada")
	f.keys("ctrl+r")
	f.waitFor("Hello, Ada! (greeted by a task)")
}

// TestFlowTaskServerEverything: the reference server's research task
// (2025-11-25): its stages show as they come, then the report. A stage
// lasts a second, as long as the poll interval the server suggests, so a
// poll may miss any one of them: the task must be seen in two stages
// while it runs, whichever two.
func TestFlowTaskServerEverything(t *testing.T) {
	node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
	f := startFlowWith(t, commandConnector(node, files[0], "stdio"), "server-everything")
	f.waitFor("legacy era", "Simulate Research Query")
	f.callTool("simulate-research-query", "go")
	f.waitForSome([]string{"running as a task"}, 2,
		"Gathering sources...", "Analyzing content...", "Synthesizing findings...", "Generating report...")
	f.waitFor("# Research Report: go")
}
