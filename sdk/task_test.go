package sdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

type jobArgs struct {
	Name string `json:"name"`
}

// taskFixture is a server whose tools run as tasks: job waits for its
// gate, stuck runs until cancelled (closing stopped), oops is a tool
// error and broken a JSON-RPC error.
type taskFixture struct {
	gate    chan struct{}
	stopped chan struct{}
}

func newTaskServer(t *testing.T, opts *sdk.ServerOptions) (*sdk.Server, *taskFixture) {
	t.Helper()
	f := &taskFixture{gate: make(chan struct{}), stopped: make(chan struct{})}
	s := sdk.NewServer("tasks", opts)
	job := func(ctx context.Context, a jobArgs) (string, error) {
		select {
		case <-f.gate:
			return "done: " + a.Name, nil
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}
	stuck := func(ctx context.Context, _ jobArgs) (string, error) {
		<-ctx.Done()
		close(f.stopped)
		return "", ctx.Err()
	}
	oops := func(ctx context.Context, _ jobArgs) (string, error) { return "", errors.New("no luck") }
	broken := func(ctx context.Context, _ jobArgs) (string, error) {
		return "", &sdk.RPCError{Code: -32000, Message: "broken on purpose"}
	}
	now := func(ctx context.Context, _ jobArgs) (string, error) { return "now", nil }
	add := func(name, support string, fn func(context.Context, jobArgs) (string, error)) {
		sdk.Tool(s, fn, &sdk.ToolOptions{Name: name, Description: name + " (a test tool)", TaskSupport: support})
	}
	add("job", sdk.TaskOptional, job)
	add("stuck", sdk.TaskOptional, stuck)
	add("oops", sdk.TaskOptional, oops)
	add("broken", sdk.TaskOptional, broken)
	add("must", sdk.TaskRequired, job)
	add("now", "", now)
	return s, f
}

func mustTask(t *testing.T, c *sdk.Client, name string) *sdk.Task {
	t.Helper()
	task, res, err := c.CallToolTask(testCtx(t), name, map[string]any{"name": "x"}, nil)
	if err != nil {
		t.Fatalf("CallToolTask %s: %v", name, err)
	}
	if task == nil {
		t.Fatalf("CallToolTask %s: no task, result %+v", name, res)
	}
	return task
}

// forEachTaskSetup runs f once per transport and era with a fresh task
// server and its fixture.
func forEachTaskSetup(t *testing.T, f func(t *testing.T, c *sdk.Client, fx *taskFixture, modern bool)) {
	for _, via := range transports {
		for _, era := range eras {
			t.Run(via+"/"+era.name, func(t *testing.T) {
				s, fx := newTaskServer(t, nil)
				f(t, connectVia(t, s, via, era.version, nil), fx, era.version == sdk.Version2026)
			})
		}
	}
}

// A task-capable tool called as a task returns a working task at once;
// the client polls it while the tool runs and gets the tool's result when
// it ends: over every transport, in both eras.
func TestTaskRunsAndIsPolled(t *testing.T) {
	forEachTaskSetup(t, func(t *testing.T, c *sdk.Client, fx *taskFixture, modern bool) {
		task := mustTask(t, c, "job")
		if task.Status != sdk.TaskWorking || task.CreatedAt == "" || task.LastUpdatedAt == "" {
			t.Errorf("created task = %+v, want working with timestamps", task)
		}
		got, err := c.GetTask(testCtx(t), task.TaskID)
		if err != nil || got.Status != sdk.TaskWorking {
			t.Fatalf("GetTask while the tool runs = %+v, %v; want working", got, err)
		}
		close(fx.gate)
		res, err := c.WaitTask(testCtx(t), task.TaskID)
		if err != nil {
			t.Fatal(err)
		}
		if got := texts(res); got != "done: x" {
			t.Errorf("result = %q, want %q", got, "done: x")
		}
		if got, _ := c.GetTask(testCtx(t), task.TaskID); got.Status != sdk.TaskCompleted {
			t.Errorf("status after the tool ended = %s, want completed", got.Status)
		}
	})
}

// tasks/cancel stops the tool (its context ends) and the task is
// cancelled; cancelling it again is refused in 2025-11-25 (-32602) and
// acknowledged in 2026-07-28.
func TestTaskCancelStopsTheTool(t *testing.T) {
	forEachTaskSetup(t, func(t *testing.T, c *sdk.Client, fx *taskFixture, modern bool) {
		task := mustTask(t, c, "stuck")
		if err := c.CancelTask(testCtx(t), task.TaskID); err != nil {
			t.Fatal(err)
		}
		<-fx.stopped
		got, err := c.GetTask(testCtx(t), task.TaskID)
		if err != nil || got.Status != sdk.TaskCancelled {
			t.Fatalf("GetTask after cancel = %+v, %v; want cancelled", got, err)
		}
		if _, err := c.WaitTask(testCtx(t), task.TaskID); !errors.Is(err, sdk.ErrTaskCancelled) {
			t.Errorf("WaitTask = %v, want ErrTaskCancelled", err)
		}
		err = c.CancelTask(testCtx(t), task.TaskID)
		if modern && err != nil {
			t.Errorf("second cancel (2026-07-28) = %v, want the ack", err)
		}
		if !modern && rpcCode(err) != transport.CodeInvalidParams {
			t.Errorf("second cancel (2025-11-25) = %v, want -32602", err)
		}
	})
}

// A tool error ends the task failed in 2025-11-25 and completed (with
// isError) in 2026-07-28; WaitTask returns the isError result in both. A
// JSON-RPC error fails the task in both, and WaitTask returns that error.
func TestTaskToolErrorAndProtocolError(t *testing.T) {
	forEachTaskSetup(t, func(t *testing.T, c *sdk.Client, fx *taskFixture, modern bool) {
		task := mustTask(t, c, "oops")
		res, err := c.WaitTask(testCtx(t), task.TaskID)
		if err != nil || !res.IsError || !strings.Contains(texts(res), "no luck") {
			t.Errorf("WaitTask(oops) = %+v, %v; want the isError result", res, err)
		}
		want := sdk.TaskFailed
		if modern {
			want = sdk.TaskCompleted
		}
		if got, _ := c.GetTask(testCtx(t), task.TaskID); got.Status != want {
			t.Errorf("status of a tool error = %s, want %s", got.Status, want)
		}
		task = mustTask(t, c, "broken")
		if _, err := c.WaitTask(testCtx(t), task.TaskID); rpcCode(err) != -32000 {
			t.Errorf("WaitTask(broken) = %v, want the tool's -32000", err)
		}
		if got, _ := c.GetTask(testCtx(t), task.TaskID); got.Status != sdk.TaskFailed {
			t.Errorf("status of a JSON-RPC error = %s, want failed", got.Status)
		}
	})
}

// The tool's execution.taskSupport decides: a required tool called
// without a task is refused (-32601 in 2025-11-25, -32021 naming the
// extension in 2026-07-28); a forbidden one asked for a task is refused
// in 2025-11-25 and runs at once in 2026-07-28; an optional one called
// plainly runs at once.
func TestTaskSupportRules(t *testing.T) {
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			s, _ := newTaskServer(t, nil)
			c := memClient(t, s, era.version, nil)
			modern := era.version == sdk.Version2026
			_, err := c.CallTool(testCtx(t), "must", map[string]any{"name": "x"}, nil)
			want := transport.CodeMethodNotFound
			if modern {
				want = transport.CodeMissingCapability
			}
			if rpcCode(err) != want {
				t.Errorf("required tool without a task = %v, want %d", err, want)
			}
			if modern && !strings.Contains(string(err.(*transport.Error).Data), sdk.TasksExtension) {
				t.Errorf("-32021 data = %s, want it to name %s", err.(*transport.Error).Data, sdk.TasksExtension)
			}
			task, res, err := c.CallToolTask(testCtx(t), "now", map[string]any{"name": "x"}, nil)
			switch {
			case modern && (err != nil || task != nil || texts(res) != "now"):
				t.Errorf("forbidden tool as a task (2026) = %+v, %+v, %v; want it run at once", task, res, err)
			case !modern && rpcCode(err) != transport.CodeMethodNotFound:
				t.Errorf("forbidden tool as a task (2025-11-25) = %v, want -32601", err)
			}
			res, err = c.CallTool(testCtx(t), "oops", map[string]any{"name": "x"}, nil)
			if err != nil || !res.IsError {
				t.Errorf("optional tool called plainly = %+v, %v; want its result at once", res, err)
			}
		})
	}
}

// Tools list their task support, and the server announces tasks in each
// era's way: the tasks capability in initialize, the extension (and no
// tasks capability) in server/discover. A server without task tools
// announces neither.
func TestTaskCapabilities(t *testing.T) {
	s, _ := newTaskServer(t, nil)
	plain := sdk.NewServer("plain", nil)
	sdk.Tool(plain, func(ctx context.Context, _ jobArgs) (string, error) { return "", nil }, &sdk.ToolOptions{Name: "p", Description: "p"})
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			c := memClient(t, s, era.version, nil)
			caps := c.InitializeResult().Capabilities
			modern := era.version == sdk.Version2026
			_, hasExt := caps.Extensions[sdk.TasksExtension]
			if modern && (!hasExt || caps.Tasks != nil) || !modern && (hasExt || caps.Tasks == nil || caps.Tasks.Requests == nil) {
				t.Errorf("capabilities = tasks %+v, extensions %v", caps.Tasks, caps.Extensions)
			}
			tools, err := c.ListTools(testCtx(t))
			if err != nil {
				t.Fatal(err)
			}
			for _, tool := range tools {
				if tool.Name == "must" && (tool.Execution == nil || tool.Execution.TaskSupport != sdk.TaskRequired) {
					t.Errorf("must's execution = %+v, want taskSupport required", tool.Execution)
				}
			}
			pc := memClient(t, plain, era.version, nil).InitializeResult().Capabilities
			if pc.Tasks != nil || pc.Extensions != nil {
				t.Errorf("a server without task tools announces tasks %+v, extensions %v", pc.Tasks, pc.Extensions)
			}
		})
	}
}

func TestTaskSupportValueChecked(t *testing.T) {
	_, err := sdk.NewTool(func(ctx context.Context, _ jobArgs) (string, error) { return "", nil }, &sdk.ToolOptions{Name: "x", Description: "x", TaskSupport: "sometimes"})
	if err == nil || !strings.Contains(err.Error(), "sometimes") {
		t.Errorf("NewTool with TaskSupport %q = %v, want an error naming it", "sometimes", err)
	}
}

// The store is bounded: with MaxTasks running tasks a new one is refused;
// once one ends, the oldest finished task makes room.
func TestTaskStoreIsBounded(t *testing.T) {
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			s, fx := newTaskServer(t, &sdk.ServerOptions{MaxTasks: 2})
			c := memClient(t, s, era.version, nil)
			first, second := mustTask(t, c, "job"), mustTask(t, c, "job")
			if _, _, err := c.CallToolTask(testCtx(t), "job", map[string]any{"name": "x"}, nil); err == nil || !strings.Contains(err.Error(), "MaxTasks") {
				t.Fatalf("third task with MaxTasks 2 = %v, want refused", err)
			}
			close(fx.gate)
			if _, err := c.WaitTask(testCtx(t), first.TaskID); err != nil {
				t.Fatal(err)
			}
			if _, err := c.WaitTask(testCtx(t), second.TaskID); err != nil {
				t.Fatal(err)
			}
			third := mustTask(t, c, "job")
			if _, err := c.GetTask(testCtx(t), first.TaskID); rpcCode(err) != transport.CodeInvalidParams {
				t.Errorf("the oldest finished task after eviction = %v, want -32602 (not found)", err)
			}
			if _, err := c.GetTask(testCtx(t), third.TaskID); err != nil {
				t.Errorf("the new task: %v", err)
			}
		})
	}
}

// A 2025-11-25 client may ask for a shorter TTL, never a longer one than
// the server's TaskTTL; the 2026 era reports the TTL as ttlMs.
func TestTaskTTLReported(t *testing.T) {
	s, _ := newTaskServer(t, &sdk.ServerOptions{TaskTTL: 10 * time.Minute})
	legacy := memClient(t, s, sdk.LatestLegacyVersion, nil)
	for _, tc := range []struct {
		ask  int64 // ms
		want int64
	}{{ask: 60000, want: 60000}, {ask: 3600000, want: 600000}, {ask: 0, want: 600000}} {
		task, _, err := legacy.CallToolTask(testCtx(t), "job", map[string]any{"name": "x"}, &sdk.TaskCallOptions{TTL: msDuration(tc.ask)})
		if err != nil || task.TTL == nil || *task.TTL != tc.want {
			t.Errorf("ttl asked %d ms: task %+v, %v; want ttl %d", tc.ask, task, err, tc.want)
		}
	}
	task := mustTask(t, memClient(t, s, sdk.Version2026, nil), "job")
	if task.TTLMs == nil || *task.TTLMs != 600000 || task.TTL != nil || task.PollIntervalMs <= 0 {
		t.Errorf("2026-era task = %+v, want ttlMs 600000, pollIntervalMs, no ttl", task)
	}
}

// tasks/list (2025-11-25) pages through the caller's tasks, oldest first.
func TestListTasksPages(t *testing.T) {
	s, _ := newTaskServer(t, &sdk.ServerOptions{PageSize: 2})
	c := memClient(t, s, sdk.LatestLegacyVersion, nil)
	var want []string
	for range 3 {
		want = append(want, mustTask(t, c, "job").TaskID)
	}
	tasks, err := c.ListTasks(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, task := range tasks {
		got = append(got, task.TaskID)
	}
	if diff := textDiff(strings.Join(want, "\n"), strings.Join(got, "\n")); diff != "" {
		t.Errorf("listed tasks (-want +got):\n%s", diff)
	}
}

// Unknown task ids are -32602, and a 2026-07-28 client that did not
// declare the tasks extension is refused the tasks methods with -32021.
func TestTaskUnknownAndUndeclared(t *testing.T) {
	s, _ := newTaskServer(t, nil)
	for _, era := range eras {
		c := memClient(t, s, era.version, nil)
		if _, err := c.GetTask(testCtx(t), "nope"); rpcCode(err) != transport.CodeInvalidParams {
			t.Errorf("%s: tasks/get of an unknown id = %v, want -32602", era.name, err)
		}
	}
	c := memClient(t, s, sdk.Version2026, nil)
	var raw json.RawMessage
	err := c.Call(testCtx(t), "tasks/get", map[string]any{"taskId": "nope"}, &raw)
	if rpcCode(err) != transport.CodeMissingCapability {
		t.Errorf("tasks/get without the extension = %v, want -32021", err)
	}
}

func msDuration(ms int64) time.Duration { return time.Duration(ms) * time.Millisecond }
