package sdk_test

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
)

// WatchTask waits for a task as WaitTask does and shows each change of its
// status (and status message) on the way, for a progress display.
func ExampleClient_WatchTask() {
	release := make(chan struct{})
	s := sdk.NewServer("CI", &sdk.ServerOptions{TaskPollInterval: 10 * time.Millisecond})
	sdk.Tool(s, func(ctx context.Context, a BuildArgs) (string, error) {
		select {
		case <-release: // the build takes until the example has seen it work
			return "built " + a.Target, nil
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}, &sdk.ToolOptions{Name: "build", TaskSupport: sdk.TaskRequired})

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
	res, err := c.WatchTask(ctx, task.TaskID, func(t *sdk.Task) {
		fmt.Println("status:", t.Status)
		if t.Status == sdk.TaskWorking {
			close(release)
		}
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("result:", res.Content[0].Text)
	// Output:
	// status: working
	// status: completed
	// result: built release
}
