// Package devloop is mcpdev's dev loop: watch the sources, rebuild,
// restart the server, and report what changed in its tools.
package devloop

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpdev/mcpdev/inspector/build"
	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/inspector/watch"
	"github.com/mcpdev/mcpdev/sdk"
)

// EventKind says what an Event reports.
type EventKind int

const (
	// Changed: relevant files changed; a rebuild (Go) or restart starts.
	Changed EventKind = iota + 1
	// BuildFailed: the new code does not build; the old server keeps
	// serving. Build holds the compiler's file:line: messages.
	BuildFailed
	// Unchanged: the code built to the binary already running (a save
	// without a change): nothing to restart.
	Unchanged
	// Ready: a new binary is built (or a watched file changed): restart
	// now. Only without Options.Manage; with it, the loop restarts.
	Ready
	// Restarted: (Manage) the new server is up, its tools listed; Diff
	// says what changed. The old server has been stopped.
	Restarted
	// RestartFailed: (Manage) the new server did not start or list its
	// tools; Err says why (pass it to Doctor). The old one keeps serving.
	RestartFailed
)

func (k EventKind) String() string {
	return [...]string{"?", "changed", "build failed", "unchanged", "ready", "restarted", "restart failed"}[k]
}

// Event is one step of the dev loop.
type Event struct {
	Kind   EventKind
	Change watch.Change
	Build  *build.Error // BuildFailed
	Binary string       // the new binary (Go targets)
	Tools  []sdk.ToolInfo
	Diff   ToolsDiff
	Err    error
	Took   time.Duration // from the reported change to this event
}

// Options configures Start; every field is optional.
type Options struct {
	// Globs are extra files to watch (--watch GLOB…), relative to Dir
	// (default: the target's directory).
	Globs []string
	Dir   string
	// Debounce is the quiet period that ends a burst of saves (default
	// watch.DefaultDebounce).
	Debounce time.Duration
	// Manage makes the loop start the server and restart it after each
	// successful build (the CLI and tests). Without it the loop only
	// watches and builds, and a Ready event asks the caller to restart.
	Manage bool
	// Connect configures the connections the loop makes (Manage).
	Connect *target.ConnectOptions
	// Timeout bounds tools/list after a restart (default DefaultTimeout).
	Timeout time.Duration
	// Binary is the binary already running, for a caller that built the
	// target itself (a save without a change then restarts nothing).
	Binary string
}

// Loop watches a target's sources, rebuilds in the background and
// restarts the server when the build succeeds. A failed build leaves the
// running server alone.
type Loop struct {
	target *target.Target
	opts   Options
	w      *watch.Watcher
	events chan Event
	done   chan struct{}
	cancel context.CancelFunc

	mu     sync.Mutex
	conn   *target.Connection
	tools  []sdk.ToolInfo
	binary string

	builds   atomic.Int64
	restarts atomic.Int64
}

// Start starts watching t (and, with Manage, its server). Read the
// events from Events; Close stops everything.
func Start(ctx context.Context, t *target.Target, opts *Options) (*Loop, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Timeout <= 0 {
		o.Timeout = call.DefaultTimeout
	}
	ctx, cancel := context.WithCancel(ctx)
	d := &Loop{target: t, opts: o, events: make(chan Event, 16), done: make(chan struct{}), cancel: cancel, binary: o.Binary}
	if o.Manage {
		if err := d.start(ctx); err != nil {
			cancel()
			return nil, err
		}
	}
	w, err := watchTarget(ctx, t, &o)
	if err != nil {
		d.closeConn()
		cancel()
		return nil, err
	}
	d.w = w
	go d.loop(ctx)
	return d, nil
}

func (d *Loop) start(ctx context.Context) error {
	conn, err := d.target.Connect(ctx, d.opts.Connect)
	if err != nil {
		return err
	}
	tools, err := call.ListTools(ctx, conn, d.opts.Timeout)
	if err != nil {
		conn.Close()
		return err
	}
	d.conn, d.tools, d.binary = conn, tools, conn.Binary
	return nil
}

// Events delivers what the loop does; it is closed by Close.
func (d *Loop) Events() <-chan Event { return d.events }

// Conn is the live connection (Manage), the newest that started.
func (d *Loop) Conn() *target.Connection {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.conn
}

// Tools is the tool list of the live connection (Manage).
func (d *Loop) Tools() []sdk.ToolInfo {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.tools
}

// Builds counts rebuilds (one per debounced change of a Go target).
func (d *Loop) Builds() int { return int(d.builds.Load()) }

// Restarts counts successful restarts.
func (d *Loop) Restarts() int { return int(d.restarts.Load()) }

// Watcher is the file watcher, for what it watches and ignores.
func (d *Loop) Watcher() *watch.Watcher { return d.w }

// Close stops watching and, with Manage, the server.
func (d *Loop) Close() error {
	d.cancel()
	d.w.Close()
	<-d.done
	return d.closeConn()
}

func (d *Loop) closeConn() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.conn == nil {
		return nil
	}
	err := d.conn.Close()
	d.conn = nil
	return err
}

func (d *Loop) loop(ctx context.Context) {
	defer close(d.done)
	defer close(d.events)
	for ch := range d.w.Changes() {
		d.handle(ctx, ch)
		if ctx.Err() != nil {
			return
		}
	}
}

func (d *Loop) emit(ctx context.Context, ev Event) {
	select {
	case d.events <- ev:
	case <-ctx.Done():
	}
}

// handle rebuilds after one change and restarts when that succeeded.
func (d *Loop) handle(ctx context.Context, ch watch.Change) {
	start := time.Now()
	d.emit(ctx, Event{Kind: Changed, Change: ch})
	var bin string
	if d.target.Kind == target.KindGo {
		d.builds.Add(1)
		b, err := build.Binary(ctx, d.target.GoPath, d.target.BuildCache)
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
			d.emit(ctx, Event{Kind: Unchanged, Change: ch, Binary: b, Took: time.Since(start)})
			return
		}
		bin = b
	}
	if !d.opts.Manage {
		d.emit(ctx, Event{Kind: Ready, Change: ch, Binary: bin, Took: time.Since(start)})
		return
	}
	d.emit(ctx, d.restart(ctx, ch, bin, start))
}

func buildFailed(ch watch.Change, err error, took time.Duration) Event {
	ev := Event{Kind: BuildFailed, Change: ch, Err: err, Took: took}
	errors.As(err, &ev.Build)
	return ev
}

// restart starts the new server before stopping the old one, so a server
// that fails to start leaves the old one serving.
func (d *Loop) restart(ctx context.Context, ch watch.Change, bin string, start time.Time) Event {
	t := d.target
	if bin != "" {
		t = t.WithBinary(bin)
	}
	conn, err := t.Connect(ctx, d.opts.Connect)
	if err != nil {
		return Event{Kind: RestartFailed, Change: ch, Err: err, Took: time.Since(start)}
	}
	tools, err := call.ListTools(ctx, conn, d.opts.Timeout)
	if err != nil {
		conn.Close()
		return Event{Kind: RestartFailed, Change: ch, Err: err, Took: time.Since(start)}
	}
	d.mu.Lock()
	old, before := d.conn, d.tools
	d.conn, d.tools = conn, tools
	d.mu.Unlock()
	if old != nil {
		old.Close()
	}
	d.restarts.Add(1)
	return Event{Kind: Restarted, Change: ch, Binary: bin, Tools: tools, Diff: DiffTools(before, tools), Took: time.Since(start)}
}

// SetBinary tells the loop which binary is running (a caller that built the
// target itself), so that a save without a change restarts nothing.
func (d *Loop) SetBinary(bin string) {
	d.mu.Lock()
	d.binary = bin
	d.mu.Unlock()
}

// watchTarget watches a Go target's packages and the globs.
func watchTarget(ctx context.Context, t *target.Target, o *Options) (*watch.Watcher, error) {
	s := watch.Spec{Globs: o.Globs, Dir: cmp.Or(o.Dir, t.Dir)}
	if t.Kind == target.KindGo {
		s.Packages = []string{t.GoPath}
	}
	w, err := watch.New(ctx, s, &watch.Options{Debounce: o.Debounce})
	if errors.Is(err, watch.ErrNothingToWatch) {
		return nil, fmt.Errorf("%w (give --watch GLOB for a command target)", err)
	}
	return w, err
}
