package sdk

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/mcpdev/mcpdev/internal/jsonenc"
	"github.com/mcpdev/mcpdev/transport"
)

// The server side of tasks (see task.go).

func (s *Server) taskTTL() time.Duration {
	if s.opts.TaskTTL > 0 {
		return s.opts.TaskTTL
	}
	return DefaultTaskTTL
}

func (s *Server) maxTasks() int {
	if s.opts.MaxTasks > 0 {
		return s.opts.MaxTasks
	}
	return DefaultMaxTasks
}

func (s *Server) taskPoll() time.Duration {
	if s.opts.TaskPollInterval > 0 {
		return s.opts.TaskPollInterval
	}
	return DefaultTaskPollInterval
}

// addTaskCapabilities announces tasks when a tool may run as one: the
// 2025-11-25 tasks capability, or (2026 era) the tasks extension instead.
func (s *Server) addTaskCapabilities(caps *ServerCapabilities, modern bool) {
	if s.taskTools.Load() == 0 {
		return
	}
	if modern {
		caps.Extensions = map[string]json.RawMessage{TasksExtension: json.RawMessage(`{}`)}
		return
	}
	caps.Tasks = &TasksCapability{List: &struct{}{}, Cancel: &struct{}{}, Requests: &TaskRequestsCapab{}}
	caps.Tasks.Requests.Tools = &struct {
		Call *struct{} `json:"call,omitempty"`
	}{Call: &struct{}{}}
}

// taskSupport is the tool's execution.taskSupport ("" is forbidden).
func taskSupport(t *registeredTool) string {
	if t.info.Execution == nil || t.info.Execution.TaskSupport == "" {
		return TaskForbidden
	}
	return t.info.Execution.TaskSupport
}

// legacyTaskParam reads the task param of a 2025-11-25 tools/call.
func legacyTaskParam(raw json.RawMessage) (ttl *int64, asked bool) {
	if !bytes.Contains(raw, []byte(`"task"`)) {
		return nil, false
	}
	var p struct {
		Task *struct {
			TTL *int64 `json:"ttl"`
		} `json:"task"`
	}
	if json.Unmarshal(raw, &p) != nil || p.Task == nil {
		return nil, false
	}
	return p.Task.TTL, true
}

// declaresTasks reports whether client capabilities name the tasks
// extension.
func declaresTasks(caps map[string]json.RawMessage) bool {
	var ext map[string]json.RawMessage
	if json.Unmarshal(caps["extensions"], &ext) != nil {
		return false
	}
	_, ok := ext[TasksExtension]
	return ok
}

// errTasksNotDeclared is the -32021 error for a client that did not declare
// the tasks extension.
func errTasksNotDeclared(what string) *transport.Error {
	data, _ := jsonenc.Marshal(map[string]any{"requiredCapabilities": map[string]any{"extensions": map[string]any{TasksExtension: struct{}{}}}})
	return &transport.Error{Code: transport.CodeMissingCapability, Data: data,
		Message: "Missing required client capability: " + what + " needs the client to declare the " + TasksExtension + " extension"}
}

// toolTask starts a tools/call as a task when its era's rules say so;
// handled is false when the call runs as usual.
func (s *Server) toolTask(ctx context.Context, m *transport.Message, ci *callInfo, ss *serverSession, modern bool) (res any, handled bool, err error) {
	if s.taskTools.Load() == 0 {
		return nil, false, nil
	}
	p, err := callParams(m.Params)
	if err != nil {
		return nil, false, nil // callTool reports it
	}
	t := s.tool(p.Name)
	if t == nil {
		return nil, false, nil
	}
	support, ttl := taskSupport(t), s.taskTTL()
	if modern {
		declared := declaresTasks(ci.clientCaps)
		switch {
		case support == TaskRequired && !declared:
			return nil, true, errTasksNotDeclared("tool " + p.Name + " runs only as a task, and")
		case support == TaskForbidden || !declared:
			return nil, false, nil
		}
	} else {
		want, asked := legacyTaskParam(m.Params)
		switch {
		case asked && support == TaskForbidden:
			return nil, true, transport.Errorf(transport.CodeMethodNotFound, "Method not found: tool %s does not run as a task (execution.taskSupport is forbidden)", p.Name)
		case !asked && support == TaskRequired:
			return nil, true, transport.Errorf(transport.CodeMethodNotFound, "Method not found: tool %s runs only as a task: call it with the task param (execution.taskSupport is required)", p.Name)
		case !asked:
			return nil, false, nil
		}
		if want != nil && *want > 0 && time.Duration(*want)*time.Millisecond < ttl {
			ttl = time.Duration(*want) * time.Millisecond
		}
	}
	if modern && t.deferTask {
		res, err := s.deferredCall(ctx, m, t, p, ci, ss)
		return res, true, err
	}
	e, err := s.startTask(ctx, t, p, ci, modern, ttl)
	if err != nil {
		return nil, true, err
	}
	snap := s.tasks.snapshot(e, false)
	if !modern {
		return &createTaskResult{Task: snap}, true, nil
	}
	snap.ResultType = "task"
	return snap, true, nil
}

// startTask stores a working task and runs the tool for it in the
// background, detached from the request (tasks/cancel or the TTL stop it).
func (s *Server) startTask(ctx context.Context, t *registeredTool, p CallToolParams, ci *callInfo, modern bool, ttl time.Duration) (*taskEntry, error) {
	runCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	e := s.newTaskEntry(ctx, modern, ttl, cancel)
	if err := s.tasks.add(e, s.maxTasks(), e.created); err != nil {
		cancel()
		return nil, err
	}
	ci.tool = p.Name
	if p.Meta != nil && len(p.Meta.ProgressToken) > 0 {
		ci.progressToken = p.Meta.ProgressToken
	}
	// The request's stream ends with the CreateTaskResult: later progress,
	// logs and questions go to the session (legacy), or nowhere but
	// tasks/get (stateless).
	ci.notify, ci.task, ci.round = nil, e, nil
	if ci.session != nil {
		e.inSession(ci.session, ci)
	}
	go s.runTask(withCall(runCtx, ci), e, t, p)
	return e, nil
}

// newTaskEntry is a working task of the caller ctx names, created now;
// cancel stops its tool.
func (s *Server) newTaskEntry(ctx context.Context, modern bool, ttl time.Duration, cancel context.CancelFunc) *taskEntry {
	now := time.Now()
	return &taskEntry{id: newTaskID(), owner: taskOwner(ctx), modern: modern, status: TaskWorking,
		created: now, updated: now, ttl: ttl, poll: s.taskPoll(), cancel: cancel, done: make(chan struct{}), store: &s.tasks}
}

// runTask runs the tool for its task.
func (s *Server) runTask(ctx context.Context, e *taskEntry, t *registeredTool, p CallToolParams) {
	res, err := s.runTool(ctx, t, p.Name, p.Arguments)
	s.endTask(e, res, err)
}

// endTask records how the task's tool ended: a JSON-RPC error fails the
// task; a tool error fails it in 2025-11-25 and completes it (with
// isError) in 2026-07-28.
func (s *Server) endTask(e *taskEntry, res *CallToolResult, err error) {
	status, msg := TaskCompleted, ""
	var rpcErr *transport.Error
	switch {
	case err != nil:
		rpcErr = asRPCError(err)
		status, msg, res = TaskFailed, rpcErr.Message, nil
	case res.IsError && !e.modern:
		status, msg = TaskFailed, "The tool reported an error."
	}
	if res != nil && e.modern {
		res.ResultType = ResultComplete
	}
	s.tasks.finish(e, status, msg, res, rpcErr, time.Now())
}

// asRPCError is err as a JSON-RPC error (-32603 unless it is one).
func asRPCError(err error) *transport.Error {
	var rpcErr *transport.Error
	if errors.As(err, &rpcErr) {
		return rpcErr
	}
	return &transport.Error{Code: transport.CodeInternalError, Message: "Internal error: " + err.Error()}
}

// taskOwner is whom a task is bound to: transport.Owner of the caller's
// identity (its subject and client id; "" none).
func taskOwner(ctx context.Context) string {
	return transport.Owner(transport.IdentityFrom(ctx))
}

// taskIDParam reads params.taskId.
func taskIDParam(raw json.RawMessage) (string, error) {
	var p struct {
		TaskID string `json:"taskId"`
	}
	if err := unmarshalParams(raw, &p); err != nil {
		return "", err
	}
	if p.TaskID == "" {
		return "", transport.Errorf(transport.CodeInvalidParams, "Invalid params: taskId is required")
	}
	return p.TaskID, nil
}

// lookupTask finds the task a tasks/* request names, for its caller.
func (s *Server) lookupTask(ctx context.Context, raw json.RawMessage) (*taskEntry, error) {
	id, err := taskIDParam(raw)
	if err != nil {
		return nil, err
	}
	return s.tasks.get(id, taskOwner(ctx), time.Now())
}

// completeAck is the empty result of tasks/update and tasks/cancel (2026).
type completeAck struct {
	ResultType string `json:"resultType"`
}

// modernTaskMethod serves tasks/get, tasks/update and tasks/cancel of the
// tasks extension; ok is false for any other method.
func (s *Server) modernTaskMethod(ctx context.Context, m *transport.Message, caps map[string]json.RawMessage) (res any, ok bool, err error) {
	switch m.Method {
	case "tasks/get", "tasks/update", "tasks/cancel":
	default:
		return nil, false, nil
	}
	if !declaresTasks(caps) {
		return nil, true, errTasksNotDeclared(m.Method)
	}
	e, err := s.lookupTask(ctx, m.Params)
	if err != nil {
		return nil, true, err
	}
	switch m.Method {
	case "tasks/get":
		t := s.tasks.snapshot(e, true)
		t.ResultType = ResultComplete
		return t, true, nil
	case "tasks/cancel":
		s.tasks.cancelTask(e, time.Now()) // a finished task: the same ack
	case "tasks/update":
		if err := s.updateTask(e, m.Params); err != nil {
			return nil, true, err
		}
	}
	return &completeAck{ResultType: ResultComplete}, true, nil
}

// legacyTaskMethod serves tasks/get, tasks/result, tasks/list and
// tasks/cancel of 2025-11-25; ok is false for any other method, and for
// these when no tool runs as a task.
func (s *Server) legacyTaskMethod(ctx context.Context, m *transport.Message) (res any, ok bool, err error) {
	switch m.Method {
	case "tasks/get", "tasks/result", "tasks/list", "tasks/cancel":
		if s.taskTools.Load() == 0 {
			return nil, false, nil
		}
	default:
		return nil, false, nil
	}
	if m.Method == "tasks/list" {
		res, err := s.listTasks(ctx, m.Params)
		return res, true, err
	}
	e, err := s.lookupTask(ctx, m.Params)
	if err != nil {
		return nil, true, err
	}
	switch m.Method {
	case "tasks/result":
		res, err := s.taskResult(ctx, e)
		return res, true, err
	case "tasks/cancel":
		if !s.tasks.cancelTask(e, time.Now()) {
			return nil, true, transport.Errorf(transport.CodeInvalidParams, "Invalid params: task %q has already %s", e.id, s.tasks.snapshot(e, false).Status)
		}
	}
	return s.tasks.snapshot(e, false), true, nil
}

// taskResult waits for the task to end and returns what the call would
// have returned, tied to the task by its _meta.
func (s *Server) taskResult(ctx context.Context, e *taskEntry) (any, error) {
	select {
	case <-e.done:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	s.tasks.mu.Lock()
	status, res, rpcErr := e.status, e.result, e.err
	s.tasks.mu.Unlock()
	switch {
	case status == TaskCancelled:
		return nil, transport.Errorf(transport.CodeInternalError, "Internal error: task %q was cancelled", e.id)
	case rpcErr != nil:
		return nil, rpcErr
	}
	out := *res
	meta := map[string]json.RawMessage{}
	_ = json.Unmarshal(res.Meta, &meta)
	meta[relatedTaskMeta], _ = json.Marshal(map[string]string{"taskId": e.id})
	out.Meta, _ = json.Marshal(meta)
	return &out, nil
}

// listTasks is a page of the caller's tasks, oldest first.
func (s *Server) listTasks(ctx context.Context, raw json.RawMessage) (*ListTasksResult, error) {
	var p struct {
		Cursor string `json:"cursor"`
	}
	if err := unmarshalParams(raw, &p); err != nil {
		return nil, err
	}
	page, next, err := pageOf(s.tasks.list(taskOwner(ctx), time.Now()), "tasks", p.Cursor, s.opts.PageSize)
	if err != nil {
		return nil, err
	}
	res := &ListTasksResult{Tasks: make([]Task, 0, len(page)), NextCursor: next}
	for _, e := range page {
		res.Tasks = append(res.Tasks, *s.tasks.snapshot(e, false))
	}
	return res, nil
}

// checkTaskOptions refuses a ToolOptions.TaskSupport value the spec does
// not define, and DeferTask on a tool that never runs as a task.
func checkTaskOptions(o ToolOptions) error {
	switch o.TaskSupport {
	case "", TaskForbidden:
		if o.DeferTask {
			return errors.New("sdk: ToolOptions.DeferTask needs TaskSupport optional or required (the tool never runs as a task)")
		}
		return nil
	case TaskOptional, TaskRequired:
		return nil
	}
	return fmt.Errorf("sdk: ToolOptions.TaskSupport %q: want %q, %q or %q", o.TaskSupport, TaskForbidden, TaskOptional, TaskRequired)
}

// modernCapabilities is what server/discover announces: tasks as the
// extension, not the 2025-11-25 capability.
func (s *Server) modernCapabilities() ServerCapabilities {
	caps := s.capabilities()
	caps.Tasks = nil
	s.addTaskCapabilities(&caps, true)
	return caps
}

// countTaskTools counts the tools that may run as tasks.
func countTaskTools(tools []*registeredTool) int32 {
	n := int32(0)
	for _, t := range tools {
		if taskSupport(t) != TaskForbidden {
			n++
		}
	}
	return n
}
