package tui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
)

// A tool that declares execution.taskSupport "required" runs as a task:
// tools/call with a task, then tasks/get until it ends (call.Task). While
// it runs the result pane shows the task — its id, status, status message
// and every change so far — and the cancel key sends tasks/cancel; its
// result then shows as any call's.

// Bounds on what a server's task puts on screen.
const (
	maxTaskUpdates = 200 // changes of status kept (the oldest go first)
	maxTaskText    = 300 // characters of a status message or id kept
	// taskTimeout: the inspector does not time calls out; a person
	// cancels them.
	taskTimeout = 365 * 24 * time.Hour
)

// taskEvent is a change of a running task, from the client's goroutine.
type taskEvent struct {
	callID int
	ev     call.TaskEvent
}

// taskUpdate is one change of status, as shown.
type taskUpdate struct {
	at              time.Duration
	status, message string
}

// taskState is the task of a running call.
type taskState struct {
	id      string
	updates []taskUpdate
}

// taskCallCmd runs tool as a task; its changes go to the mailbox, clipped.
func taskCallCmd(ctx context.Context, s *session, id int, tool sdk.ToolInfo, args json.RawMessage) tea.Cmd {
	conn, box, gen := s.conn, s.box, s.gen
	return func() tea.Msg {
		start := time.Now()
		res, err := call.Task(ctx, conn, tool.Name, args, taskTimeout, func(e call.TaskEvent) {
			e.Task = sdk.Task{TaskID: termtext.Clip(e.Task.TaskID, maxTaskText), Status: sdk.TaskStatus(termtext.Clip(string(e.Task.Status), maxTaskText)),
				StatusMessage: termtext.Clip(e.Task.StatusMessage, maxTaskText)}
			box.push(taskEvent{callID: id, ev: e})
		})
		return callDone(gen, id, tool, res, err, time.Since(start))
	}
}

// setTask records a change of the running call's task.
func (p *resultPane) setTask(id int, e call.TaskEvent) {
	c := p.call
	if c == nil || c.id != id {
		return
	}
	if c.task == nil {
		c.task = &taskState{}
	}
	c.task.id = safeTaskText(e.Task.TaskID)
	u := taskUpdate{at: e.Elapsed, status: safeTaskText(string(e.Task.Status)), message: safeTaskText(e.Task.StatusMessage)}
	c.task.updates = append(c.task.updates, u)
	if n := len(c.task.updates); n > maxTaskUpdates {
		c.task.updates = c.task.updates[n-maxTaskUpdates:]
	}
}

// safeTaskText is a server's text about a task, clipped and made safe
// for one line.
func safeTaskText(s string) string { return termtext.Line(termtext.Clip(s, maxTaskText)) }

// taskView is the running task: a head line, its id, its status now,
// then the changes so far (the latest that fit), and the cancel key.
func (p *resultPane) taskView(now time.Time) string {
	c, st, t := p.call, p.st, p.call.task
	head := st.StateBusy.Render("● "+termtext.Line(c.tool)+" running as a task") +
		st.Dim.Render(" · "+formatDuration(now.Sub(c.start).Truncate(100*time.Millisecond)))
	lines := []string{head, ""}
	if len(t.updates) == 0 {
		lines = append(lines, st.Dim.Render("creating the task (tools/call with a task)…"))
	} else {
		last := t.updates[len(t.updates)-1]
		lines = append(lines, st.Dim.Render("task    ")+t.id, st.Dim.Render("status  ")+p.taskStatus(last.status))
		if last.message != "" {
			lines = append(lines, st.Dim.Render("        ")+last.message)
		}
	}
	lines = append(lines, "", st.Section.Render("updates"))
	room := max(p.height-len(lines)-2, 1)
	shown := t.updates[max(len(t.updates)-room, 0):]
	for _, u := range shown {
		line := st.Dim.Render(fmt.Sprintf("%6.1fs  ", u.at.Truncate(100*time.Millisecond).Seconds())) + p.taskStatus(u.status)
		if u.message != "" {
			line += st.Dim.Render(" · ") + u.message
		}
		lines = append(lines, line)
	}
	lines = append(lines, "", st.Key.Render("esc")+st.Dim.Render(" cancel the task (sends tasks/cancel)"))
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, p.width, "…")
	}
	return strings.Join(lines, "\n")
}

// taskStatus styles a task's status by what it means.
func (p *resultPane) taskStatus(s string) string {
	switch sdk.TaskStatus(s) {
	case sdk.TaskCompleted:
		return p.st.Success.Render(s)
	case sdk.TaskFailed:
		return p.st.ProtocolError.Render(s)
	case sdk.TaskCancelled:
		return p.st.Cancel.Render(s)
	case sdk.TaskInputRequired:
		return p.st.Key.Render(s)
	}
	return p.st.StateBusy.Render(s)
}

// taskStatusLine is the result pane's first line for a task that ended
// without a result; ok false for any other outcome.
func (p *resultPane) taskStatusLine(took string) (string, bool) {
	var stopped *call.TaskCancelledError
	var ended *call.TaskEndError
	st := p.st
	switch {
	case errors.As(p.err, &stopped):
		return st.Cancel.Render("⊘ task cancelled") + st.Dim.Render(" after "+took+" · "+taskCancelNote(stopped)), true
	case errors.As(p.err, &ended) && ended.Status == sdk.TaskCancelled:
		return st.Cancel.Render("⊘ task cancelled by the server") + st.Dim.Render(" · "+termtext.Line(p.tool)+" · "+took), true
	case errors.As(p.err, &ended):
		return st.ProtocolError.Render("✗ task failed") + st.Dim.Render(" · "+termtext.Line(p.tool)+" · "+took), true
	}
	return "", false
}

// taskCancelNote says whether the server took the tasks/cancel.
func taskCancelNote(e *call.TaskCancelledError) string {
	if e.CancelErr != nil {
		return "tasks/cancel failed: " + termtext.Line(e.CancelErr.Error())
	}
	return "tasks/cancel sent"
}
