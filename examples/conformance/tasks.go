package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
)

// The fixtures of the suite's tasks scenarios (the io.modelcontextprotocol/tasks
// extension, SEP-2663).

// GreetArgs names whom greet greets.
type GreetArgs struct {
	Name string `json:"name" jsonschema:"description=Who to greet"`
}

// Greet says hello at once: never a task.
func Greet(ctx context.Context, a GreetArgs) (string, error) {
	return fmt.Sprintf("Hello, %s!", a.Name), nil
}

// ComputeArgs says how long slow_compute works.
type ComputeArgs struct {
	Seconds float64 `json:"seconds" jsonschema:"description=How long to work,minimum=0"`
	Label   string  `json:"label,omitempty" jsonschema:"description=A label echoed in the result"`
}

// SlowCompute works for the given number of seconds, as a task when the
// client takes tasks; cancelling the task stops it.
func SlowCompute(ctx context.Context, a ComputeArgs) (string, error) {
	t := time.NewTimer(time.Duration(a.Seconds * float64(time.Second)))
	defer t.Stop()
	select {
	case <-t.C:
		return fmt.Sprintf("Computed %q in %gs", a.Label, a.Seconds), nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// errJobFailed is failing_job's tool error.
var errJobFailed = errors.New("the job failed, as it always does")

// FailingJob works for a second and then reports a tool error; it runs
// only as a task.
func FailingJob(ctx context.Context, _ NoArgs) (string, error) {
	select {
	case <-time.After(time.Second):
		return "", errJobFailed
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// ProtocolErrorJob fails with a JSON-RPC error (not a tool error), so its
// task fails.
func ProtocolErrorJob(ctx context.Context, _ NoArgs) (string, error) {
	return "", &sdk.RPCError{Code: -32603, Message: "Internal error: protocol_error_job always fails"}
}

func addTasks(s *sdk.Server) {
	sdk.Tool(s, Greet)
	sdk.Tool(s, SlowCompute, &sdk.ToolOptions{TaskSupport: sdk.TaskOptional})
	sdk.Tool(s, FailingJob, &sdk.ToolOptions{TaskSupport: sdk.TaskRequired})
	sdk.Tool(s, ProtocolErrorJob, &sdk.ToolOptions{TaskSupport: sdk.TaskOptional})
}
