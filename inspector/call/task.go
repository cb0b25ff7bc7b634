package call

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// TaskEvent is what a task run shows as it goes: the task as the server
// created it, then each change of its status or status message.
type TaskEvent struct {
	Task    sdk.Task
	Elapsed time.Duration // since the call was sent
}

// cancelGrace bounds the tasks/cancel sent for a task the person stopped
// or the timeout ended.
const cancelGrace = 5 * time.Second

// Task calls the tool name with argv as a task (tools/call with a task,
// then tasks/get until it ends) within timeout of silence: each change of
// the task's status restarts the clock, then goes to onEvent (may be nil).
// A server that answers at once gives a plain result. A task stopped by
// ctx or by the timeout is cancelled with tasks/cancel: a
// *TaskCancelledError. A task the server cancelled or that failed is a
// *TaskEndError; a tool error is a result with IsError, as for Tool.
func Task(ctx context.Context, c *target.Connection, name string, argv json.RawMessage, timeout time.Duration, onEvent func(TaskEvent)) (*sdk.CallToolResult, error) {
	var (
		res  *sdk.CallToolResult
		last *sdk.Task
	)
	start := time.Now()
	err := WithTimeout(ctx, timeout, "task "+name, func(ctx context.Context, reset func()) error {
		task, direct, err := c.CallToolTask(ctx, name, argv, nil)
		if err != nil || task == nil {
			res = direct
			return err
		}
		tell := func(t *sdk.Task) {
			if last != nil && last.Status == t.Status && last.StatusMessage == t.StatusMessage {
				return
			}
			last = t
			reset()
			if onEvent != nil {
				onEvent(TaskEvent{Task: *t, Elapsed: time.Since(start)})
			}
		}
		tell(task)
		res, err = c.WatchTask(ctx, task.TaskID, tell)
		return err
	})
	if err == nil || last == nil {
		return res, c.Explain(err)
	}
	return nil, taskError(ctx, c, name, last, err)
}

// taskError explains why the task last ended the run: stopped here (and
// cancelled with tasks/cancel), cancelled by the server, or failed.
func taskError(ctx context.Context, c *target.Connection, tool string, last *sdk.Task, err error) error {
	var timeout *TimeoutError
	if errors.As(err, &timeout) || ctx.Err() != nil {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cancelGrace)
		defer cancel()
		return &TaskCancelledError{Tool: tool, TaskID: last.TaskID, Why: err, CancelErr: c.CancelTask(cctx, last.TaskID)}
	}
	var rpc *transport.Error
	status := sdk.TaskFailed
	switch {
	case errors.Is(err, sdk.ErrTaskCancelled):
		status = sdk.TaskCancelled
	case !errors.As(err, &rpc):
		return c.Explain(err) // the connection, not the task
	}
	return &TaskEndError{Tool: tool, TaskID: last.TaskID, Status: status, Message: last.StatusMessage, Err: c.Explain(err)}
}
