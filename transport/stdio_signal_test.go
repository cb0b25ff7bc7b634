//go:build linux

package transport_test

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"github.com/mcpdev/mcpdev/internal/pipewait"
	"github.com/mcpdev/mcpdev/internal/testutil"
)

// A process reading its real stdin (a pipe the parent keeps open) stops
// reading when its context is cancelled on SIGTERM, and exits 0. The
// parent sends part of a line and waits until the child has read it, so
// the child is inside a read waiting for the rest when the signal comes.
// The bound is the test's own timeout.
func TestStdioCloseInterruptsRead(t *testing.T) {
	stdinR, stdinW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdinW.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "MCPDEV_TRANSPORT_HELPER=stdio-cancel")
	cmd.Stdin = stdinR
	var stderr testutil.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stdinR.Close()
	out := bufio.NewReader(stdout)
	io.WriteString(stdinW, `{"jsonrpc":"2.0","id":1,"method":"hello"}`+"\n")
	if line, err := out.ReadString('\n'); err != nil || strings.TrimSpace(line) != `{"jsonrpc":"2.0","id":1,"result":{"method":"hello"}}` {
		t.Fatalf("answer = %q, %v; stderr:\n%s", line, err, stderr.String())
	}
	io.WriteString(stdinW, `{"jsonrpc":"2.0","id":2,`)
	if err := pipewait.Drained(context.Background(), stdinW); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	rest, _ := io.ReadAll(out)
	if err := cmd.Wait(); err != nil || !strings.Contains(stderr.String(), "helper: closed") {
		t.Errorf("exit: %v, want 0 after the connection closed; stderr:\n%s", err, stderr.String())
	}
	if len(rest) != 0 {
		t.Errorf("after the signal the child wrote %q; the fragment should be dropped", rest)
	}
}
