package inspector

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
)

// DevEventKind says what a DevEvent reports.
type DevEventKind int

const (
	// DevChanged: relevant files changed; a rebuild (Go) or restart starts.
	DevChanged DevEventKind = iota + 1
	// DevBuildFailed: the new code does not build; the old server keeps
	// serving. Build holds the compiler's file:line: messages.
	DevBuildFailed
	// DevUnchanged: the code built to the binary already running (a save
	// without a change): nothing to restart.
	DevUnchanged
	// DevReady: a new binary is built (or a watched file changed): restart
	// now. Only without DevOptions.Manage; with it, the loop restarts.
	DevReady
	// DevRestarted: (Manage) the new server is up, its tools listed; Diff
	// says what changed. The old server has been stopped.
	DevRestarted
	// DevRestartFailed: (Manage) the new server did not start or list its
	// tools; Err says why (pass it to Doctor). The old one keeps serving.
	DevRestartFailed
)

func (k DevEventKind) String() string {
	return [...]string{"?", "changed", "build failed", "unchanged", "ready", "restarted", "restart failed"}[k]
}

// DevEvent is one step of the dev loop.
type DevEvent struct {
	Kind   DevEventKind
	Change Change
	Build  *BuildError // DevBuildFailed
	Binary string      // the new binary (Go targets)
	Tools  []sdk.ToolInfo
	Diff   ToolsDiff
	Err    error
	Took   time.Duration // from the reported change to this event
}

// DevOptions configures StartDevLoop; every field is optional.
type DevOptions struct {
	Watch WatchOptions
	// Manage makes the loop start the server and restart it after each
	// successful build (the CLI and tests). Without it the loop only
	// watches and builds, and a DevReady event asks the caller to restart.
	Manage bool
	// Connect configures the connections the loop makes (Manage).
	Connect *ConnectOptions
	// Timeout bounds tools/list after a restart (default DefaultTimeout).
	Timeout time.Duration
	// Binary is the binary already running, for a caller that built the
	// target itself (a save without a change then restarts nothing).
	Binary string
}

// DevLoop watches a target's sources, rebuilds in the background and
// restarts the server when the build succeeds. A failed build leaves the
// running server alone.
type DevLoop struct {
	target *Target
	opts   DevOptions
	w      *Watcher
	events chan DevEvent
	done   chan struct{}
	cancel context.CancelFunc

	mu     sync.Mutex
	conn   *Connection
	tools  []sdk.ToolInfo
	binary string

	builds   atomic.Int64
	restarts atomic.Int64
}

// StartDevLoop starts watching t (and, with Manage, its server). Read the
// events from Events; Close stops everything.
func StartDevLoop(ctx context.Context, t *Target, opts *DevOptions) (*DevLoop, error) {
	var o DevOptions
	if opts != nil {
		o = *opts
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	ctx, cancel := context.WithCancel(ctx)
	d := &DevLoop{target: t, opts: o, events: make(chan DevEvent, 16), done: make(chan struct{}), cancel: cancel, binary: o.Binary}
	if o.Manage {
		if err := d.start(ctx); err != nil {
			cancel()
			return nil, err
		}
	}
	w, err := Watch(ctx, t, &o.Watch)
	if err != nil {
		d.closeConn()
		cancel()
		return nil, err
	}
	d.w = w
	go d.loop(ctx)
	return d, nil
}

func (d *DevLoop) start(ctx context.Context) error {
	conn, err := d.target.Connect(ctx, d.opts.Connect)
	if err != nil {
		return err
	}
	tools, err := ListTools(ctx, conn, d.opts.Timeout)
	if err != nil {
		conn.Close()
		return err
	}
	d.conn, d.tools, d.binary = conn, tools, conn.Binary
	return nil
}

// Events delivers what the loop does; it is closed by Close.
func (d *DevLoop) Events() <-chan DevEvent { return d.events }

// Conn is the live connection (Manage), the newest that started.
func (d *DevLoop) Conn() *Connection {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.conn
}

// Tools is the tool list of the live connection (Manage).
func (d *DevLoop) Tools() []sdk.ToolInfo {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.tools
}

// Builds counts rebuilds (one per debounced change of a Go target).
func (d *DevLoop) Builds() int { return int(d.builds.Load()) }

// Restarts counts successful restarts.
func (d *DevLoop) Restarts() int { return int(d.restarts.Load()) }

// Watcher is the file watcher, for what it watches and ignores.
func (d *DevLoop) Watcher() *Watcher { return d.w }

// Close stops watching and, with Manage, the server.
func (d *DevLoop) Close() error {
	d.cancel()
	d.w.Close()
	<-d.done
	return d.closeConn()
}

func (d *DevLoop) closeConn() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.conn == nil {
		return nil
	}
	err := d.conn.Close()
	d.conn = nil
	return err
}

func (d *DevLoop) loop(ctx context.Context) {
	defer close(d.done)
	defer close(d.events)
	for ch := range d.w.Changes() {
		d.handle(ctx, ch)
		if ctx.Err() != nil {
			return
		}
	}
}

func (d *DevLoop) emit(ctx context.Context, ev DevEvent) {
	select {
	case d.events <- ev:
	case <-ctx.Done():
	}
}

// handle rebuilds after one change and restarts when that succeeded.
func (d *DevLoop) handle(ctx context.Context, ch Change) {
	start := time.Now()
	d.emit(ctx, DevEvent{Kind: DevChanged, Change: ch})
	var bin string
	if d.target.Kind == KindGo {
		d.builds.Add(1)
		b, err := Build(ctx, d.target.GoPath, d.target.BuildCache)
		go d.w.Refresh(ctx) // new files, imports or embeds; off the restart's path
		if err != nil {
			d.emit(ctx, buildFailed(ch, err, time.Since(start)))
			return
		}
		d.mu.Lock()
		same := b == d.binary
		d.binary = b
		d.mu.Unlock()
		if same && !ch.Globbed {
			d.emit(ctx, DevEvent{Kind: DevUnchanged, Change: ch, Binary: b, Took: time.Since(start)})
			return
		}
		bin = b
	}
	if !d.opts.Manage {
		d.emit(ctx, DevEvent{Kind: DevReady, Change: ch, Binary: bin, Took: time.Since(start)})
		return
	}
	d.emit(ctx, d.restart(ctx, ch, bin, start))
}

func buildFailed(ch Change, err error, took time.Duration) DevEvent {
	ev := DevEvent{Kind: DevBuildFailed, Change: ch, Err: err, Took: took}
	errors.As(err, &ev.Build)
	return ev
}

// restart starts the new server before stopping the old one, so a server
// that fails to start leaves the old one serving.
func (d *DevLoop) restart(ctx context.Context, ch Change, bin string, start time.Time) DevEvent {
	t := d.target
	if bin != "" {
		t = t.WithBinary(bin)
	}
	conn, err := t.Connect(ctx, d.opts.Connect)
	if err != nil {
		return DevEvent{Kind: DevRestartFailed, Change: ch, Err: err, Took: time.Since(start)}
	}
	tools, err := ListTools(ctx, conn, d.opts.Timeout)
	if err != nil {
		conn.Close()
		return DevEvent{Kind: DevRestartFailed, Change: ch, Err: err, Took: time.Since(start)}
	}
	d.mu.Lock()
	old, before := d.conn, d.tools
	d.conn, d.tools = conn, tools
	d.mu.Unlock()
	if old != nil {
		old.Close()
	}
	d.restarts.Add(1)
	return DevEvent{Kind: DevRestarted, Change: ch, Binary: bin, Tools: tools, Diff: DiffTools(before, tools), Took: time.Since(start)}
}

// WithBinary is a copy of a Go target that runs an already built binary
// (same environment, directory and name) instead of building again.
func (t *Target) WithBinary(bin string) *Target {
	c := *t
	c.Kind, c.Command, c.Args, c.GoPath = KindCommand, bin, nil, ""
	return &c
}

// SetBinary tells the loop which binary is running (a caller that built the
// target itself), so that a save without a change restarts nothing.
func (d *DevLoop) SetBinary(bin string) {
	d.mu.Lock()
	d.binary = bin
	d.mu.Unlock()
}
