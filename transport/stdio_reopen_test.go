package transport_test

import (
	"context"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/transport"
)

// A stdio connection closed while its read waits for stdin leaves the
// next input to the next connection of the process.
func TestStdioReopenAfterClose(t *testing.T) {
	var stderr testutil.Buffer
	c := helperCommand(t, "stdio-reopen", &transport.CommandOptions{Stderr: &stderr})
	ctx := context.Background()
	exchange := func(id int64, want string) {
		t.Helper()
		req, _ := transport.NewRequest(id, "which", nil)
		if err := c.Write(ctx, req); err != nil {
			t.Fatal(err)
		}
		resp, err := c.Read(ctx)
		if err != nil || string(resp.Result) != want {
			t.Fatalf("answer to %d = %+v, %v; want %s; stderr:\n%s", id, resp, err, want, stderr.String())
		}
	}
	exchange(1, `{"conn":"first"}`)
	// The first connection is closed and the second open before the
	// second request is sent.
	if m, err := c.Read(ctx); err != nil || m.Method != "reopened" {
		t.Fatalf("got %+v, %v; want the reopened notification; stderr:\n%s", m, err, stderr.String())
	}
	exchange(2, `{"conn":"second"}`)
	c.Close() // stdin EOF: the child exits
	<-c.Exited()
	if c.ExitCode() != 0 {
		t.Errorf("exit %d (%v), want 0; stderr:\n%s", c.ExitCode(), c.ExitErr(), stderr.String())
	}
}
