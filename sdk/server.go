package sdk

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpdev/mcpdev/transport"
)

// RPCError is a JSON-RPC error; a tool that returns one fails the request
// with that error instead of returning an isError result.
type RPCError = transport.Error

// ServerOptions configures a Server. The zero value is ready to use.
type ServerOptions struct {
	Version      string    // server version (default "0.0.0")
	Title        string    // human-readable server name
	Instructions string    // sent to clients in initialize
	PageSize     int       // tools per tools/list page (default 100)
	Stderr       io.Writer // diagnostics (default os.Stderr)

	// Tasks (tools declared with ToolOptions.TaskSupport): how long a
	// task is kept (default DefaultTaskTTL; a 2025-11-25 client may ask
	// for less), how many are kept at once (default DefaultMaxTasks) and
	// the polling interval suggested to clients (default
	// DefaultTaskPollInterval).
	TaskTTL          time.Duration
	MaxTasks         int
	TaskPollInterval time.Duration

	// ToolsTTL is the ttlMs hint on 2026-era tools/list and
	// server/discover results (default 0: re-fetch whenever needed).
	ToolsTTL time.Duration
	// ResourcesTTL is the ttlMs hint on 2026-era resources/list and
	// resources/templates/list results (default 0); ResourceOptions.TTL
	// sets it for resources/read.
	ResourcesTTL time.Duration
	// CachePublic marks those results cacheScope "public" (shareable
	// across users); the default is "private".
	CachePublic bool
	// PromptsTTL is the ttlMs hint on 2026-era prompts/list results
	// (default 0). PageSize also sets the prompts per prompts/list page.
	PromptsTTL time.Duration
	// StateKey signs the requestState of 2026-era InputRequiredResults
	// (HMAC-SHA256). Default: a random key per process; replicas that may
	// see each other's retries need the same key.
	StateKey []byte
	// InputTTL is how long a requestState stays valid (default
	// DefaultInputTTL).
	InputTTL time.Duration
	// ForbidExtra refuses the arguments a tool's function does not take
	// ("Extra inputs are not permitted") and publishes
	// additionalProperties: false, as a Pydantic model with
	// extra='forbid'. By default they are ignored, as the seed's argument
	// model ignores them. ToolOptions.ForbidExtra, when set, wins.
	ForbidExtra bool
}

// Server holds tools and serves them over any number of connections.
type Server struct {
	info Implementation
	opts ServerOptions

	tasks     taskStore    // task_store.go
	taskTools atomic.Int32 // tools that may run as tasks

	mu       sync.RWMutex // guards the registries and sessions
	tools    registry[*registeredTool]
	prompts  registry[*registeredPrompt]
	res      resourceSet // resources and resource templates
	sessions map[*serverSession]struct{}
	// listeners are the open subscriptions/listen streams.
	listeners listenerSet
	// headerTools counts tools with Mcp-Param-* headers: with none, the
	// HTTP handler's per-call question costs one atomic load.
	headerTools atomic.Int32
	// anyCompletes: an argument of a prompt or template completes (the
	// completions capability). Both are kept by registryChanged.
	anyCompletes atomic.Bool
	middlewares  // Use, UseTool
	sealOnce     sync.Once
	sealKey      []byte // see stateKey
}

// NewServer returns a server named name; opts may be nil.
func NewServer(name string, opts *ServerOptions) *Server {
	traceMark("new-server-at")
	s := &Server{sessions: map[*serverSession]struct{}{}}
	if opts != nil {
		s.opts = *opts
	}
	if s.opts.Version == "" {
		s.opts.Version = "0.0.0"
	}
	if s.opts.PageSize <= 0 {
		s.opts.PageSize = 100
	}
	if s.opts.Stderr == nil {
		s.opts.Stderr = os.Stderr
	}
	s.info = Implementation{Name: name, Title: s.opts.Title, Version: s.opts.Version}
	return s
}

// ErrDuplicateTool is returned by AddTool for a tool whose name is already
// taken (Tool panics with it), unless the new tool sets
// ToolOptions.Replace.
var ErrDuplicateTool = errors.New("sdk: duplicate tool name")

// AddTool adds declared tools, and tells connected legacy-era clients that
// the list changed. A name already registered (or given twice) is an
// error wrapping ErrDuplicateTool, and no tool is added; a tool declared
// with ToolOptions.Replace takes the place of the one of its name instead.
func (s *Server) AddTool(defs ...*ToolDef) error {
	ts := mapped(defs, func(d *ToolDef) *registeredTool { return d.t.on(s.opts.ForbidExtra) })
	return register(s, &s.tools, ts, duplicate(ErrDuplicateTool, "ToolOptions", "tool"), listTools)
}

// RemoveTool removes tools by name and tells connected clients.
func (s *Server) RemoveTool(names ...string) { unregister(s, &s.tools, names, listTools) }

// Tools returns the wire descriptions of all tools, in registration order.
func (s *Server) Tools() []ToolInfo {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return mapped(s.tools.list, (*registeredTool).wire)
}

func (t *registeredTool) wire() ToolInfo { return t.info }

func (s *Server) tool(name string) *registeredTool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.tools.get(name)
}

// Serve serves one connection until the peer closes it or ctx is
// cancelled (in-flight calls see their contexts cancelled, and Serve
// returns once they have). When the peer closes it (stdin at EOF) Serve
// returns nil soon, whatever is open: subscriptions/listen streams end,
// questions to the client (elicitation, sampling, roots) fail with an
// error wrapping transport.ErrClosed, calls still running get a short
// grace (under a second) to finish and be answered, then their contexts
// are cancelled, and a call that ignores its context is left behind. Tasks
// are not waited for.
//
// Messages are read by one goroutine at a time. Everything but a call of
// the author's code is answered in order by the reader; such a call (a
// tool, a prompt, a resource, a completion) is answered by the goroutine
// that read it. A quick call is answered as the reader's next step, as a
// hand-written loop would answer it, with no other thread woken; a call
// still running after handOffAfter (or following a slow one) hands reading
// on to another goroutine (an idle worker of this connection, or a new
// one), so a slow tool never blocks the connection for longer than that.
func (s *Server) Serve(ctx context.Context, conn transport.Conn) error {
	traceServe()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	l := &serveLoop{srv: s, ctx: ctx, conn: conn, end: make(chan error, 1), quit: make(chan struct{}), task: make(chan func()),
		handOffAfter: handOffAfter, wake: make(chan struct{}, 1)}
	l.batch, _ = conn.(transport.Batcher)
	l.ss = s.newSession(func(m *transport.Message) error { return conn.Write(ctx, m) })
	defer l.ss.Close()
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	l.wg.Add(1)
	go l.read() // not on this goroutine, which must stay free to drain
	err := <-l.end
	l.drain(cancel)
	close(l.quit) // idle workers exit
	return err
}

// serveLoop is one connection being served by Serve.
type serveLoop struct {
	srv  *Server
	ctx  context.Context
	conn transport.Conn
	ss   *serverSession
	wg   sync.WaitGroup // the reader and every call being answered
	end  chan error     // the reader's final result
	quit chan struct{}  // closed when Serve returns
	idle atomic.Int32   // workers waiting in tasks
	task chan func()    // unbuffered: a send succeeds only to an idle worker

	// A call answered by the reader, and its watchdog (serve_inline.go).
	handOffAfter time.Duration // the watchdog's tick
	owed         atomic.Bool   // a call runs on the reader, which has not handed reading on
	calls        atomic.Uint64 // calls answered by the reader so far
	watching     atomic.Bool   // the watchdog ticks (it is not parked)
	watchdog     atomic.Bool   // the watchdog has been started (at the first such call)
	wake         chan struct{} // wakes a parked watchdog
	slow         atomic.Bool   // the last call took handOffAfter or more

	batch transport.Batcher // conn, if it can hold answers back (serve_batch.go)
}

// maxIdleWorkers bounds the goroutines a connection keeps parked for reuse
// (their stacks have already grown to what decoding and validation need).
const maxIdleWorkers = 64

// read reads and answers messages until the connection ends, or until it
// hands reading on to answer a call of the author's code.
func (l *serveLoop) read() {
	defer l.wg.Done()
	for {
		m, err := l.conn.Read(l.ctx)
		if err != nil {
			var de *transport.DecodeError
			if errors.As(err, &de) {
				l.srv.answerBadFrame(l.ctx, l.conn, de)
				continue
			}
			if errors.Is(err, io.EOF) || errors.Is(err, transport.ErrClosed) || l.ctx.Err() != nil {
				err = nil
			}
			l.flushHeld() // a Close does not read on, which would have sent them
			l.end <- err
			return
		}
		if !m.IsRequest() || !runsAuthorCode(m.Method) {
			// Everything but the author's code is quick: answer in order,
			// so that initialize is done before the next request is read.
			if resp := l.ss.Handle(l.ctx, m); resp != nil {
				_ = l.send(resp, true)
			}
			continue
		}
		if lasts(m.Method) || l.slow.Load() {
			l.wg.Add(1)
			l.spawn(l.read)
			l.answer(m)
			return
		}
		if !l.answerInline(m) {
			return // another goroutine reads now
		}
	}
}

// runsAuthorCode reports whether a request runs a function of the
// server's author (a tool, a prompt, a completion, a resource), which may
// be slow, or lasts (lasts).
func runsAuthorCode(method string) bool {
	switch method {
	case "tools/call", "prompts/get", "completion/complete", "resources/read":
		return true
	}
	return lasts(method)
}

// lasts reports whether a request is answered only when something else
// happens: a subscriptions/listen stream, a tasks/result waiting for its
// task. The reader hands reading on before it answers one.
func lasts(method string) bool {
	return method == "subscriptions/listen" || method == "tasks/result"
}

// spawn runs f on an idle worker, or on a new one.
func (l *serveLoop) spawn(f func()) {
	select {
	case l.task <- f:
	default:
		go l.work(f)
	}
}

// work runs f, then waits for more work while fewer than maxIdleWorkers
// others are waiting, until Serve returns.
func (l *serveLoop) work(f func()) {
	for {
		f()
		if l.idle.Add(1) > maxIdleWorkers {
			l.idle.Add(-1)
			return
		}
		select {
		case f = <-l.task:
			l.idle.Add(-1)
		case <-l.quit:
			return
		}
	}
}

// answerBadFrame answers a frame that could not be read with its error,
// as over HTTP: a request (or a message with an id but neither a method, a
// result nor an error) gets it under its id, a frame whose id could not be
// read under id null. A response or a notification is never answered.
func (s *Server) answerBadFrame(ctx context.Context, conn transport.Conn, de *transport.DecodeError) {
	var id []byte
	if de.Msg != nil {
		id = de.Msg.ID
		if de.IsResponse() || (de.Msg.Method != "" && len(id) == 0) {
			return
		}
	}
	fmt.Fprintf(s.opts.Stderr, "sdk: %v\n", de)
	_ = conn.Write(ctx, transport.NewErrorResponse(id, de.Err))
}
