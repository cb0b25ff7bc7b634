//go:build linux

package sdk_test

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"github.com/mcpdev/mcpdev/internal/pipewait"
	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
)

// A server run with Server.Run on its real stdin stops on SIGTERM or
// SIGINT although the client keeps stdin open: the call in flight sees
// its context cancelled, and the process exits 0 instead of being killed
// by the signal or hanging in its read of stdin. Before the signal the
// client sends part of a line and waits until the server has read it, so
// the server is inside a read waiting for the rest. The bound is the
// test's own timeout.
func TestStdioServerStopsOnSignal(t *testing.T) {
	bin := buildStdioServer(t)
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd := exec.Command(bin)
			stdinR, stdin, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer stdin.Close() // open until the server has exited
			cmd.Stdin = stdinR
			stdout, _ := cmd.StdoutPipe()
			stderrR, stderrW, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			defer stderrR.Close()
			cmd.Stderr = stderrW
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			stderrW.Close()
			stdinR.Close()
			var stderr testutil.Buffer
			started := make(chan struct{})
			stderrDone := make(chan struct{})
			go func() {
				defer close(stderrDone)
				sc := bufio.NewScanner(stderrR)
				for sc.Scan() {
					stderr.Write([]byte(sc.Text() + "\n"))
					if sc.Text() == "wait: started" {
						close(started)
					}
				}
			}()

			io.WriteString(stdin, initMsg(sdk.LatestLegacyVersion)+"\n"+
				`{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n"+
				`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"wait","arguments":{}}}`+"\n")
			out := bufio.NewReader(stdout)
			if line, err := out.ReadString('\n'); err != nil || !strings.Contains(line, `"protocolVersion"`) {
				t.Fatalf("initialize: %q %v", line, err)
			}
			select {
			case <-started:
			case <-stderrDone:
				t.Fatalf("server's stderr ended before the call started:\n%s", stderr.String())
			}

			io.WriteString(stdin, `{"jsonrpc":"2.0","id":3,"method":`)
			if err := pipewait.Drained(testCtx(t), stdin); err != nil {
				t.Fatal(err)
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			// Nothing more on stdout: a cancelled call is not answered
			// once the server is shutting down, and the fragment is dropped.
			rest, err := io.ReadAll(out)
			if err != nil || len(rest) != 0 {
				t.Errorf("stdout after the signal: %q %v", rest, err)
			}
			<-stderrDone
			if err := cmd.Wait(); err != nil {
				t.Errorf("server exit: %v, want a clean exit; stderr:\n%s", err, stderr.String())
			}
			if !strings.Contains(stderr.String(), "wait: cancelled: context canceled") {
				t.Errorf("the call in flight was not cancelled; stderr:\n%s", stderr.String())
			}
			if strings.Contains(stderr.String(), "bad message") {
				t.Errorf("the fragment cut off by the shutdown was reported; stderr:\n%s", stderr.String())
			}
		})
	}
}
