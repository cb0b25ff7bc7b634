package cli

import (
	"fmt"
	"io"
	"time"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/internal/termtext"
)

// The longest task id and status message a task line shows (a server may
// send megabytes).
const (
	maxTaskID      = 64
	maxTaskMessage = 300
)

// TaskPrinter shows a task on w (stderr) as `mcpdev call` runs it: one
// line when the server creates it, one per change of status or status
// message. Everything on the line comes from the server and is made safe
// to print.
func TaskPrinter(w io.Writer) func(call.TaskEvent) {
	first := true
	return func(e call.TaskEvent) {
		fmt.Fprintln(w, TaskLine(e, first))
		first = false
	}
}

// TaskLine is one task line: "task ID started: working", then
// "task ID: working · Gathering sources... (1.2s)".
func TaskLine(e call.TaskEvent, created bool) string {
	id := termtext.Line(termtext.Clip(e.Task.TaskID, maxTaskID))
	status := termtext.Line(termtext.Clip(string(e.Task.Status), maxTaskID))
	s := fmt.Sprintf("task %s: %s", id, status)
	if created {
		s = fmt.Sprintf("task %s started: %s", id, status)
	}
	if e.Task.StatusMessage != "" {
		s += " · " + termtext.Line(termtext.Clip(e.Task.StatusMessage, maxTaskMessage))
	}
	return s + fmt.Sprintf(" (%s)", e.Elapsed.Round(100*time.Millisecond))
}
