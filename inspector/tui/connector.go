package tui

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// Connector starts (or reaches) a server and performs initialize. The
// inspector calls Connect again to restart. The CLI's target resolver plugs
// in here, as does anything else that yields an *sdk.Client.
type Connector interface {
	// Connect returns a live connection. opts carries the inspector's
	// hooks (logs, list changes, traffic) and must be passed to sdk.Connect.
	Connect(ctx context.Context, opts *sdk.ClientOptions) (*Connection, error)
}

// Connection is a connected server as the inspector sees it.
type Connection struct {
	Client    *sdk.Client
	Transport string // "stdio", "streamable http", "in-memory", …
	// Stderr delivers the server's stderr, one line at a time; it is closed
	// when the server's stderr ends. Nil when there is none.
	Stderr <-chan string
	// Diagnose, when set, explains why the connection ended: the doctor's
	// report (exit code, stderr tail, what to try). It is called after
	// Client.Done is closed.
	Diagnose func(err error) string
	// Close releases the connection (stops the server). Nil means
	// Client.Close.
	Close func() error
}

func (c *Connection) close() error {
	if c.Close != nil {
		return c.Close()
	}
	return c.Client.Close()
}

// ConnectError is a failure to start or initialize a server, with the
// doctor's report when the connector has one.
type ConnectError struct {
	Err    error
	Report string
}

func (e *ConnectError) Error() string { return e.Err.Error() }
func (e *ConnectError) Unwrap() error { return e.Err }

// CommandConnector runs a stdio server: Name with Args, in Dir, with Env
// added to the environment.
type CommandConnector struct {
	Name string
	Args []string
	Env  []string
	Dir  string
	// MaxMessageSize is the longest message accepted from the server
	// (0: target.DefaultMaxMessageSize).
	MaxMessageSize int
}

// Connect starts the process and initializes it.
func (c *CommandConnector) Connect(ctx context.Context, opts *sdk.ClientOptions) (*Connection, error) {
	tail := newLineTail(40)
	lines := make(chan string, 256)
	pr, pw := io.Pipe()
	go tail.pump(pr, lines)
	limit := c.MaxMessageSize
	if limit <= 0 {
		limit = target.DefaultMaxMessageSize
	}
	conn, err := transport.Command(c.Name, c.Args, &transport.CommandOptions{Env: c.Env, Dir: c.Dir, Stderr: pw, MaxMessageSize: limit})
	if err != nil {
		pw.Close()
		return nil, &ConnectError{Err: err, Report: fmt.Sprintf("cannot start %s: %v\n\nCheck that the command exists and is executable.", c.Name, err)}
	}
	go func() { <-conn.Exited(); pw.Close() }()
	client, err := sdk.Connect(ctx, conn, opts)
	diagnose := func(err error) string { return diagnoseCommand(conn, tail, err) }
	if err != nil {
		conn.Close()
		return nil, &ConnectError{Err: err, Report: diagnose(err)}
	}
	return &Connection{Client: client, Transport: "stdio", Stderr: lines, Diagnose: diagnose}, nil
}

func diagnoseCommand(conn *transport.CommandConn, tail *lineTail, err error) string {
	var b strings.Builder
	select {
	case <-conn.Exited():
		fmt.Fprintf(&b, "The server exited with code %d.\n", conn.ExitCode())
	default:
		if err != nil {
			fmt.Fprintf(&b, "The connection ended: %v\n", err)
		}
	}
	if t := tail.String(); t != "" {
		fmt.Fprintf(&b, "\nLast lines of its stderr:\n%s\n", t)
	} else {
		b.WriteString("\nIt wrote nothing to stderr.\n")
	}
	return b.String()
}

// lineTail keeps the last n lines of a stream.
type lineTail struct {
	mu    sync.Mutex
	n     int
	lines []string
}

func newLineTail(n int) *lineTail { return &lineTail{n: n} }

// pump copies r's lines into the tail and onto out, closing out at EOF.
// A full out drops lines rather than block the server.
func (t *lineTail) pump(r io.Reader, out chan<- string) {
	defer close(out)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		line := sc.Text()
		t.add(line)
		select {
		case out <- line:
		default:
		}
	}
	io.Copy(io.Discard, r)
}

func (t *lineTail) add(line string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.lines = append(t.lines, line)
	if len(t.lines) > t.n {
		t.lines = t.lines[len(t.lines)-t.n:]
	}
}

func (t *lineTail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.Join(t.lines, "\n")
}
