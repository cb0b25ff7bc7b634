package sdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
)

// deferServer's tool book asks whom it books for (in InputRequiredResult
// rounds), then continues as a task that waits for gate. sloppy asks,
// ignores that the answer is missing and tries to continue as a task.
func deferServer(gate chan struct{}) *sdk.Server {
	s := sdk.NewServer("defer", nil)
	sdk.Tool(s, func(ctx context.Context, _ noArgs) (string, error) {
		who, _, err := sdk.Elicit[pickArgs](ctx, "For whom?", &sdk.AskOptions{Key: "who"})
		if err != nil {
			return "", err
		}
		if err := sdk.ContinueAsTask(ctx); err != nil {
			return "", err
		}
		select {
		case <-gate:
			return "booked for " + who.Name, nil
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}, &sdk.ToolOptions{Name: "book", Description: "Books, as a task once it knows for whom.", TaskSupport: sdk.TaskOptional, DeferTask: true})
	sdk.Tool(s, func(ctx context.Context, _ noArgs) (string, error) {
		_, _, _ = sdk.Elicit[pickArgs](ctx, "Who?", &sdk.AskOptions{Key: "who"})
		return "ran on", sdk.ContinueAsTask(ctx)
	}, &sdk.ToolOptions{Name: "sloppy", Description: "Continues as a task too early.", TaskSupport: sdk.TaskOptional, DeferTask: true})
	return s
}

// taskCaps is the _meta of a stateless request whose client answers
// elicitation and takes tasks.
var taskCaps = map[string]any{sdk.MetaClientCapabilities: map[string]any{
	"elicitation": map[string]any{}, "extensions": map[string]any{sdk.TasksExtension: map[string]any{}}}}

// callBook sends tools/call book as it is, returning the raw result.
func callBook(t *testing.T, c *sdk.Client, name string, extra map[string]any) map[string]json.RawMessage {
	t.Helper()
	params := map[string]any{"name": name, "arguments": map[string]any{}, "_meta": taskCaps}
	for k, v := range extra {
		params[k] = v
	}
	var res map[string]json.RawMessage
	if err := c.Call(testCtx(t), "tools/call", params, &res); err != nil {
		t.Fatalf("tools/call %s: %v", name, err)
	}
	return res
}

// A DeferTask tool asks in InputRequiredResult rounds (no task yet), and
// the round that brings the answer is answered with the task (no
// requestState, no inputRequests); the task runs on after the request
// ended and completes with the answer: over every transport.
func TestTaskAfterInputRounds(t *testing.T) {
	for _, via := range transports {
		t.Run(via, func(t *testing.T) {
			gate := make(chan struct{})
			c := connectVia(t, deferServer(gate), via, sdk.Version2026, nil)
			r1 := callBook(t, c, "book", nil)
			if string(r1["resultType"]) != `"input_required"` || r1["taskId"] != nil || r1["inputRequests"] == nil {
				t.Fatalf("round 1 = %s, want an InputRequiredResult without taskId", toJSON(t, r1))
			}
			var state string
			_ = json.Unmarshal(r1["requestState"], &state)
			r2 := callBook(t, c, "book", map[string]any{"requestState": state,
				"inputResponses": map[string]any{"who": accept("ann")}})
			var taskID string
			_ = json.Unmarshal(r2["taskId"], &taskID)
			if string(r2["resultType"]) != `"task"` || taskID == "" || r2["requestState"] != nil || r2["inputRequests"] != nil {
				t.Fatalf("round 2 = %s, want a CreateTaskResult without requestState", toJSON(t, r2))
			}
			got, err := c.GetTask(testCtx(t), taskID)
			if err != nil || got.Status != sdk.TaskWorking {
				t.Fatalf("GetTask after the request ended = %+v, %v; want working", got, err)
			}
			close(gate)
			res, err := c.WaitTask(testCtx(t), taskID)
			if err != nil || texts(res) != "booked for ann" {
				t.Errorf("WaitTask = %+v, %v; want booked for ann", res, err)
			}
		})
	}
}

// CallToolTask answers the rounds before the task with the client's hooks
// and returns the task the last round became.
func TestCallToolTaskAnswersRoundsFirst(t *testing.T) {
	gate := make(chan struct{})
	close(gate)
	asked := 0
	opts := &sdk.ClientOptions{OnElicit: func(context.Context, *sdk.ElicitParams) (*sdk.ElicitResult, error) {
		asked++
		return &sdk.ElicitResult{Action: sdk.ActionAccept, Content: json.RawMessage(`{"name":"bob"}`)}, nil
	}}
	c := memClient(t, deferServer(gate), sdk.Version2026, opts)
	task, res, err := c.CallToolTask(testCtx(t), "book", nil, nil)
	if err != nil || task == nil {
		t.Fatalf("CallToolTask = %+v, %+v, %v; want a task", task, res, err)
	}
	out, err := c.WaitTask(testCtx(t), task.TaskID)
	if err != nil || texts(out) != "booked for bob" || asked != 1 {
		t.Errorf("WaitTask = %+v, %v (asked %d times); want booked for bob, asked once", out, err, asked)
	}
}

// Where the call cannot become a task (a session, or a stateless client
// without the tasks extension), ContinueAsTask does nothing and the call
// runs on to its result; a 2025-11-25 task call is a task from its start.
func TestContinueAsTaskElsewhereRunsOn(t *testing.T) {
	gate := make(chan struct{})
	close(gate)
	hook := &sdk.ClientOptions{OnElicit: func(context.Context, *sdk.ElicitParams) (*sdk.ElicitResult, error) {
		return &sdk.ElicitResult{Action: sdk.ActionAccept, Content: json.RawMessage(`{"name":"cy"}`)}, nil
	}}
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			c := memClient(t, deferServer(gate), era.version, hook)
			res, err := c.CallTool(testCtx(t), "book", nil, nil)
			if err != nil || texts(res) != "booked for cy" {
				t.Errorf("CallTool = %+v, %v; want booked for cy at once", res, err)
			}
		})
	}
	c := memClient(t, deferServer(gate), sdk.LatestLegacyVersion, hook)
	task, _, err := c.CallToolTask(testCtx(t), "book", nil, nil)
	if err != nil || task == nil {
		t.Fatalf("legacy CallToolTask = %+v, %v; want a task from the start", task, err)
	}
	if res, err := c.WaitTask(testCtx(t), task.TaskID); err != nil || texts(res) != "booked for cy" {
		t.Errorf("WaitTask = %+v, %v; want booked for cy", res, err)
	}
}

// ContinueAsTask with a question of the round unanswered does not make a
// task: it returns ErrInputRequired, and the call asks first.
func TestContinueAsTaskWaitsForAnswers(t *testing.T) {
	c := memClient(t, deferServer(nil), sdk.Version2026, nil)
	r := callBook(t, c, "sloppy", nil)
	if string(r["resultType"]) != `"input_required"` || r["taskId"] != nil {
		t.Errorf("sloppy = %s, want an InputRequiredResult", toJSON(t, r))
	}
}

// DeferTask on a tool that never runs as a task is refused when it is
// registered; ContinueAsTask outside a handler is ErrNotInCall.
func TestDeferTaskNeedsTaskSupport(t *testing.T) {
	_, err := sdk.NewTool(func(ctx context.Context, _ noArgs) (string, error) { return "", nil },
		&sdk.ToolOptions{Name: "t", Description: "d", DeferTask: true})
	if err == nil || !strings.Contains(err.Error(), "DeferTask needs TaskSupport") {
		t.Errorf("NewTool with DeferTask alone = %v, want an error naming TaskSupport", err)
	}
	if err := sdk.ContinueAsTask(context.Background()); !errors.Is(err, sdk.ErrNotInCall) {
		t.Errorf("ContinueAsTask outside a call = %v, want ErrNotInCall", err)
	}
}
