package call_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// conformance connects to examples/conformance over stdio in the era of
// version ("" for the 2026-07-28 era, the default).
func conformance(t *testing.T, version string) *target.Connection {
	t.Helper()
	cache := filepath.Join(os.TempDir(), "mcpdev-call-task-test")
	tg, err := target.Resolve([]string{"../../examples/conformance"}, &target.ResolveOptions{BuildCache: cache})
	if err != nil {
		t.Fatal(err)
	}
	c, err := tg.Connect(context.Background(), &target.ConnectOptions{Client: &sdk.ClientOptions{ProtocolVersion: version}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// TestTaskInBothEras: call.Task runs a tool as a task in either era,
// showing its statuses; a failed task is a *TaskEndError with the
// JSON-RPC error; a task stopped here is cancelled on the server.
func TestTaskInBothEras(t *testing.T) {
	for _, era := range []struct{ name, version string }{{"2025-11-25", sdk.LatestLegacyVersion}, {"2026-07-28", ""}} {
		t.Run(era.name, func(t *testing.T) {
			c := conformance(t, era.version)
			var seen []sdk.TaskStatus
			res, err := call.Task(context.Background(), c, "slow_compute", []byte(`{"seconds":0.2,"label":"e"}`), 0, func(e call.TaskEvent) {
				seen = append(seen, e.Task.Status)
			})
			if err != nil || res.IsError || len(seen) < 2 || seen[0] != sdk.TaskWorking || seen[len(seen)-1] != sdk.TaskCompleted {
				t.Fatalf("slow_compute: %v, %+v, statuses %v", err, res, seen)
			}

			_, err = call.Task(context.Background(), c, "protocol_error_job", []byte(`{}`), 0, nil)
			var end *call.TaskEndError
			var rpc *transport.Error
			if !errors.As(err, &end) || end.Status != sdk.TaskFailed || !errors.As(err, &rpc) || rpc.Code != -32603 {
				t.Fatalf("protocol_error_job: %v", err)
			}

			ctx, cancel := context.WithCancel(context.Background())
			var id string
			_, err = call.Task(ctx, c, "slow_compute", []byte(`{"seconds":30}`), 0, func(e call.TaskEvent) {
				id = e.Task.TaskID
				cancel()
			})
			var stopped *call.TaskCancelledError
			if !errors.As(err, &stopped) || stopped.CancelErr != nil || !errors.Is(err, context.Canceled) {
				t.Fatalf("cancelled: %v", err)
			}
			task, err := c.GetTask(context.Background(), id)
			if err != nil || task.Status != sdk.TaskCancelled {
				t.Fatalf("the server's task after tasks/cancel: %+v, %v", task, err)
			}
		})
	}
}

// TestTaskTimeoutCancels: the timeout of silence stops a task whose
// status does not change, and cancels it on the server.
func TestTaskTimeoutCancels(t *testing.T) {
	c := conformance(t, sdk.LatestLegacyVersion)
	_, err := call.Task(context.Background(), c, "slow_compute", []byte(`{"seconds":30}`), 200*time.Millisecond, nil)
	var stopped *call.TaskCancelledError
	var timeout *call.TimeoutError
	if !errors.As(err, &stopped) || !errors.As(err, &timeout) || stopped.CancelErr != nil {
		t.Fatalf("%v", err)
	}
}
