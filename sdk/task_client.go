package sdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// The client side of tasks (see task.go): call a tool as a task, poll it,
// wait for its result, answer its questions, cancel it.

// TaskCallOptions configures CallToolTask; every field is optional.
type TaskCallOptions struct {
	// TTL asks the server to keep the task this long (2025-11-25; the
	// server may keep it for less). 0: the server's default.
	TTL time.Duration
}

// CallToolTask calls a tool as a task and returns the task the server
// created: in the handshake era with the call's task param, in the
// 2026 era declaring the tasks extension for the call. A server may
// answer at once instead (a 2026-era tool that is not task-capable,
// say): then the task is nil and the call's result is returned. A
// 2026-era tool that asks before it becomes a task (DeferTask) is
// answered with the client's hooks, round by round, as CallTool does.
func (c *Client) CallToolTask(ctx context.Context, name string, args any, opts *TaskCallOptions) (*Task, *CallToolResult, error) {
	params := map[string]any{"name": name, "arguments": args}
	if args == nil {
		params["arguments"] = struct{}{}
	}
	if !c.modern {
		task := map[string]any{}
		if opts != nil && opts.TTL > 0 {
			task["ttl"] = opts.TTL.Milliseconds()
		}
		params["task"] = task
	}
	var raw json.RawMessage
	if err := c.callMaybeRounds(ctx, "tools/call", c.withTasks(params), &raw, nil); err != nil {
		return nil, nil, err
	}
	return decodeTaskCall(raw, c.modern)
}

// decodeTaskCall reads a tools/call answer that is a task (either era's
// form) or a plain result.
func decodeTaskCall(raw json.RawMessage, modern bool) (*Task, *CallToolResult, error) {
	var probe struct {
		Task       *Task  `json:"task"`
		ResultType string `json:"resultType"`
		TaskID     string `json:"taskId"`
	}
	if err := json.Unmarshal(raw, &probe); err != nil {
		return nil, nil, fmt.Errorf("sdk: decode tools/call result: %w", err)
	}
	switch {
	case !modern && probe.Task != nil:
		return probe.Task, nil, nil
	case modern && probe.ResultType == "task" && probe.TaskID != "":
		var t Task
		if err := json.Unmarshal(raw, &t); err != nil {
			return nil, nil, fmt.Errorf("sdk: decode task: %w", err)
		}
		return &t, nil, nil
	}
	var res CallToolResult
	if err := json.Unmarshal(raw, &res); err != nil {
		return nil, nil, fmt.Errorf("sdk: decode tools/call result: %w", err)
	}
	return nil, &res, nil
}

// withTasks adds the tasks extension to a 2026-era request's client
// capabilities (the other capabilities kept).
func (c *Client) withTasks(params map[string]any) map[string]any {
	if !c.modern {
		return params
	}
	caps := map[string]any{}
	if base, ok := c.metaNow()[MetaClientCapabilities].(map[string]any); ok {
		for k, v := range base {
			caps[k] = v
		}
	}
	ext := map[string]any{}
	if base, ok := caps["extensions"].(map[string]any); ok {
		for k, v := range base {
			ext[k] = v
		}
	}
	ext[TasksExtension] = struct{}{}
	caps["extensions"] = ext
	params["_meta"] = map[string]any{MetaClientCapabilities: caps}
	return params
}

// GetTask asks for a task's state (tasks/get). In the 2026 era a
// finished task carries its Result or Error.
func (c *Client) GetTask(ctx context.Context, taskID string) (*Task, error) {
	var t Task
	if err := c.Call(ctx, "tasks/get", c.withTasks(map[string]any{"taskId": taskID}), &t); err != nil {
		return nil, err
	}
	return &t, nil
}

// CancelTask asks the server to cancel a task (tasks/cancel). A server of
// the handshake era refuses a task that already ended.
func (c *Client) CancelTask(ctx context.Context, taskID string) error {
	return c.Call(ctx, "tasks/cancel", c.withTasks(map[string]any{"taskId": taskID}), nil)
}

// UpdateTask answers the questions of a task in input_required (the keys
// of its InputRequests) with tasks/update: 2026 era only.
func (c *Client) UpdateTask(ctx context.Context, taskID string, responses map[string]any) error {
	if !c.modern {
		return errors.New("sdk: tasks/update is of the 2026 era; in a session the server asks its questions itself")
	}
	params := map[string]any{"taskId": taskID, "inputResponses": responses}
	return c.Call(ctx, "tasks/update", c.withTasks(params), nil)
}

// ListTasks returns the caller's tasks (tasks/list, 2025-11-25; the
// 2026 era has no list), following nextCursor across pages.
func (c *Client) ListTasks(ctx context.Context) ([]Task, error) {
	var all []Task
	cursor := ""
	for page := 0; page < 10000; page++ {
		params := map[string]any{}
		if cursor != "" {
			params["cursor"] = cursor
		}
		var res ListTasksResult
		if err := c.Call(ctx, "tasks/list", params, &res); err != nil {
			return nil, err
		}
		all = append(all, res.Tasks...)
		if res.NextCursor == "" || res.NextCursor == cursor {
			return all, nil
		}
		cursor = res.NextCursor
	}
	return nil, errors.New("sdk: tasks/list did not end after 10000 pages")
}

// WaitTask polls a task at the interval the server suggests until it
// ends, and returns what the call returned: its result (a tool error is a
// result with IsError set), the JSON-RPC error it failed with
// (*transport.Error), or ErrTaskCancelled. A 2026-era task that asks
// for input (input_required) is answered with the client's hooks
// (OnElicit, OnSample, OnRoots), as CallTool answers an
// InputRequiredResult.
func (c *Client) WaitTask(ctx context.Context, taskID string) (*CallToolResult, error) {
	return c.WatchTask(ctx, taskID, nil)
}

// answerTask answers a task's questions with the client's hooks
// (OnElicit, OnSample, OnRoots) and sends the answers with tasks/update.
func (c *Client) answerTask(ctx context.Context, t *Task) error {
	answers := make(map[string]any, len(t.InputRequests))
	for key, raw := range t.InputRequests {
		var req InputRequest
		if err := json.Unmarshal(raw, &req); err != nil {
			return fmt.Errorf("sdk: task %s: input request %q: %w", t.TaskID, key, err)
		}
		res, err := c.answer(ctx, req.Method, req.Params)
		if err != nil {
			return fmt.Errorf("sdk: task %s asks %s: %w", t.TaskID, req.Method, err)
		}
		answers[key] = res
	}
	return c.UpdateTask(ctx, t.TaskID, answers)
}

// taskOutcome is what the call of a finished task returned.
func (c *Client) taskOutcome(ctx context.Context, t *Task) (*CallToolResult, error) {
	switch {
	case t.Status == TaskCancelled:
		return nil, ErrTaskCancelled
	case !c.modern:
		var res CallToolResult
		if err := c.Call(ctx, "tasks/result", map[string]any{"taskId": t.TaskID}, &res); err != nil {
			return nil, err
		}
		return &res, nil
	case t.Error != nil:
		return nil, t.Error
	case t.Result == nil:
		return nil, fmt.Errorf("sdk: task %s %s without a result", t.TaskID, t.Status)
	}
	return t.Result, nil
}
