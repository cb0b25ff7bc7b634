package sdk

import (
	"context"
	"encoding/json"
	"slices"
	"sync"

	"github.com/mcpdev/mcpdev/internal/jsonfast"
	"github.com/mcpdev/mcpdev/transport"
)

// serverSession is one client's conversation with a Server: on stdio the
// whole connection, on HTTP one Mcp-Session-Id. Serve and the HTTP backend
// create sessions with newSession and feed them messages with Handle.
type serverSession struct {
	srv    *Server
	notify func(*transport.Message) error

	mu          sync.Mutex
	version     string // negotiated legacy version; "" before initialize
	initialized bool
	logLevel    LogLevel
	clientCaps  map[string]json.RawMessage // declared in initialize
	clientInfo  Implementation             // sent in initialize
	inflight    map[string]inflightCall
	// early holds cancellations that arrived before their call started
	// (the call is read, then handed to another goroutine; over HTTP it may
	// come on another request): the call is cancelled as it starts.
	early  []string
	closed bool
	subs   map[string]bool // URIs of resources/subscribe
	out    outgoing        // requests to the client awaiting answers
	// gone is closed when the client can send nothing more (stdin
	// closed): its answers and cancellations will never come.
	gone     chan struct{}
	goneOnce sync.Once
}

// newSession starts a session whose server-to-client messages (progress,
// logs, list changes) go to notify.
func (s *Server) newSession(notify func(*transport.Message) error) *serverSession {
	ss := &serverSession{srv: s, notify: notify, logLevel: LevelDebug, inflight: map[string]inflightCall{}, gone: make(chan struct{})}
	s.mu.Lock()
	s.sessions[ss] = struct{}{}
	s.mu.Unlock()
	return ss
}

// Close cancels the session's in-flight calls and detaches it.
func (ss *serverSession) Close() {
	ss.mu.Lock()
	ss.closed = true
	for _, call := range ss.inflight {
		call.cancel()
	}
	ss.mu.Unlock()
	ss.srv.mu.Lock()
	delete(ss.srv.sessions, ss)
	ss.srv.mu.Unlock()
}

// peerGone tells what waits for the client (a subscriptions/listen
// stream, a question to the client) that it will send nothing more.
func (ss *serverSession) peerGone() {
	ss.goneOnce.Do(func() { close(ss.gone) })
}

// goneCh is closed once the client can send nothing more; nil (never
// closed) without a session.
func (ss *serverSession) goneCh() <-chan struct{} {
	if ss == nil {
		return nil
	}
	return ss.gone
}

// ProtocolVersion is the version negotiated by initialize ("" before).
func (ss *serverSession) ProtocolVersion() string {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.version
}

// Handle processes one incoming message and returns the response to send,
// or nil for notifications, responses and a request the client cancelled
// with notifications/cancelled (which must not be answered). A request of the stateless
// (2026-07-28) era — its _meta carries the protocol version — is answered
// statelessly, with or without initialize; everything else follows the
// handshake era.
func (ss *serverSession) Handle(ctx context.Context, m *transport.Message) *transport.Message {
	return ss.handle(ctx, m, ss.notify)
}

// handle is Handle with the request's progress and logs going to emit.
func (ss *serverSession) handle(ctx context.Context, m *transport.Message, emit func(*transport.Message) error) *transport.Message {
	if resp := badRequestID(m); resp != nil {
		return resp
	}
	if isModernMessage(m) {
		return ss.srv.handleModern(ctx, m, emit, ss)
	}
	if m.IsResponse() {
		ss.deliver(m)
		return nil
	}
	if !m.IsRequest() {
		ss.handleNotification(m)
		return nil
	}
	result, err := ss.serve(ctx, m, emit)
	if isCancelled(err) {
		return nil
	}
	return respond(m, result, err)
}

// badRequestID answers a request whose id MCP does not allow (null, a
// float, a boolean, an object, an array) with -32600 and id null, without
// running it; nil for any other message. transport.Decode already reports
// such frames; this covers transports that build messages themselves.
func badRequestID(m *transport.Message) *transport.Message {
	if m.Method == "" || len(m.ID) == 0 || transport.ValidID(m.ID) {
		return nil
	}
	return transport.NewErrorResponse(nil, transport.Errorf(transport.CodeInvalidRequest, "Invalid Request: id must be a string or an integer"))
}

func (ss *serverSession) dispatch(ctx context.Context, m *transport.Message, emit func(*transport.Message) error) (any, error) {
	switch m.Method {
	case "initialize":
		return ss.initialize(m.Params)
	case "ping":
		return struct{}{}, nil
	}
	if !ss.ready() {
		return nil, transport.Errorf(transport.CodeInvalidRequest, "Invalid Request: %s before initialize", m.Method)
	}
	switch m.Method {
	case "tools/list":
		return ss.listTools(m.Params)
	case "tools/call":
		return ss.callTool(ctx, m, emit)
	case "logging/setLevel":
		return ss.setLevel(m.Params)
	case "prompts/list":
		return ss.srv.listPrompts(m.Params)
	case "prompts/get":
		return ss.getPrompt(ctx, m, emit)
	case "completion/complete":
		return ss.srv.complete(ctx, m.Params)
	case "resources/list":
		return ss.srv.listResources(m.Params, false)
	case "resources/templates/list":
		return ss.srv.listResourceTemplates(m.Params, false)
	case "resources/read":
		return ss.srv.readResource(ctx, m.Params, false)
	case "resources/subscribe":
		return ss.subscribe(m.Params)
	case "resources/unsubscribe":
		return ss.unsubscribe(m.Params)
	}
	if res, ok, err := ss.srv.legacyTaskMethod(ctx, m); ok {
		return res, err
	}
	return nil, transport.Errorf(transport.CodeMethodNotFound, "Method not found: %s", m.Method)
}

func (ss *serverSession) ready() bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.version != ""
}

func (ss *serverSession) initialize(raw json.RawMessage) (any, error) {
	p, err := initializeParams(raw)
	if err != nil {
		return nil, err
	}
	version := LatestLegacyVersion
	if slices.Contains(legacyVersions, p.ProtocolVersion) {
		version = p.ProtocolVersion
	}
	caps := clientCapabilities(p.Capabilities)
	ss.mu.Lock()
	if had := ss.version; had != "" {
		ss.mu.Unlock()
		return nil, transport.Errorf(transport.CodeInvalidRequest, "Invalid Request: the session is already initialized (protocol %s); initialize may be sent only once", had)
	}
	ss.version = version
	ss.clientCaps = caps
	ss.clientInfo = p.ClientInfo
	ss.mu.Unlock()
	return &InitializeResult{
		ProtocolVersion: version,
		Capabilities:    ss.srv.capabilities(),
		ServerInfo:      ss.srv.info,
		Instructions:    ss.srv.opts.Instructions,
	}, nil
}

func (ss *serverSession) listTools(raw json.RawMessage) (any, error) {
	return ss.srv.listTools(raw)
}

func (s *Server) listTools(raw json.RawMessage) (*ListToolsResult, error) {
	tools, next, err := listPage(s, raw, "tools", func() []*registeredTool { return s.tools.list }, (*registeredTool).wire)
	if err != nil {
		return nil, err
	}
	return &ListToolsResult{Tools: tools, NextCursor: next}, nil
}

func (ss *serverSession) callTool(ctx context.Context, m *transport.Message, emit func(*transport.Message) error) (any, error) {
	ss.mu.Lock()
	caps := ss.clientCaps
	ss.mu.Unlock()
	ci := &callInfo{notify: emit, session: ss, requestID: m.ID, clientCaps: caps}
	if res, ok, err := ss.srv.toolTask(ctx, m, ci, ss, false); ok {
		return res, err
	}
	return ss.srv.callTool(ctx, m, ci, ss)
}

// callTool runs a tools/call request with the call's context ci; ss (may
// be nil) tracks it for notifications/cancelled, and a call the client
// cancelled returns errCancelled, whatever the tool returned.
func (s *Server) callTool(ctx context.Context, m *transport.Message, ci *callInfo, ss *serverSession) (res *CallToolResult, err error) {
	p, err := callParams(m.Params)
	if err != nil {
		return nil, err
	}
	return s.callToolWith(ctx, m.ID, p, ci, ss)
}

// callToolWith is callTool with the request's params p already read.
func (s *Server) callToolWith(ctx context.Context, id json.RawMessage, p CallToolParams, ci *callInfo, ss *serverSession) (res *CallToolResult, err error) {
	t := s.tool(p.Name)
	if t == nil {
		return nil, transport.Errorf(transport.CodeInvalidParams, "Unknown tool: %s", p.Name)
	}
	ctx, tc := ss.trackRequest(ctx, id)
	defer func() {
		if tc.done() {
			res, err = nil, errCancelled
		}
	}()
	ci.tool = p.Name
	if p.Meta != nil && len(p.Meta.ProgressToken) > 0 {
		ci.progressToken = p.Meta.ProgressToken
	}
	return s.runTool(withCall(ctx, ci), t, p.Name, p.Arguments)
}

func (ss *serverSession) level() LogLevel {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.logLevel
}

func (ss *serverSession) setLevel(raw json.RawMessage) (any, error) {
	var p struct {
		Level LogLevel `json:"level"`
	}
	if err := unmarshalParams(raw, &p); err != nil {
		return nil, err
	}
	if _, ok := levelRank[p.Level]; !ok {
		return nil, transport.Errorf(transport.CodeInvalidParams, "Invalid log level: %q", p.Level)
	}
	ss.mu.Lock()
	ss.logLevel = p.Level
	ss.mu.Unlock()
	return struct{}{}, nil
}

func (ss *serverSession) handleNotification(m *transport.Message) {
	switch m.Method {
	case "notifications/initialized":
		ss.mu.Lock()
		ss.initialized = true
		ss.mu.Unlock()
	case "notifications/cancelled":
		var p CancelledParams
		if json.Unmarshal(m.Params, &p) == nil {
			ss.cancel(string(p.RequestID))
		}
	}
}

func unmarshalParams(raw json.RawMessage, v any) error {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	if err := jsonfast.JSON.Unmarshal(raw, v); err != nil {
		return transport.Errorf(transport.CodeInvalidParams, "Invalid params: %v", err)
	}
	return nil
}
