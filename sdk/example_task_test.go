package sdk_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
)

// BuildArgs names the build to run.
type BuildArgs struct {
	Target string `json:"target"`
}

// A tool declared task-capable may run as a task: the call returns a task
// at once, the tool works on, and the client polls the task and gets the
// tool's result when it ends. The same code works in both eras (the
// 2025-11-25 task param, the 2026-07-28 tasks extension).
func ExampleClient_CallToolTask() {
	s := sdk.NewServer("CI", &sdk.ServerOptions{TaskPollInterval: 10 * time.Millisecond})
	sdk.Tool(s, func(ctx context.Context, a BuildArgs) (string, error) {
		select {
		case <-time.After(20 * time.Millisecond): // a long build
			return "built " + a.Target, nil
		case <-ctx.Done(): // tasks/cancel, or the task's TTL ran out
			return "", ctx.Err()
		}
	}, &sdk.ToolOptions{Name: "build", Description: "Build a target.", TaskSupport: sdk.TaskOptional})

	ctx := context.Background()
	c, err := sdk.NewInMemoryClient(ctx, s, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	task, _, err := c.CallToolTask(ctx, "build", BuildArgs{Target: "release"}, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("task:", task.Status)
	res, err := c.WaitTask(ctx, task.TaskID) // polls tasks/get
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("result:", res.Content[0].Text)
	// Output:
	// task: working
	// result: built release
}

// Deploy is the answer the deploy tool asks for.
type Deploy struct {
	Environment string `json:"environment" jsonschema:"enum=staging,enum=production"`
}

// A tool declared with DeferTask asks its questions first (in the
// 2026 era as InputRequiredResult rounds, before any task exists)
// and becomes a task only when it calls ContinueAsTask: the round that
// brings the answers is answered with the task, and the handler runs on
// as it. CallToolTask answers the rounds with the client's hooks. Where
// the call cannot become a task (a session without the task param, a
// client without the tasks extension) ContinueAsTask does nothing and
// the same handler answers the call itself.
func ExampleContinueAsTask() {
	s := sdk.NewServer("CD", &sdk.ServerOptions{TaskPollInterval: 10 * time.Millisecond})
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		d, _, err := sdk.Elicit[Deploy](ctx, "Deploy where?")
		if err != nil {
			return "", err // ErrInputRequired: the client answers first
		}
		if err := sdk.ContinueAsTask(ctx); err != nil {
			return "", err
		}
		time.Sleep(20 * time.Millisecond) // the long part, as a task
		return "deployed to " + d.Environment, nil
	}, &sdk.ToolOptions{Name: "deploy", Description: "Deploy, once told where.", TaskSupport: sdk.TaskOptional, DeferTask: true})

	ctx := context.Background()
	c, err := sdk.NewInMemoryClient(ctx, s, &sdk.ClientOptions{
		ProtocolVersion: sdk.Version2026,
		OnElicit: func(ctx context.Context, p *sdk.ElicitParams) (*sdk.ElicitResult, error) {
			fmt.Println("asked:", p.Message)
			return &sdk.ElicitResult{Action: sdk.ActionAccept, Content: []byte(`{"environment":"staging"}`)}, nil
		},
	})
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	task, _, err := c.CallToolTask(ctx, "deploy", nil, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("task:", task.Status)
	res, err := c.WaitTask(ctx, task.TaskID)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("result:", res.Content[0].Text)
	// Output:
	// asked: Deploy where?
	// task: working
	// result: deployed to staging
}
