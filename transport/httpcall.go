package transport

import (
	"context"
	"time"
)

// What an HTTP transport (package transport/streamable) tells its backend
// of the HTTP exchange a message arrived on, through the context it hands
// the backend: the sdk reads it without linking net/http.

// HTTPCallInfo describes the HTTP request a message arrived on.
type HTTPCallInfo interface {
	// CallSessionID is the Mcp-Session-Id of a handshake-era session; ""
	// in the 2026 era.
	CallSessionID() string
	// CallHeader is the request's header (an http.Header: keys in
	// canonical form).
	CallHeader() map[string][]string
}

// HTTPCallKey is the context key under which an HTTP transport puts the
// HTTPCallInfo of the message being handled.
type HTTPCallKey struct{}

// HTTPCallInfoFrom returns the HTTP request the message being handled in
// ctx arrived on, or nil when it did not come over HTTP.
func HTTPCallInfoFrom(ctx context.Context) HTTPCallInfo {
	c, _ := ctx.Value(HTTPCallKey{}).(HTTPCallInfo)
	return c
}

// SSECloser ends the HTTP connection that carries the SSE stream of the
// request being handled, while the request goes on (SEP-1699 polling):
// see streamable.CloseSSEStream.
type SSECloser interface {
	CloseSSE(retry time.Duration) bool
}

// SSECloserKey is the context key under which an HTTP transport puts the
// SSECloser of a request whose stream may be closed.
type SSECloserKey struct{}

// CloseSSEStream ends the SSE stream of the request handled with ctx, as
// SSECloser says; false, doing nothing, when there is none to end.
func CloseSSEStream(ctx context.Context, retry time.Duration) bool {
	c, _ := ctx.Value(SSECloserKey{}).(SSECloser)
	return c != nil && c.CloseSSE(retry)
}
