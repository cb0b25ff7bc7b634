package sdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpdev/mcpdev/transport"
)

// ErrConnectionClosed is returned for requests that were pending, or made,
// after the connection to the server ended.
var ErrConnectionClosed = errors.New("sdk: connection closed")

// Direction says which way a traced message travelled.
type Direction int

const (
	Sent     Direction = iota // client → server
	Received                  // server → client
)

// ClientOptions configures a Client; every field is optional.
type ClientOptions struct {
	Name    string // client name sent in initialize (default "mcpdev")
	Version string // default "0.0.0"
	// ProtocolVersion picks the era. Empty (the default) probes the
	// 2026 era with server/discover and falls back to initialize with
	// LatestLegacyVersion; Version2026 insists on the 2026 era; a
	// legacy version goes straight to initialize with that version.
	ProtocolVersion string
	// ProbeTimeout bounds the server/discover probe before falling back to
	// initialize (default 5s), for servers that never answer it.
	ProbeTimeout time.Duration
	// OnLog receives notifications/message.
	OnLog func(LogParams)
	// OnToolsChanged is called on notifications/tools/list_changed.
	OnToolsChanged func()
	// OnNotification receives every server notification (after the
	// specific callbacks above).
	OnNotification func(*transport.Message)
	// Trace sees every message in both directions, e.g. for a traffic pane.
	Trace func(Direction, *transport.Message)
	// OnWarning receives what the client tolerates but reports, such as a
	// listed tool left out for an invalid x-mcp-header annotation (a
	// *ToolExcludedError). Default: a line on stderr.
	OnWarning func(error)
	// The server's questions (client_answer.go); each is declared as a
	// capability only when set, and runs on its own goroutine with a
	// context the server's notifications/cancelled cancels. In the
	// 2026 era the client answers an InputRequiredResult with them
	// and sends the request again, so a caller of CallTool sees one call.
	//
	// OnElicit fills in a form (elicitation/create in form mode); fields
	// an accepted answer leaves out get the schema's defaults (SEP-1034).
	// OnElicitURL has the person open a URL (URL mode, SEP-1036).
	OnElicit    func(context.Context, *ElicitParams) (*ElicitResult, error)
	OnElicitURL func(context.Context, *ElicitParams) (*ElicitResult, error)
	// OnSample generates a message with the client's model
	// (sampling/createMessage); SamplingTools declares sampling.tools
	// (SEP-1577: the request may carry tools and toolChoice).
	OnSample      func(context.Context, *CreateMessageParams) (*CreateMessageResult, error)
	SamplingTools bool
	// OnRoots lists the roots the server may work in (roots/list); tell
	// the server they changed with Client.RootsChanged.
	OnRoots func(context.Context) ([]Root, error)
}

// Client is a connection to an MCP server.
type Client struct {
	conn   transport.Conn
	opts   ClientOptions
	init   InitializeResult
	modern bool // 2026 era: every request carries the _meta below
	meta   map[string]any

	nextID  atomic.Int64
	mu      sync.Mutex
	pending map[string]*pendingCall
	closed  bool
	done    chan struct{}
	err     error
	params  map[string][]transport.ParamHeader // Mcp-Param-* headers by tool, from the last listing
	asked   map[string]context.CancelFunc      // server requests being answered, by id (client_answer.go)
	subs    map[*subscriber]struct{}           // Subscribe's subscriptions (resource_subscribe_client.go)
}

type pendingCall struct {
	resp       chan reply
	onProgress func(ProgressParams)
	token      string
}

// Connect starts a client on conn and performs the initialize handshake.
func Connect(ctx context.Context, conn transport.Conn, opts *ClientOptions) (*Client, error) {
	c := &Client{conn: conn, pending: map[string]*pendingCall{}, done: make(chan struct{})}
	if opts != nil {
		c.opts = *opts
	}
	if c.opts.Name == "" {
		c.opts.Name = "mcpdev"
	}
	if c.opts.Version == "" {
		c.opts.Version = "0.0.0"
	}
	go c.readLoop()
	if err := c.handshake(ctx); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// Era is the protocol era the connection speaks.
func (c *Client) Era() Era {
	if c.modern {
		return Era2026
	}
	return EraLegacy
}

// handshake probes the 2026 era and falls back to initialize.
func (c *Client) handshake(ctx context.Context) error {
	want := c.opts.ProtocolVersion
	if want != "" && slices.Contains(legacyVersions, want) {
		return c.initialize(ctx)
	}
	if want == "" {
		want = Version2026
	}
	err := c.discover(ctx, want)
	if v, ok := retryVersion(err); ok && ctx.Err() == nil {
		err = c.discover(ctx, v) // once: the server named a version we speak
	}
	if err == nil || c.opts.ProtocolVersion != "" || ctx.Err() != nil || errors.Is(err, transport.ErrTooLarge) {
		return err // (an answer too large is an answer: no fallback)
	}
	select {
	case <-c.done:
		return c.closedErr()
	default:
	}
	c.opts.ProtocolVersion = LatestLegacyVersion
	return c.initialize(ctx)
}

// discover asks server/discover in the 2026 era.
func (c *Client) discover(ctx context.Context, version string) error {
	timeout := c.opts.ProbeTimeout
	if timeout <= 0 {
		timeout = 5 * time.Second
	}
	pctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	meta := map[string]any{
		MetaProtocolVersion:    version,
		MetaClientCapabilities: c.capabilities(),
		MetaClientInfo:         Implementation{Name: c.opts.Name, Version: c.opts.Version},
	}
	var res DiscoverResult
	if err := c.Call(pctx, "server/discover", map[string]any{"_meta": meta}, &res); err != nil {
		return prefixed("server/discover", err)
	}
	if !slices.Contains(res.SupportedVersions, version) {
		return fmt.Errorf("server/discover: server supports %v, not %s", res.SupportedVersions, version)
	}
	if c.opts.OnLog != nil {
		meta[MetaLogLevel] = LevelDebug
	}
	info := Implementation{}
	if raw, ok := res.Meta[MetaServerInfo]; ok {
		data, _ := json.Marshal(raw)
		_ = json.Unmarshal(data, &info)
	}
	c.init = InitializeResult{ProtocolVersion: version, Capabilities: res.Capabilities, ServerInfo: info, Instructions: res.Instructions}
	c.meta, c.modern = meta, true
	return nil
}

func (c *Client) initialize(ctx context.Context) error {
	params := map[string]any{
		"protocolVersion": c.opts.ProtocolVersion,
		"capabilities":    c.capabilities(),
		"clientInfo":      Implementation{Name: c.opts.Name, Version: c.opts.Version},
	}
	if err := c.Call(ctx, "initialize", params, &c.init); err != nil {
		return prefixed("initialize", err)
	}
	return c.Notify(ctx, "notifications/initialized", nil)
}

// InitializeResult is what the server answered to initialize.
func (c *Client) InitializeResult() InitializeResult { return c.init }

// ServerInfo names the server.
func (c *Client) ServerInfo() Implementation { return c.init.ServerInfo }

// ProtocolVersion is the negotiated protocol version.
func (c *Client) ProtocolVersion() string { return c.init.ProtocolVersion }

// Done is closed when the connection ends; Err then says why.
func (c *Client) Done() <-chan struct{} { return c.done }

// Err is why the connection ended (io.EOF when the server went away).
func (c *Client) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Close ends the connection.
func (c *Client) Close() error {
	err := c.conn.Close()
	<-c.done
	return err
}

// ListTools returns every tool, following nextCursor across pages.
func (c *Client) ListTools(ctx context.Context) ([]ToolInfo, error) {
	var all []ToolInfo
	cursor := ""
	for page := 0; page < 10000; page++ {
		var res ListToolsResult
		params := map[string]any{}
		if cursor != "" {
			params["cursor"] = cursor
		}
		if err := c.Call(ctx, "tools/list", params, &res); err != nil {
			return nil, err
		}
		all = append(all, res.Tools...)
		if res.NextCursor == "" || res.NextCursor == cursor {
			return c.screenTools(all), nil
		}
		cursor = res.NextCursor
	}
	return nil, errors.New("sdk: tools/list did not end after 10000 pages")
}

// CallOptions configures one tool call.
type CallOptions struct {
	// OnProgress, when set, asks the server for progress notifications.
	OnProgress func(ProgressParams)
}

// CallTool calls a tool. args is any JSON-encodable value (nil for none, or
// json.RawMessage). Cancelling ctx sends notifications/cancelled. A tool
// failure is a result with IsError set, not an error.
func (c *Client) CallTool(ctx context.Context, name string, args any, opts *CallOptions) (*CallToolResult, error) {
	params := map[string]any{"name": name}
	if args != nil {
		params["arguments"] = args
	} else {
		params["arguments"] = struct{}{}
	}
	var onProgress func(ProgressParams)
	if opts != nil {
		onProgress = opts.OnProgress
	}
	var res CallToolResult
	err := c.callMaybeRounds(ctx, "tools/call", params, &res, onProgress)
	if err != nil && c.learnParamHeaders(ctx, name, err) {
		res = CallToolResult{}
		err = c.callMaybeRounds(ctx, "tools/call", params, &res, onProgress)
	}
	if err != nil {
		return nil, err
	}
	return &res, nil
}

// Call sends a request and decodes its result into result (which may be nil).
// A JSON-RPC error from the server is returned as *transport.Error.
func (c *Client) Call(ctx context.Context, method string, params, result any) error {
	return c.call(ctx, method, params, result, nil)
}

func (c *Client) call(ctx context.Context, method string, params, result any, onProgress func(ProgressParams)) error {
	return c.callID(ctx, c.nextID.Add(1), method, params, result, onProgress)
}

// callID is call with the request's id taken from nextID already (for a
// caller that must know it first: Subscribe's listen stream).
func (c *Client) callID(ctx context.Context, id int64, method string, params, result any, onProgress func(ProgressParams)) error {
	key := strconv.FormatInt(id, 10)
	pc := &pendingCall{resp: make(chan reply, 1), onProgress: onProgress}
	if onProgress != nil {
		pc.token = key
		params = withMeta(params, map[string]any{"progressToken": id})
	}
	if c.modern {
		params = withMeta(params, c.metaNow())
	}
	m, err := transport.NewRequest(id, method, params)
	if err != nil {
		return err
	}
	if err := c.register(key, pc); err != nil {
		return err
	}
	defer c.unregister(key)
	if err := c.send(ctx, m); err != nil {
		return err
	}
	select {
	case r := <-pc.resp:
		if r.err != nil {
			return fmt.Errorf("%s: %w", method, r.err)
		}
		resp := r.m
		if resp.Error != nil {
			return resp.Error
		}
		if result == nil {
			return nil
		}
		if err := decodeResult(resp.Result, result); err != nil {
			return fmt.Errorf("sdk: decode %s result: %w", method, err)
		}
		return nil
	case <-ctx.Done():
		c.cancelRequest(m.ID, ctx.Err())
		return ctx.Err()
	case <-c.done:
		return c.closedErr()
	}
}

// withMeta adds entries to params._meta (params is a map, a JSON-encodable
// value or nil); entries already there win.
func withMeta(params any, entries map[string]any) any {
	p := map[string]any{}
	if m, ok := params.(map[string]any); ok {
		for k, v := range m {
			p[k] = v
		}
	} else {
		if params != nil {
			data, err := json.Marshal(params)
			if err != nil || json.Unmarshal(data, &p) != nil || p == nil {
				return params
			}
		}
	}
	meta, _ := p["_meta"].(map[string]any)
	merged := make(map[string]any, len(meta)+len(entries))
	for k, v := range entries {
		merged[k] = v
	}
	for k, v := range meta {
		merged[k] = v
	}
	p["_meta"] = merged
	return p
}

func (c *Client) register(key string, pc *pendingCall) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return ErrConnectionClosed
	}
	c.pending[key] = pc
	return nil
}

func (c *Client) unregister(key string) {
	c.mu.Lock()
	delete(c.pending, key)
	c.mu.Unlock()
}

func (c *Client) cancelRequest(id json.RawMessage, reason error) {
	m, err := transport.NewNotification("notifications/cancelled", CancelledParams{RequestID: id, Reason: reason.Error()})
	if err == nil {
		_ = c.send(context.Background(), m)
	}
}

// Notify sends a notification.
func (c *Client) Notify(ctx context.Context, method string, params any) error {
	if c.modern {
		params = withMeta(params, c.metaNow())
	}
	m, err := transport.NewNotification(method, params)
	if err != nil {
		return err
	}
	return c.send(ctx, m)
}

func (c *Client) send(ctx context.Context, m *transport.Message) error {
	if c.opts.Trace != nil {
		c.opts.Trace(Sent, m)
	}
	if err := c.conn.Write(ctx, m); err != nil {
		select {
		case <-c.done:
			return c.closedErr()
		default:
		}
		return err
	}
	return nil
}

func (c *Client) closedErr() error {
	if err := c.Err(); err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, transport.ErrClosed) {
		return fmt.Errorf("%w: %v", ErrConnectionClosed, err)
	}
	return ErrConnectionClosed
}

func (c *Client) readLoop() {
	defer close(c.done)
	for {
		m, err := c.conn.Read(context.Background())
		if err != nil {
			var de *transport.DecodeError
			if errors.As(err, &de) {
				c.badFrame(de)
				continue
			}
			var re *transport.RequestError
			if errors.As(err, &re) {
				c.failRequest(re)
				continue
			}
			c.mu.Lock()
			c.closed = true
			c.err = err
			c.mu.Unlock()
			return
		}
		if c.opts.Trace != nil {
			c.opts.Trace(Received, m)
		}
		c.dispatch(m)
	}
}

func (c *Client) dispatch(m *transport.Message) {
	switch {
	case m.IsResponse():
		c.mu.Lock()
		pc := c.pending[string(m.ID)]
		c.mu.Unlock()
		if pc != nil {
			pc.deliver(reply{m: m})
		}
	case m.IsNotification():
		c.notification(m)
	case m.IsRequest():
		c.answerServerRequest(m)
	}
}

func (c *Client) notification(m *transport.Message) {
	switch m.Method {
	case "notifications/progress":
		var p ProgressParams
		if json.Unmarshal(m.Params, &p) == nil {
			c.mu.Lock()
			pc := c.pending[tokenKey(p.ProgressToken)]
			c.mu.Unlock()
			if pc != nil && pc.onProgress != nil {
				pc.onProgress(p)
			}
		}
	case "notifications/message":
		var p LogParams
		if c.opts.OnLog != nil && json.Unmarshal(m.Params, &p) == nil {
			c.opts.OnLog(p)
		}
	case "notifications/tools/list_changed":
		if c.opts.OnToolsChanged != nil {
			c.opts.OnToolsChanged()
		}
	case "notifications/cancelled":
		c.questionCancelled(m.Params)
	case "notifications/resources/updated", "notifications/subscriptions/acknowledged":
		c.subscriptionNotice(m)
	}
	if c.opts.OnNotification != nil {
		c.opts.OnNotification(m)
	}
}

// tokenKey maps a progress token (we send the request id, as a number) back
// to the pending call's key.
func tokenKey(tok json.RawMessage) string {
	var s string
	if json.Unmarshal(tok, &s) == nil {
		return s
	}
	return string(tok)
}

func (c *Client) answerServerRequest(m *transport.Message) {
	var resp *transport.Message
	switch {
	case m.Method == "ping":
		resp, _ = transport.NewResult(m.ID, struct{}{})
	case c.answers(m.Method):
		go c.answerQuestion(m) // a person may take a while: keep reading
		return
	default:
		resp = transport.NewErrorResponse(m.ID, transport.Errorf(transport.CodeMethodNotFound, "Method not found: %s", m.Method))
	}
	_ = c.send(context.Background(), resp)
}
