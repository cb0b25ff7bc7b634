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
