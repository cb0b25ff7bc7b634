package sdk

import (
	"context"
	"time"
)

// WatchTask is WaitTask that also shows the task as it goes: onStatus
// (may be nil) sees every state tasks/get returns whose status or status
// message differs from the one before. In the handshake era a task that
// waits for input (input_required) is asked for its result at once
// (tasks/result), as the 2025-11-25 spec has it: a server that queues the
// task's questions delivers them on that request, and they are answered
// with the client's hooks; polling goes on meanwhile, so the statuses
// after the answer are seen too.
func (c *Client) WatchTask(ctx context.Context, taskID string, onStatus func(*Task)) (*CallToolResult, error) {
	w := &taskWatch{c: c, id: taskID, onStatus: onStatus}
	return w.run(ctx)
}

// taskWatch is one WatchTask: the last state told and the handshake-era
// tasks/result in flight (nil before it is sent).
type taskWatch struct {
	c        *Client
	id       string
	onStatus func(*Task)
	last     *Task
	result   chan taskAnswer
}

// taskAnswer is what tasks/result answered.
type taskAnswer struct {
	res *CallToolResult
	err error
}

func (w *taskWatch) run(ctx context.Context) (*CallToolResult, error) {
	for {
		t, err := w.c.GetTask(ctx, w.id)
		if err != nil {
			return nil, err
		}
		w.tell(t)
		switch {
		case t.Status == TaskCancelled:
			return nil, ErrTaskCancelled
		case !w.c.modern && (t.Status.Terminal() || t.Status == TaskInputRequired):
			w.fetchResult(ctx)
		case t.Status.Terminal():
			return w.c.taskOutcome(ctx, t)
		case t.Status == TaskInputRequired && len(t.InputRequests) > 0 && w.c.modern:
			if err := w.c.answerTask(ctx, t); err != nil {
				return nil, err
			}
			continue
		}
		if a, done, err := w.pause(ctx, t); done || err != nil {
			return a.res, firstErr(err, a.err)
		}
	}
}

// tell shows t unless it says what the state before said.
func (w *taskWatch) tell(t *Task) {
	if w.last != nil && w.last.Status == t.Status && w.last.StatusMessage == t.StatusMessage {
		return
	}
	w.last = t
	if w.onStatus != nil {
		w.onStatus(t)
	}
}

// fetchResult sends tasks/result once, in the background.
func (w *taskWatch) fetchResult(ctx context.Context) {
	if w.result != nil {
		return
	}
	w.result = make(chan taskAnswer, 1)
	go func() {
		var res CallToolResult
		err := w.c.Call(ctx, "tasks/result", map[string]any{"taskId": w.id}, &res)
		if err != nil {
			w.result <- taskAnswer{err: err}
			return
		}
		w.result <- taskAnswer{res: &res}
	}()
}

// pause waits the interval the server suggests, or for the answer of
// tasks/result (done: the task's outcome, its last state told first), or
// until ctx ends. A task that ended is not polled again: its result is
// awaited.
func (w *taskWatch) pause(ctx context.Context, t *Task) (taskAnswer, bool, error) {
	var tick <-chan time.Time
	if !t.Status.Terminal() {
		timer := time.NewTimer(t.pollEvery())
		defer timer.Stop()
		tick = timer.C
	}
	select {
	case <-tick:
		return taskAnswer{}, false, nil
	case a := <-w.result:
		if last, err := w.c.GetTask(ctx, w.id); err == nil {
			w.tell(last)
			if last.Status == TaskCancelled {
				return taskAnswer{}, true, ErrTaskCancelled
			}
		}
		return a, true, nil
	case <-ctx.Done():
		return taskAnswer{}, true, ctx.Err()
	}
}

func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
