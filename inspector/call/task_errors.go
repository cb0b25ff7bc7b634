package call

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/mcpdev/mcpdev/internal/termtext"

	"github.com/mcpdev/mcpdev/sdk"
)

// TaskCancelledError is a task stopped here (ctrl+c, or no news within the
// timeout) and cancelled on the server with tasks/cancel. It unwraps to
// why it was stopped: a *TimeoutError or the context's error.
type TaskCancelledError struct {
	Tool, TaskID string
	Why          error
	CancelErr    error // tasks/cancel's error; nil: the server took it
}

func (e *TaskCancelledError) Error() string {
	how := "tasks/cancel sent"
	if e.CancelErr != nil {
		how = "tasks/cancel failed: " + e.CancelErr.Error()
	}
	why := "interrupted"
	if !errors.Is(e.Why, context.Canceled) {
		why = e.Why.Error()
	}
	return fmt.Sprintf("task %s of %s stopped (%s) and cancelled on the server (%s)", e.TaskID, e.Tool, why, how)
}

func (e *TaskCancelledError) Unwrap() error { return e.Why }

// TaskEndError is a task that ended without a result: the server
// cancelled it (Status cancelled) or it failed with a JSON-RPC error
// (Status failed; Err is the *transport.Error). Message is the task's
// last status message.
type TaskEndError struct {
	Tool, TaskID string
	Status       sdk.TaskStatus
	Message      string
	Err          error
}

func (e *TaskEndError) Error() string {
	s := fmt.Sprintf("task %s of %s %s", e.TaskID, e.Tool, e.Status)
	if e.Status == sdk.TaskCancelled {
		s += " by the server"
	}
	failed := e.Status == sdk.TaskFailed && e.Err != nil
	if e.Message != "" && !(failed && strings.Contains(e.Err.Error(), e.Message)) {
		s += " (" + termtext.Line(termtext.Clip(e.Message, 200)) + ")"
	}
	if failed {
		s += ": " + e.Err.Error()
	}
	return s
}

func (e *TaskEndError) Unwrap() error { return e.Err }
