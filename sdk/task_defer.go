package sdk

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpdev/mcpdev/transport"
)

// A tool declared with ToolOptions.DeferTask becomes a task only when its
// handler says so (SEP-2663's composition with SEP-2322): in the
// 2026 era its call runs as an ordinary one — its questions asked in
// InputRequiredResult rounds — until the handler calls ContinueAsTask;
// the call is then answered with the task, and the handler runs on as it.

// ContinueAsTask turns the current tool call into a task: the call is
// answered at once with a CreateTaskResult, and the handler runs on
// detached from the request (its context ends with tasks/cancel or the
// task's TTL); what it returns becomes the task's result, and questions
// it asks from now on wait for tasks/update as any task's do.
//
// It applies to a tool declared with ToolOptions.DeferTask, called in the
// 2026 era by a client that declared the tasks extension. Anywhere
// else it does nothing and returns nil, so the same handler serves every
// client: a call a 2025-11-25 client made a task is one from its start,
// and any other call simply runs on to its result.
//
// It returns ErrInputRequired, without becoming a task, while a question
// of this round is unanswered (return it: the client answers first), the
// server's error when it holds ServerOptions.MaxTasks running tasks
// already (return it, or run on as an ordinary call), and ErrNotInCall
// outside a tool handler.
func ContinueAsTask(ctx context.Context) error {
	ci := callFrom(ctx)
	if ci == nil {
		return ErrNotInCall
	}
	if ci.deferral == nil {
		return nil
	}
	if ci.round != nil && ci.round.unanswered() {
		return ErrInputRequired
	}
	return ci.deferral.becomeTask(ctx)
}

// deferral is a DeferTask call that may still become a task.
type deferral struct {
	srv    *Server
	ttl    time.Duration
	cancel context.CancelFunc // ends the handler's context (the task's cancel)
	stop   func() bool        // detaches the handler from the request
	emit   func(*transport.Message) error
	out    chan deferOutcome // one outcome: the task, or the call's result

	mu    sync.Mutex
	ended bool // the handler returned before it became a task
	task  atomic.Pointer[taskEntry]
}

// deferOutcome is how a deferred call answers its request.
type deferOutcome struct {
	task *taskEntry
	res  *CallToolResult
	err  error
}

// becomeTask stores the task and answers the request with it.
func (d *deferral) becomeTask(ctx context.Context) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.ended || d.task.Load() != nil {
		return nil
	}
	e := d.srv.newTaskEntry(ctx, true, d.ttl, d.cancel)
	if err := d.srv.tasks.add(e, d.srv.maxTasks(), e.created); err != nil {
		return err
	}
	d.stop()
	d.task.Store(e)
	d.out <- deferOutcome{task: e}
	return nil
}

// finish records what the handler returned: the task's result once it
// became one, else the call's.
func (d *deferral) finish(res *CallToolResult, err error) {
	d.mu.Lock()
	d.ended = true
	e := d.task.Load()
	d.mu.Unlock()
	if e != nil {
		d.srv.endTask(e, res, err)
		return
	}
	d.out <- deferOutcome{res: res, err: err}
}

// notify sends the call's progress and logs on its request's stream until
// it becomes a task; a stateless task's have no stream left to go to.
func (d *deferral) notify(m *transport.Message) error {
	if d.task.Load() != nil || d.emit == nil {
		return nil
	}
	return d.emit(m)
}

// deferredCall runs a DeferTask tool's stateless call, answering it with
// the tool's result, an InputRequiredResult, or the task it became.
func (s *Server) deferredCall(ctx context.Context, m *transport.Message, t *registeredTool, p CallToolParams, ci *callInfo, ss *serverSession) (any, error) {
	reqCtx, tc := ss.trackRequest(ctx, m.ID)
	runCtx, cancel := context.WithCancel(context.WithoutCancel(reqCtx))
	d := &deferral{srv: s, ttl: s.taskTTL(), cancel: cancel, emit: ci.notify, out: make(chan deferOutcome, 1)}
	d.stop = context.AfterFunc(reqCtx, cancel)
	ci.deferral, ci.notify, ci.tool = d, d.notify, p.Name
	if p.Meta != nil && len(p.Meta.ProgressToken) > 0 {
		ci.progressToken = p.Meta.ProgressToken
	}
	go func() {
		res, err := s.runTool(withCall(runCtx, ci), t, p.Name, p.Arguments)
		d.finish(res, err)
	}()
	o := <-d.out
	if o.task != nil {
		tc.done() // the request is answered; tasks/cancel ends the task
		snap := s.tasks.snapshot(o.task, false)
		snap.ResultType = "task"
		return snap, nil
	}
	d.stop()
	cancel()
	if tc.done() {
		return nil, errCancelled
	}
	return modernCallResult(ci, o.res, o.err)
}

// currentTask is the task the call runs as, if any.
func (ci *callInfo) currentTask() *taskEntry {
	if ci.task != nil {
		return ci.task
	}
	if ci.deferral != nil {
		return ci.deferral.task.Load()
	}
	return nil
}
