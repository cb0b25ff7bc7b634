package proxy

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// StdioOptions configure the stdio shim.
type StdioOptions struct {
	Command []string // the server's command line
	Label   string   // names the session in mcpdev sessions (default: the command's base name)
	Dir     string   // where sessions are saved (default: SessionsDir())
	Redact  Redaction
}

// RunStdio runs the server's command with its stdin, stdout and stderr
// joined to the given streams, byte for byte, recording every frame. It
// returns the server's exit status (128+N when signal N ended it) when the
// server exits; stdin closing closes the server's stdin, and SIGINT,
// SIGTERM and SIGHUP are passed on. Recording never fails the run: a
// recorder that cannot write says so once on stderr.
func RunStdio(ctx context.Context, o StdioOptions, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	if len(o.Command) == 0 {
		return 2, errors.New("proxy: no server command (mcpdev proxy -- CMD ARGS…)")
	}
	cmd := exec.Command(o.Command[0], o.Command[1:]...)
	toServer, err := cmd.StdinPipe()
	if err != nil {
		return 1, err
	}
	fromServer, err := cmd.StdoutPipe()
	if err != nil {
		return 1, err
	}
	serverErr, err := cmd.StderrPipe()
	if err != nil {
		return 1, err
	}
	if err := cmd.Start(); err != nil {
		return 127, fmt.Errorf("proxy: start %s: %w", o.Command[0], err)
	}
	rec := NewRecorder(dirOr(o.Dir), newHeader("stdio", o.Label, o.Command), stderr)
	rec.redact = o.Redact

	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sigs)
	go func() {
		for {
			select {
			case s := <-sigs:
				_ = cmd.Process.Signal(s)
			case <-ctx.Done():
				_ = cmd.Process.Signal(syscall.SIGTERM)
				return
			}
		}
	}()

	go func() {
		pump(stdin, toServer, rec.Tap(ClientToServer))
		toServer.Close() // the client closed: so does the server's stdin
	}()
	var out sync.WaitGroup
	out.Add(2)
	go func() { defer out.Done(); pump(fromServer, stdout, rec.Tap(ServerToClient)) }()
	go func() { defer out.Done(); pump(serverErr, stderr, rec.Tap(ServerStderr)) }()
	out.Wait()
	werr := cmd.Wait()
	code := exitStatus(cmd, werr)
	end := End{Time: time.Now(), Exit: code}
	if err := rec.Close(end); err != nil {
		_ = err // said once already, on stderr
	}
	return code, nil
}

// pump copies src to dst as bytes arrive (never waiting for a newline):
// one read and one write a chunk, through one buffer. Each chunk, stamped
// when it arrived (before the peer can see it, so a request is stamped
// before its answer), is copied to the recorder's tap (nil: not
// recording), which cuts it into frames off this path. A dst that fails
// (the client went away) stops the copy; the rest of src is still read
// and recorded so the server is not blocked on a full pipe.
func pump(src io.Reader, dst io.Writer, tap *tap) {
	buf := make([]byte, 64<<10)
	dstOK := true
	for {
		n, err := src.Read(buf)
		if n > 0 {
			t := now()
			if dstOK {
				if _, werr := dst.Write(buf[:n]); werr != nil {
					dstOK = false
				}
			}
			if tap != nil {
				tap.add(buf[:n], t)
			}
		}
		if err != nil {
			if tap != nil {
				tap.close(now())
			}
			return
		}
	}
}

// exitStatus is the server's exit code, or 128+N for signal N.
func exitStatus(cmd *exec.Cmd, err error) int {
	st := cmd.ProcessState
	if st == nil {
		return 1
	}
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return st.ExitCode()
}
