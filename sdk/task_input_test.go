package sdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
)

type pickArgs struct {
	Name string `json:"name" jsonschema:"title=Name"`
}

// taskAskServer's tool ask_twice asks two questions at once, as a task.
func taskAskServer() *sdk.Server {
	s := sdk.NewServer("asks", nil)
	sdk.Tool(s, func(ctx context.Context, _ jobArgs) (string, error) {
		var got [2]string
		errs := make(chan error, 2)
		for i := range got {
			sdk.Go(ctx, func() {
				a, _, err := sdk.Elicit[pickArgs](ctx, fmt.Sprintf("name %d?", i+1), &sdk.AskOptions{Key: fmt.Sprintf("q%d", i+1)})
				got[i] = a.Name
				errs <- err
			})
		}
		for range got {
			if err := <-errs; err != nil {
				return "", err
			}
		}
		return got[0] + "+" + got[1], nil
	}, &sdk.ToolOptions{Name: "ask_twice", Description: "Asks two names at once.", TaskSupport: sdk.TaskOptional})
	return s
}

func accept(name string) json.RawMessage {
	return json.RawMessage(fmt.Sprintf(`{"action":"accept","content":{"name":%q}}`, name))
}

// A 2026-07-28 task whose tool asks the client waits in input_required,
// listing its questions; tasks/update answers them one at a time (the
// task stays input_required while one is left, an answer to no question
// is ignored) and the task then completes with the answers.
func TestTaskAsksForInput(t *testing.T) {
	for _, via := range transports {
		t.Run(via, func(t *testing.T) {
			// (the hook declares elicitation; tasks/get never calls it)
			c := connectViaOpts(t, taskAskServer(), via, &sdk.ClientOptions{ProtocolVersion: sdk.Version2026, OnElicit: func(context.Context, *sdk.ElicitParams) (*sdk.ElicitResult, error) {
				return nil, errors.New("not asked through the hook")
			}}, nil)
			task := mustTask(t, c, "ask_twice")
			waitInput := func(n int) *sdk.Task {
				t.Helper()
				for {
					got, err := c.GetTask(testCtx(t), task.TaskID)
					if err != nil {
						t.Fatal(err)
					}
					if got.Status == sdk.TaskInputRequired && len(got.InputRequests) == n {
						return got
					}
					if got.Status.Terminal() {
						t.Fatalf("task ended before asking: %+v", got)
					}
					time.Sleep(5 * time.Millisecond) // polling, not an assertion
				}
			}
			got := waitInput(2)
			var req sdk.InputRequest
			if err := json.Unmarshal(got.InputRequests["q1"], &req); err != nil || req.Method != "elicitation/create" {
				t.Fatalf("inputRequests[q1] = %s (%v), want an elicitation/create", got.InputRequests["q1"], err)
			}
			if err := c.UpdateTask(testCtx(t), task.TaskID, map[string]any{"q1": accept("ann"), "unasked": accept("x")}); err != nil {
				t.Fatal(err)
			}
			got = waitInput(1)
			if _, left := got.InputRequests["q2"]; !left {
				t.Fatalf("after answering q1, inputRequests = %v, want q2 left", got.InputRequests)
			}
			if err := c.UpdateTask(testCtx(t), task.TaskID, map[string]any{"q2": accept("bob")}); err != nil {
				t.Fatal(err)
			}
			res, err := c.WaitTask(testCtx(t), task.TaskID)
			if err != nil || texts(res) != "ann+bob" {
				t.Errorf("WaitTask = %+v, %v; want ann+bob", res, err)
			}
		})
	}
}

// WaitTask answers a task's questions with the client's hooks, so a caller
// sees one call.
func TestWaitTaskAnswersWithHooks(t *testing.T) {
	n := 0
	opts := &sdk.ClientOptions{ProtocolVersion: sdk.Version2026, OnElicit: func(ctx context.Context, p *sdk.ElicitParams) (*sdk.ElicitResult, error) {
		n++
		return &sdk.ElicitResult{Action: sdk.ActionAccept, Content: json.RawMessage(fmt.Sprintf(`{"name":"n%d"}`, n))}, nil
	}}
	c := memClient(t, taskAskServer(), sdk.Version2026, opts)
	task := mustTask(t, c, "ask_twice")
	res, err := c.WaitTask(testCtx(t), task.TaskID)
	if err != nil || (texts(res) != "n1+n2" && texts(res) != "n2+n1") {
		t.Errorf("WaitTask = %+v, %v; want the hooks' two names", res, err)
	}
}
