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
	sdk.Tool(s, Greet, nil)
	sdk.Tool(s, SlowCompute, &sdk.ToolOptions{TaskSupport: sdk.TaskOptional})
	sdk.Tool(s, FailingJob, &sdk.ToolOptions{TaskSupport: sdk.TaskRequired})
	sdk.Tool(s, ProtocolErrorJob, &sdk.ToolOptions{TaskSupport: sdk.TaskOptional})
	sdk.Tool(s, ConfirmDelete, &sdk.ToolOptions{TaskSupport: sdk.TaskOptional})
	sdk.Tool(s, MultiInput, &sdk.ToolOptions{TaskSupport: sdk.TaskOptional})
	sdk.Tool(s, TestToolWithTask, &sdk.ToolOptions{TaskSupport: sdk.TaskRequired, DeferTask: true})
}

// ConfirmDeleteArgs names the file confirm_delete deletes.
type ConfirmDeleteArgs struct {
	Filename string `json:"filename" jsonschema:"description=The file to delete"`
}

// DeleteConfirmation is the answer confirm_delete asks for.
type DeleteConfirmation struct {
	Confirm bool `json:"confirm" jsonschema:"title=Delete it?"`
}

// ConfirmDelete asks the person to confirm before it deletes the file (as
// a task: it waits in input_required for tasks/update).
func ConfirmDelete(ctx context.Context, a ConfirmDeleteArgs) (string, error) {
	answer, action, err := sdk.Elicit[DeleteConfirmation](ctx, fmt.Sprintf("Delete %s?", a.Filename))
	if err != nil {
		return "", err
	}
	if action != sdk.ActionAccept || !answer.Confirm {
		return fmt.Sprintf("Kept %s", a.Filename), nil
	}
	return fmt.Sprintf("Deleted %s", a.Filename), nil
}

// NamedConfirmation is one of multi_input's two answers.
type NamedConfirmation struct {
	Name    string `json:"name" jsonschema:"title=Name"`
	Confirm bool   `json:"confirm" jsonschema:"title=Confirm"`
}

// MultiInput asks two questions at once (from two goroutines), so that
// both wait together and may be answered one at a time.
func MultiInput(ctx context.Context, _ NoArgs) (string, error) {
	var names [2]string
	errs := make(chan error, 2)
	for i := range names {
		sdk.Go(ctx, func() {
			answer, _, err := sdk.Elicit[NamedConfirmation](ctx, fmt.Sprintf("Question %d: your name?", i+1))
			names[i] = answer.Name
			errs <- err
		})
	}
	for range names {
		if err := <-errs; err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("Answered by %s and %s", names[0], names[1]), nil
}

// UserName is the answer test_tool_with_task asks for.
type UserName struct {
	Name string `json:"name" jsonschema:"title=Your name"`
}

// TestToolWithTask asks the person's name (in InputRequiredResult rounds,
// before any task exists) and then continues as a task that greets them.
func TestToolWithTask(ctx context.Context, _ NoArgs) (string, error) {
	who, action, err := sdk.Elicit[UserName](ctx, "What is your name?", &sdk.AskOptions{Key: "user_name"})
	if err != nil {
		return "", err
	}
	if action != sdk.ActionAccept {
		return "No name given, so nobody was greeted.", nil
	}
	if err := sdk.ContinueAsTask(ctx); err != nil {
		return "", err
	}
	return fmt.Sprintf("Hello, %s! (greeted by a task)", who.Name), nil
}
