package sdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"sync/atomic"

	"github.com/mcpdev/mcpdev/transport"
)

// Call is an incoming request as a Handler sees it.
type Call struct {
	Method string          // "tools/call", "tools/list", "initialize", …
	Params json.RawMessage // as received; nil when absent
	ID     json.RawMessage // the JSON-RPC id, for logs

	next func(context.Context, *Call) (any, error) // the server's own handling
}

// Handler answers a request: its result (encoded to JSON for the client)
// or an error (a *RPCError keeps its code; any other error is sent as
// -32603 with its text). The caller is described by RequestFrom(ctx).
type Handler func(ctx context.Context, c *Call) (any, error)

// Middleware wraps a Handler, as net/http middleware wraps an
// http.Handler: it may look at the request, answer it itself (an error,
// to refuse it), or call next, possibly with another context or params,
// and look at or replace what next returned.
type Middleware func(next Handler) Handler

// ToolCall is a tools/call request for a tool the server has, as a
// ToolHandler sees it.
type ToolCall struct {
	Name      string          // the tool's name (changing it changes nothing)
	Arguments json.RawMessage // as received, not yet validated; nil when absent

	tool *registeredTool
}

// ToolHandler runs a tool call: validation, the tool's function and the
// encoding of its result. A tool failure is a result with IsError set; a
// returned error fails the request with a JSON-RPC error instead.
type ToolHandler func(ctx context.Context, c *ToolCall) (*CallToolResult, error)

// ToolMiddleware wraps a ToolHandler.
type ToolMiddleware func(next ToolHandler) ToolHandler

// Use installs middleware around every request the server answers, in
// both protocol eras and over every transport (notifications have no
// answer and do not pass through it). The first middleware given, or
// installed by an earlier Use, is the outermost: it sees the request
// first and the outcome last.
//
// A middleware that panics, or lets through a panic from the middleware
// it wraps, fails that request with -32603 (the stack goes to
// ServerOptions.Stderr); the server keeps serving. With no middleware
// installed, requests cost nothing more.
func (s *Server) Use(mw ...Middleware) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.middleware = append(slices.Clip(s.middleware), mw...)
	h := Handler(func(ctx context.Context, c *Call) (any, error) { return c.next(ctx, c) })
	for _, m := range slices.Backward(s.middleware) {
		h = m(h)
	}
	s.chain.Store(&h)
}

// UseTool installs middleware around every call of a tool the server has
// (an unknown tool is answered before it), inside Use's middleware and in
// the call's own context (Progress, Log and RequestFrom work in it), before
// the arguments are validated. Order and panics are as for Use.
func (s *Server) UseTool(mw ...ToolMiddleware) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.toolMiddleware = append(slices.Clip(s.toolMiddleware), mw...)
	h := ToolHandler(func(ctx context.Context, c *ToolCall) (*CallToolResult, error) {
		return c.tool.handler(ctx, c.Arguments)
	})
	for _, m := range slices.Backward(s.toolMiddleware) {
		h = m(h)
	}
	s.toolChain.Store(&h)
}

// middlewares is what a Server keeps of Use and UseTool.
type middlewares struct {
	middleware     []Middleware
	toolMiddleware []ToolMiddleware
	chain          atomic.Pointer[Handler]     // nil: none installed
	toolChain      atomic.Pointer[ToolHandler] // nil: none installed
}

// serve dispatches a legacy-era request through the middleware.
func (ss *serverSession) serve(ctx context.Context, m *transport.Message, emit func(*transport.Message) error) (any, error) {
	chain := ss.srv.chain.Load()
	if chain == nil {
		return ss.dispatch(ctx, m, emit)
	}
	ss.mu.Lock()
	caps := ss.clientCaps
	ss.mu.Unlock()
	ci := &callInfo{notify: emit, session: ss, requestID: m.ID, clientCaps: caps}
	return ss.srv.intercept(withCall(ctx, ci), *chain, m, func(ctx context.Context, m *transport.Message) (any, error) {
		return ss.dispatch(ctx, m, emit)
	})
}

// serveModern dispatches a 2026-era request through the middleware.
func (s *Server) serveModern(ctx context.Context, m *transport.Message, emit func(*transport.Message) error, ss *serverSession) (any, error) {
	chain := s.chain.Load()
	if chain == nil {
		return s.dispatchModern(ctx, m, emit, ss)
	}
	ci := &callInfo{notify: emit, requestID: m.ID}
	if meta, err := parseRequestMeta(m.Params); err == nil { // else dispatchModern answers the error
		ci.clientCaps, ci.version, ci.clientInfo = meta.caps, meta.version, meta.clientInfo
		ci.progressToken, ci.fixedLevel = meta.progressToken, meta.logLevel
	}
	return s.intercept(withCall(ctx, ci), *chain, m, func(ctx context.Context, m *transport.Message) (any, error) {
		return s.dispatchModern(ctx, m, emit, ss)
	})
}

// intercept runs chain for m; dispatch is the server's own handling of
// the request the chain passes on.
func (s *Server) intercept(ctx context.Context, chain Handler, m *transport.Message, dispatch func(context.Context, *transport.Message) (any, error)) (res any, err error) {
	defer s.recoverInto("middleware", m.Method, &err)
	c := &Call{Method: m.Method, Params: m.Params, ID: m.ID}
	c.next = func(ctx context.Context, c *Call) (any, error) {
		passed := *m
		passed.Method, passed.Params = c.Method, c.Params
		return dispatch(ctx, &passed)
	}
	return chain(ctx, c)
}

// runTool runs t through the tool middleware; ctx is the call's.
func (s *Server) runTool(ctx context.Context, t *registeredTool, name string, args json.RawMessage) (res *CallToolResult, err error) {
	chain := s.toolChain.Load()
	if chain == nil {
		return t.handler(ctx, args)
	}
	defer s.recoverInto("tool middleware", name, &err)
	return (*chain)(ctx, &ToolCall{Name: name, Arguments: args, tool: t})
}

// recoverInto turns a panic into -32603 in *err, writing the stack to
// Stderr; what is the panicking layer, name the request's method or tool.
func (s *Server) recoverInto(what, name string, err *error) {
	r := recover()
	if r == nil {
		return
	}
	fmt.Fprintf(s.opts.Stderr, "sdk: %s panicked on %s: %v\n%s", what, name, r, debug.Stack())
	*err = &transport.Error{Code: transport.CodeInternalError, Message: fmt.Sprintf("Internal error: panic: %v", r)}
}

// isCancelled reports whether err says the client cancelled the request
// (which is then not answered), even when middleware wrapped it.
func isCancelled(err error) bool {
	return err != nil && errors.Is(err, errCancelled)
}
