package sdk

import (
	"encoding/json"
	"errors"
	"time"

	"github.com/mcpdev/mcpdev/transport"
)

// Tasks: a tool declared with ToolOptions.TaskSupport may run as a task —
// the call returns at once with a task id, the tool runs on, and the
// client polls the task (tasks/get), fetches its result and may cancel it.
// Both eras are served: the 2025-11-25 experimental form (the client asks
// for a task with the call's task param; tasks/get, tasks/result,
// tasks/list, tasks/cancel) and the io.modelcontextprotocol/tasks
// extension of 2026-07-28 (SEP-2663: a client that declares the extension
// gets a task for a task-capable tool; tasks/get inlines the result,
// tasks/cancel acknowledges). The server keeps at most
// ServerOptions.MaxTasks tasks, each for its TTL.

// TasksExtension is the extension id of tasks in the 2026 era.
const TasksExtension = "io.modelcontextprotocol/tasks"

// The values of ToolOptions.TaskSupport (the tool's execution.taskSupport).
const (
	TaskForbidden = "forbidden" // never a task (also the default, "")
	TaskOptional  = "optional"  // a task when the client asks for one
	TaskRequired  = "required"  // only as a task
)

// TaskStatus is where a task is in its life.
type TaskStatus string

// The task statuses; completed, failed and cancelled are terminal.
const (
	TaskWorking       TaskStatus = "working"
	TaskInputRequired TaskStatus = "input_required"
	TaskCompleted     TaskStatus = "completed"
	TaskFailed        TaskStatus = "failed"
	TaskCancelled     TaskStatus = "cancelled"
)

// Terminal reports whether the status is final.
func (s TaskStatus) Terminal() bool {
	return s == TaskCompleted || s == TaskFailed || s == TaskCancelled
}

// Defaults of the task options of ServerOptions.
const (
	DefaultTaskTTL          = time.Hour
	DefaultMaxTasks         = 1000
	DefaultTaskPollInterval = 500 * time.Millisecond
)

// ErrTaskCancelled is returned by Client.WaitTask for a task that was
// cancelled.
var ErrTaskCancelled = errors.New("sdk: the task was cancelled")

// ErrNotATask is returned by Client.CallToolTask when the server ran the
// call at once instead of as a task; the result is returned with it.
var ErrNotATask = errors.New("sdk: the server answered the call without a task")

// Task is a task as the server reports it. The 2025-11-25 form carries
// TTL and PollInterval, the 2026-07-28 extension TTLMs, PollIntervalMs
// and, on tasks/get, the finished call's Result or Error inline.
type Task struct {
	TaskID        string     `json:"taskId"`
	Status        TaskStatus `json:"status"`
	StatusMessage string     `json:"statusMessage,omitempty"`
	CreatedAt     string     `json:"createdAt"`
	LastUpdatedAt string     `json:"lastUpdatedAt"`
	// 2025-11-25: the task's lifetime in ms (null: unlimited) and the
	// suggested polling interval.
	TTL          *int64 `json:"ttl,omitempty"`
	PollInterval int64  `json:"pollInterval,omitempty"`
	// 2026-07-28 (SEP-2663).
	ResultType     string                     `json:"resultType,omitempty"`
	TTLMs          *int64                     `json:"ttlMs,omitempty"`
	PollIntervalMs int64                      `json:"pollIntervalMs,omitempty"`
	Result         *CallToolResult            `json:"result,omitempty"`
	Error          *transport.Error           `json:"error,omitempty"`
	InputRequests  map[string]json.RawMessage `json:"inputRequests,omitempty"`
	Meta           json.RawMessage            `json:"_meta,omitempty"`
}

// pollEvery is the interval the server suggests (either era's field), or
// DefaultTaskPollInterval.
func (t *Task) pollEvery() time.Duration {
	ms := t.PollIntervalMs
	if ms <= 0 {
		ms = t.PollInterval
	}
	if ms <= 0 {
		return DefaultTaskPollInterval
	}
	return time.Duration(ms) * time.Millisecond
}

// createTaskResult is a 2025-11-25 tools/call answered with a task.
type createTaskResult struct {
	Task *Task `json:"task"`
}

// ListTasksResult is a page of tasks/list (2025-11-25).
type ListTasksResult struct {
	Tasks      []Task `json:"tasks"`
	NextCursor string `json:"nextCursor,omitempty"`
}

// TasksCapability is the 2025-11-25 tasks capability: which task
// operations and task-augmented requests the server supports.
type TasksCapability struct {
	List     *struct{}          `json:"list,omitempty"`
	Cancel   *struct{}          `json:"cancel,omitempty"`
	Requests *TaskRequestsCapab `json:"requests,omitempty"`
}

// TaskRequestsCapab lists the requests that may be task-augmented.
type TaskRequestsCapab struct {
	Tools *struct {
		Call *struct{} `json:"call,omitempty"`
	} `json:"tools,omitempty"`
}

// relatedTaskMeta is the _meta key tying a message to its task (2025-11-25).
const relatedTaskMeta = "io.modelcontextprotocol/related-task"
