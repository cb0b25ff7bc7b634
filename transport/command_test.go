package transport_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/transport"
)

// runHelper is the child side of the subprocess tests (see TestMain).
func runHelper(mode string) int {
	ctx := context.Background()
	switch mode {
	case "echo", "stdio":
		var conn transport.Conn
		if mode == "stdio" {
			conn = transport.NewStdio(nil)
			// Strays that must not reach the protocol stream.
			fmt.Println("stray fmt.Println")
			os.Stdout.WriteString("stray os.Stdout\n")
			if sh, err := exec.LookPath("sh"); err == nil {
				c := exec.Command(sh, "-c", "echo stray from a child process")
				c.Stdout = os.Stdout
				_ = c.Run()
			}
		} else {
			conn = transport.NewStream(os.Stdin, os.Stdout, nil)
		}
		fmt.Fprintln(os.Stderr, "helper: started")
		return echo(ctx, conn)
	case "stdio-cancel":
		return stdioCancel()
	case "stdio-reopen":
		return stdioReopen()
	case "exit3":
		conn := transport.NewStream(os.Stdin, os.Stdout, nil)
		_, _ = conn.Read(ctx)
		return 3
	case "burst":
		// Writes many messages and exits at once: none may be lost.
		conn := transport.NewStream(os.Stdin, os.Stdout, nil)
		for i := int64(1); i <= burstSize; i++ {
			m, _ := transport.NewNotification("n", map[string]int64{"i": i})
			_ = conn.Write(ctx, m)
		}
		return 0
	case "stubborn":
		// Ignores stdin closing: Close must kill it.
		fmt.Fprintln(os.Stderr, "helper: stubborn")
		time.Sleep(time.Hour)
		return 0
	}
	fmt.Fprintln(os.Stderr, "unknown helper mode", mode)
	return 2
}

// echo answers every request with its own params as the result, and every
// bad frame with the decode error, until EOF.
func echo(ctx context.Context, conn transport.Conn) int {
	for {
		m, err := conn.Read(ctx)
		var de *transport.DecodeError
		switch {
		case errors.As(err, &de):
			var id []byte
			if de.Msg != nil {
				id = de.Msg.ID
			}
			_ = conn.Write(ctx, transport.NewErrorResponse(id, de.Err))
			continue
		case errors.Is(err, io.EOF):
			return 0
		case err != nil:
			fmt.Fprintln(os.Stderr, "helper:", err)
			return 1
		}
		if m.IsRequest() {
			params := m.Params
			if params == nil {
				params = []byte("{}")
			}
			resp, _ := transport.NewResult(m.ID, params)
			_ = conn.Write(ctx, resp)
		}
	}
}

// helperCommand starts this test binary as a helper in the given mode.
func helperCommand(t *testing.T, mode string, opts *transport.CommandOptions) *transport.CommandConn {
	t.Helper()
	if opts == nil {
		opts = &transport.CommandOptions{}
	}
	opts.Env = append(opts.Env, "MCPDEV_TRANSPORT_HELPER="+mode)
	c, err := transport.Command(os.Args[0], []string{"-test.run=^$"}, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func TestCommandRoundTrip(t *testing.T) {
	var stderr testutil.Buffer
	c := helperCommand(t, "echo", &transport.CommandOptions{Stderr: &stderr})
	ctx := context.Background()
	for i := int64(1); i <= 3; i++ {
		req, _ := transport.NewRequest(i, "echo", map[string]int64{"n": i})
		if err := c.Write(ctx, req); err != nil {
			t.Fatal(err)
		}
		resp, err := c.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := string(resp.ID), fmt.Sprint(i); got != want {
			t.Errorf("id = %s, want %s", got, want)
		}
		if got, want := string(resp.Result), fmt.Sprintf(`{"n":%d}`, i); got != want {
			t.Errorf("result = %s, want %s", got, want)
		}
	}
	if c.ExitCode() != -1 {
		t.Errorf("ExitCode while running = %d, want -1", c.ExitCode())
	}
	if c.Process() == nil || c.Process().Pid <= 0 {
		t.Error("Process() has no pid")
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	<-c.Exited()
	if c.ExitCode() != 0 || c.ExitErr() != nil {
		t.Errorf("exit = %d (%v), want 0", c.ExitCode(), c.ExitErr())
	}
	if !strings.Contains(stderr.String(), "helper: started") {
		t.Errorf("stderr = %q, want the helper's start line", stderr.String())
	}
	if _, err := c.Read(ctx); !errors.Is(err, transport.ErrClosed) {
		t.Errorf("Read after Close = %v, want ErrClosed", err)
	}
}

func TestCommandExitCode(t *testing.T) {
	c := helperCommand(t, "exit3", nil)
	req, _ := transport.NewRequest(1, "x", nil)
	if err := c.Write(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	<-c.Exited()
	if got := c.ExitCode(); got != 3 {
		t.Errorf("ExitCode = %d, want 3", got)
	}
	var ee *exec.ExitError
	if !errors.As(c.ExitErr(), &ee) {
		t.Errorf("ExitErr = %v, want an *exec.ExitError", c.ExitErr())
	}
	if _, err := c.Read(context.Background()); !errors.Is(err, io.EOF) {
		t.Errorf("Read after exit = %v, want io.EOF", err)
	}
}

const burstSize = 500

// A process that writes and exits at once: every message it wrote is read,
// then io.EOF (the pipe is not closed under the reader when it exits).
func TestCommandReadsEverythingAfterExit(t *testing.T) {
	c := helperCommand(t, "burst", nil)
	<-c.Exited()
	ctx := context.Background()
	for i := 1; i <= burstSize; i++ {
		m, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
		if got, want := string(m.Params), fmt.Sprintf(`{"i":%d}`, i); got != want {
			t.Fatalf("message %d params = %s, want %s", i, got, want)
		}
	}
	if _, err := c.Read(ctx); !errors.Is(err, io.EOF) {
		t.Errorf("Read after the last message = %v, want io.EOF", err)
	}
}

// Close kills a process that does not exit when its stdin closes.
func TestCommandCloseKillsStubbornProcess(t *testing.T) {
	var stderr testutil.Buffer
	c := helperCommand(t, "stubborn", &transport.CommandOptions{Stderr: &stderr, CloseTimeout: 50 * time.Millisecond})
	for !strings.Contains(stderr.String(), "stubborn") {
		select {
		case <-c.Exited():
			t.Fatalf("helper exited early: %v; stderr %q", c.ExitErr(), stderr.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	c.Close()
	<-c.Exited()
	if c.ExitErr() == nil {
		t.Error("ExitErr = nil, want the kill")
	}
}

func TestCommandStartError(t *testing.T) {
	_, err := transport.Command("/nonexistent/mcpdev-no-such-binary", nil, nil)
	if err == nil || !strings.Contains(err.Error(), "start") {
		t.Errorf("Command(nonexistent) = %v, want a start error", err)
	}
}

// The stdio server transport keeps the protocol stream clean: whatever the
// process prints on stdout — fmt.Println, os.Stdout, a child process —
// goes to stderr.
func TestStdioProtectsStdout(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "MCPDEV_TRANSPORT_HELPER=stdio")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Stdin = strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"a","params":{"x":1}}` + "\n" + `not json` + "\n" + `{"jsonrpc":"2.0","id":2,"method":"b"}` + "\n")
	if err := cmd.Run(); err != nil {
		t.Fatalf("helper: %v\n%s", err, stderr.String())
	}
	want := `{"jsonrpc":"2.0","id":1,"result":{"x":1}}` + "\n" +
		`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: invalid JSON"}}` + "\n" +
		`{"jsonrpc":"2.0","id":2,"result":{}}` + "\n"
	if d := diff(want, stdout.String()); d != "" {
		t.Errorf("stdout (-want +got):\n%s", d)
	}
	for _, s := range []string{"stray fmt.Println", "stray os.Stdout", "stray from a child process"} {
		if !strings.Contains(stderr.String(), s) {
			t.Errorf("stderr lacks %q:\n%s", s, stderr.String())
		}
	}
}
