package transport

import (
	"context"
	"net/http"
)

// HTTPCall is the HTTP request a message arrived on. The Streamable HTTP
// handler puts it in the context it hands its backend, in both eras; read
// it with HTTPCallFrom (tool authors use sdk.RequestFrom).
type HTTPCall struct {
	// Request is the POST that carried the message; its body has been
	// read. In the handshake era a call may outlive it.
	Request *http.Request
	// SessionID is the Mcp-Session-Id of a handshake-era session; "" in
	// the stateless era.
	SessionID string
}

type httpCallKey struct{}

// HTTPCallFrom returns the HTTP request of the message being handled, or
// nil when it did not come over HTTP.
func HTTPCallFrom(ctx context.Context) *HTTPCall {
	c, _ := ctx.Value(httpCallKey{}).(*HTTPCall)
	return c
}

// callContext is the context of a stateless-era message: the request's
// own (its values, and its cancellation: a dropped connection cancels the
// call), carrying the HTTPCall.
type callContext struct {
	context.Context
	call HTTPCall
}

func (c *callContext) Value(key any) any {
	if key == (httpCallKey{}) {
		return &c.call
	}
	return c.Context.Value(key)
}

// statelessContext is the context a stateless-era message is handled in.
func statelessContext(r *http.Request) context.Context {
	return &callContext{Context: r.Context(), call: HTTPCall{Request: r}}
}

// sessionContext is the context of a handshake-era message: cancelled with
// its session (DELETE, idle expiry), not when the request's connection
// drops (the client may resume the stream), yet carrying the values HTTP
// middleware put in the request's context and the HTTPCall. Done, Err and
// Deadline are the session's; a value is looked up in the session's
// context first, so that the context package finds the session's
// cancellation (contexts derived from this one are cancelled with the
// session, without a goroutine), then in the request's.
type sessionContext struct {
	context.Context // the session's
	request         context.Context
	call            HTTPCall
}

func (c *sessionContext) Value(key any) any {
	if key == (httpCallKey{}) {
		return &c.call
	}
	if v := c.Context.Value(key); v != nil {
		return v
	}
	return c.request.Value(key)
}

// requestContext is the context a message of session s, carried by r, is
// handled in.
func (s *httpSession) requestContext(r *http.Request) context.Context {
	return &sessionContext{Context: s.ctx, request: r.Context(), call: HTTPCall{Request: r, SessionID: s.id}}
}
