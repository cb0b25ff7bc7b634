package transport

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"
)

// CommandOptions configures Command.
type CommandOptions struct {
	Env            []string  // added to the current environment, "K=V"
	Dir            string    // working directory
	Stderr         io.Writer // receives the server's stderr; nil discards it
	MaxMessageSize int
	// CloseTimeout is how long Close waits for the process to exit after its
	// stdin is closed before it is killed (default 2s).
	CloseTimeout time.Duration
}

// CommandConn is a Conn to a spawned process speaking stdio.
type CommandConn struct {
	Conn
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	timeout time.Duration
	exited  chan struct{}
	waitErr error
	once    sync.Once
}

// Command starts name with args and returns a Conn over its stdin/stdout.
func Command(name string, args []string, opts *CommandOptions) (*CommandConn, error) {
	var o CommandOptions
	if opts != nil {
		o = *opts
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = o.Dir
	if len(o.Env) > 0 {
		cmd.Env = append(os.Environ(), o.Env...)
	}
	cmd.Stderr = o.Stderr
	setProcessGroup(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	// Our own pipe, not cmd.StdoutPipe: Wait closes that one as soon as the
	// process exits, losing the last responses a server wrote before exiting
	// (and failing Read with "file already closed" instead of io.EOF).
	stdout, stdoutW, err := os.Pipe()
	if err != nil {
		stdin.Close()
		return nil, err
	}
	cmd.Stdout = stdoutW
	err = cmd.Start()
	stdoutW.Close() // the child holds its own copy
	if err != nil {
		stdin.Close()
		stdout.Close()
		return nil, fmt.Errorf("transport: start %s: %w", name, err)
	}
	c := &CommandConn{cmd: cmd, stdin: stdin, timeout: o.CloseTimeout, exited: make(chan struct{})}
	if c.timeout <= 0 {
		c.timeout = 2 * time.Second
	}
	c.Conn = NewStream(stdout, stdin, &StreamOptions{MaxMessageSize: o.MaxMessageSize, Closer: stdout})
	go func() {
		c.waitErr = cmd.Wait()
		close(c.exited)
	}()
	return c, nil
}

// Process returns the running process.
func (c *CommandConn) Process() *os.Process { return c.cmd.Process }

// Exited is closed when the process has exited; ExitErr then tells how.
func (c *CommandConn) Exited() <-chan struct{} { return c.exited }

// ExitErr is the result of waiting for the process (nil for exit code 0).
// Valid once Exited is closed.
func (c *CommandConn) ExitErr() error { return c.waitErr }

// ExitCode returns the process's exit code, or -1 while it runs or if it was
// killed by a signal.
func (c *CommandConn) ExitCode() int {
	select {
	case <-c.exited:
		return c.cmd.ProcessState.ExitCode()
	default:
		return -1
	}
}

// Close closes the process's stdin, waits up to CloseTimeout for it to exit,
// then kills it (and its process group).
func (c *CommandConn) Close() error {
	c.once.Do(func() {
		c.stdin.Close()
		select {
		case <-c.exited:
		case <-time.After(c.timeout):
			killGroup(c.cmd)
			<-c.exited
		}
		c.Conn.Close()
	})
	return nil
}
