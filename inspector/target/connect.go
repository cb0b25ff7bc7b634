package target

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/mcpdev/mcpdev/inspector/build"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/oauth"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// DefaultConnectTimeout bounds starting, reaching and initializing a server.
const DefaultConnectTimeout = 30 * time.Second

// Stage says how far a connection got.
type Stage string

const (
	StageBuild      Stage = "build"      // compiling a Go target
	StageStart      Stage = "start"      // starting the process / reaching the URL
	StageInitialize Stage = "initialize" // the MCP handshake
	StageSession    Stage = "session"    // after the handshake: the server went away
)

// ConnectError is a failed connection, with everything the doctor needs.
type ConnectError struct {
	Target   *Target
	Stage    Stage
	Err      error
	Timeout  time.Duration // the connect timeout, when it expired
	Stderr   []string      // the last lines the server wrote to stderr
	Noise    []string      // lines on stdout that were not JSON-RPC (their start, for long ones)
	WrongIDs []string      // ids of answers that matched no request sent (e.g. "1" for 1)
	SentIDs  []string      // ids of the requests sent, when there were WrongIDs
	Exited   bool          // the process had exited
	ExitCode int           // its exit code (-1: killed by a signal)
	Status   int           // HTTP status, when there was one
}

func (e *ConnectError) Error() string {
	return fmt.Sprintf("%s: %s: %s", e.Target.Name, e.Stage, Doctor(e).Summary)
}

func (e *ConnectError) Unwrap() error { return e.Err }

// AuthRequired reports an HTTP 401 or 403 answer, or a failed sign-in.
func (e *ConnectError) AuthRequired() bool { return e.Status == 401 || e.Status == 403 }

// Report is the doctor's explanation of the failure.
func (e *ConnectError) Report() string { return Doctor(e).String() }

// ConnectOptions configures Target.Connect; every field is optional.
type ConnectOptions struct {
	// Client configures the MCP client (hooks for logs, traffic, …).
	Client *sdk.ClientOptions
	// Timeout bounds the initialize handshake (not the build); default
	// DefaultConnectTimeout.
	Timeout time.Duration
	// OnStderr receives each line the server writes to stderr.
	OnStderr func(line string)
	// KeepLines is how many stderr lines are kept for the doctor (default 20).
	KeepLines int
	// OnStdoutNoise receives each line the server wrote to stdout that is
	// not JSON-RPC (mcpdev skips them; other clients may fail on them), as
	// received and cut to 1 KiB: StdoutNoiseWarning says it for a person.
	// Lines before the handshake arrive once it succeeded; when it fails,
	// the doctor reports them instead.
	OnStdoutNoise func(line string)
	// AuthOut is where signing in to an HTTP server prints its URL and
	// steps (nil: nowhere; the browser still opens unless --no-browser).
	AuthOut io.Writer
	// OnAuth is told what a sign-in does as it happens: the URL to open,
	// a browser that could not be opened, each step, and who is signed in
	// once a token came (for a view; never a token).
	OnAuth func(AuthEvent)
	// ConfigDir holds the saved sign-ins, in mcpdev/auth (default
	// os.UserConfigDir()).
	ConfigDir string
	// OnBuild is told when the build of a Go target starts (done false)
	// and ends (done true, whether it succeeded or not): a build from a
	// cold cache takes seconds, and a user should see why nothing happens.
	OnBuild func(done bool)
	// OnLink is told, for an HTTP server, when the server cannot be
	// reached (a request failed beneath JSON-RPC, the session's stream
	// broke), when it is reached again, and when it had forgotten the
	// session and a new one was opened (streamable.LinkEvent).
	OnLink func(streamable.LinkEvent)
}

// Connection is a live connection to a target's server.
type Connection struct {
	*sdk.Client
	Target *Target
	Binary string // the built binary, for Go targets
	// SignedIn is who the connection signed in as, for an HTTP server
	// that wanted OAuth (nil otherwise); later tokens come as OnAuth events.
	SignedIn *SignedIn
	proc     *transport.CommandConn
	auth     *oauth.Transport // an HTTP target's: Close ends its sign-in in progress
	stderr   *lineTail
	watch    *watchConn
}

// Connect builds the target if it is Go code, starts it and performs the
// MCP handshake. Any failure is a *ConnectError; pass it to Doctor.
func (t *Target) Connect(ctx context.Context, opts *ConnectOptions) (*Connection, error) {
	var o ConnectOptions
	if opts != nil {
		o = *opts
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultConnectTimeout
	}
	if o.KeepLines <= 0 {
		o.KeepLines = 20
	}
	if t.Kind == KindHTTP {
		return t.connectHTTP(ctx, &o)
	}
	c := &Connection{Target: t, stderr: newLineTail(o.KeepLines, o.OnStderr)}
	command, args := t.Command, t.Args
	if t.Kind == KindGo {
		bin, err := t.build(ctx, o.OnBuild)
		if err != nil {
			return nil, &ConnectError{Target: t, Stage: StageBuild, Err: err}
		}
		c.Binary, command, args = bin, bin, nil
	}
	proc, err := transport.Command(command, args, &transport.CommandOptions{Env: t.Env, Dir: t.Dir, Stderr: c.stderr, MaxMessageSize: t.maxMessageSize()})
	if err != nil {
		return nil, &ConnectError{Target: t, Stage: StageStart, Err: err}
	}
	c.proc = proc
	held := newHeldLines(o.OnStdoutNoise)
	c.watch = newWatchConn(proc, newLineTail(o.KeepLines, held.add))
	if err := c.handshake(ctx, &o); err != nil {
		return nil, err
	}
	held.release()
	return c, nil
}

// build compiles a Go target, telling onBuild (if set) around it.
func (t *Target) build(ctx context.Context, onBuild func(done bool)) (string, error) {
	if onBuild != nil {
		onBuild(false)
		defer onBuild(true)
	}
	return build.Binary(ctx, t.GoPath, t.BuildCache)
}

func (c *Connection) handshake(ctx context.Context, o *ConnectOptions) error {
	hctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	client, err := sdk.Connect(hctx, c.watch, c.Target.clientOptions(o.Client, o.Timeout))
	if err == nil {
		c.Client = client
		return nil
	}
	// A deadline means the server was alive but silent (had it exited, its
	// stdout would have ended first); sdk.Connect has closed its stdin since.
	timedOut := errors.Is(err, context.DeadlineExceeded)
	ce := c.failure(StageInitialize, err, !timedOut)
	if timedOut && ctx.Err() == nil {
		ce.Timeout = o.Timeout
	}
	return ce
}

// failure collects what the doctor needs and stops the process. With
// waitExit, it first gives the process a moment to finish exiting.
func (c *Connection) failure(stage Stage, err error, waitExit bool) *ConnectError {
	ce := &ConnectError{Target: c.Target, Stage: stage, Err: err}
	if waitExit {
		select {
		case <-c.proc.Exited():
		case <-time.After(2 * time.Second):
		}
		ce.Exited, ce.ExitCode = c.ExitState()
	}
	c.proc.Close()
	ce.Stderr, ce.Noise = c.Stderr(), c.StdoutNoise()
	ce.WrongIDs, ce.SentIDs = c.watch.wrongIDs()
	return ce
}

// Explain turns an error from a request into a *ConnectError when the
// server went away (so the doctor can tell why); other errors pass through.
func (c *Connection) Explain(err error) error {
	if err == nil || !errors.Is(err, sdk.ErrConnectionClosed) || c.proc == nil {
		return err
	}
	return c.failure(StageSession, err, true)
}

// Diagnose explains why a live connection ended (after Client.Done is
// closed): the server's exit code, its stderr, stray stdout lines.
func (c *Connection) Diagnose(err error) *Report {
	if c.proc != nil {
		return Doctor(c.failure(StageSession, err, true))
	}
	r := Doctor(err)
	if r == nil {
		return nil
	}
	r.Lost = true
	if c.Target != nil {
		r.Target = c.Target.Name
	}
	return r
}

// Transport names how the connection reaches its server: "stdio",
// "streamable http", or "in-memory" for a Connection built around a client
// (no Target).
func (c *Connection) Transport() string {
	switch {
	case c.Target == nil:
		return "in-memory"
	case c.Target.Kind == KindHTTP:
		return "streamable http"
	}
	return "stdio"
}

// Stderr returns the last lines the server wrote to stderr.
func (c *Connection) Stderr() []string {
	if c.stderr == nil {
		return nil
	}
	return c.stderr.Lines()
}

// StdoutNoise returns the last lines on stdout that were not JSON-RPC.
func (c *Connection) StdoutNoise() []string {
	if c.watch == nil {
		return nil
	}
	return c.watch.noise.Lines()
}

// ExitState reports whether the server process has exited, and its code.
func (c *Connection) ExitState() (exited bool, code int) {
	if c.proc == nil {
		return false, 0
	}
	select {
	case <-c.proc.Exited():
		return true, c.proc.ExitCode()
	default:
		return false, 0
	}
}

// Close ends the session and stops the server; for an HTTP server, it
// also ends a sign-in waiting for the browser (its redirect listener).
func (c *Connection) Close() error {
	if c.auth != nil {
		c.auth.Close()
	}
	if c.Client != nil {
		return c.Client.Close()
	}
	if c.proc != nil {
		return c.proc.Close()
	}
	return nil
}
