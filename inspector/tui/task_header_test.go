package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/sdk"
)

// TestResultHeaderSaysTask: the result header of a call that ran as a
// task says so, whether the tool requires a task or ctrl+t asked for
// one, for a result and for a tool error; a plain call's does not.
func TestResultHeaderSaysTask(t *testing.T) {
	done := &sdk.CallToolResult{Content: []sdk.Content{sdk.Text("done")}}
	failed := &sdk.CallToolResult{Content: []sdk.Content{sdk.Text("no")}, IsError: true}
	tests := []struct {
		name  string
		start func(t *testing.T) *Model
		res   *sdk.CallToolResult
		want  string
	}{
		{"required", func(t *testing.T) *Model { m, _ := startResearch(t, 120, 40); return m }, done,
			"✓ ok · simulate-research-query · as a task · 1.0s"},
		{"required tool error", func(t *testing.T) *Model { m, _ := startResearch(t, 120, 40); return m }, failed,
			"✗ tool error (isError) · simulate-research-query · as a task · 1.0s"},
		{"ctrl+t", func(t *testing.T) *Model { return submitCompute(t, "ctrl+t") }, done, "✓ ok · slow_compute · as a task · 1.0s"},
		{"ctrl+r", func(t *testing.T) *Model { return submitCompute(t, "ctrl+r") }, done, "✓ ok · slow_compute · 1.0s"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.start(t)
			finishCall(m, tt.res, nil, time.Second)
			if s := screen(m); !strings.Contains(s, tt.want) {
				t.Errorf("the result header is not %q:\n%s", tt.want, s)
			}
		})
	}
}

// submitCompute opens slow_compute's form and submits it with key.
func submitCompute(t *testing.T, key string) *Model {
	t.Helper()
	m := openToolForm(t, computeTool)
	press(m, "enter")
	typeText(m, "pi")
	press(m, key)
	if m.call == nil {
		t.Fatalf("%s did not start a call", key)
	}
	return m
}

// TestResultHeaderCutsTheNameNotTheTime: at 80 columns a header too long
// for the pane cuts the tool's name, and keeps "as a task" and the time.
func TestResultHeaderCutsTheNameNotTheTime(t *testing.T) {
	m, _ := startResearch(t, 80, 24)
	finishCall(m, &sdk.CallToolResult{Content: []sdk.Content{sdk.Text("no")}, IsError: true}, nil, time.Second)
	head := ansi.Strip(m.result.statusLine())
	if !strings.HasPrefix(head, "✗ tool error (isError) · simula") || !strings.HasSuffix(head, "… · as a task · 1.0s") {
		t.Errorf("header %q: want the name cut, then · as a task · 1.0s", head)
	}
	if w := ansi.StringWidth(head); w > m.result.width {
		t.Errorf("header %q is %d wide, the pane %d", head, w, m.result.width)
	}
}

// TestHistorySaysTask: the history says "as a task" for every call that
// ran as one, whether the tool requires a task or ctrl+t asked for one; a
// plain call's row does not, and only a call asked to run as a task is
// copied with --task (a task-only tool runs as one anyway).
func TestHistorySaysTask(t *testing.T) {
	done := &sdk.CallToolResult{Content: []sdk.Content{sdk.Text("done")}}
	tests := []struct {
		name     string
		start    func(t *testing.T) *Model
		says     bool
		flagTask bool
	}{
		{"required", func(t *testing.T) *Model { m, _ := startResearch(t, 120, 40); return m }, true, false},
		{"ctrl+t", func(t *testing.T) *Model { return submitCompute(t, "ctrl+t") }, true, true},
		{"ctrl+r", func(t *testing.T) *Model { return submitCompute(t, "ctrl+r") }, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.start(t)
			finishCall(m, done, nil, time.Second)
			row := ansi.Strip(m.history.row(0))
			if got := strings.Contains(row, " ok as a task "); got != tt.says {
				t.Errorf("the history row %q says as a task: %v, want %v", row, got, tt.says)
			}
			m.history.cursor = 0
			m.copyCall()
			if got := strings.Contains(m.history.copied, " --task"); got != tt.flagTask {
				t.Errorf("copied %q: --task %v, want %v", m.history.copied, got, tt.flagTask)
			}
		})
	}
}
