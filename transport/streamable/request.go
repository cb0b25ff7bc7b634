package streamable

import (
	"bytes"
	"context"
	"encoding/json"
	"github.com/mcpdev/mcpdev/transport"
	"io"
	"math"
	"net/http"
)

// The canonical forms of the header names the handler reads on every
// request: Header.Get canonicalises its key on each call, and allocates
// for one not already canonical (HeaderProtocolVersion).
var (
	canonSessionID       = http.CanonicalHeaderKey(HeaderSessionID)
	canonProtocolVersion = http.CanonicalHeaderKey(HeaderProtocolVersion)
	canonMethod          = http.CanonicalHeaderKey(HeaderMethod)
	canonName            = http.CanonicalHeaderKey(HeaderName)
)

// header is r.Header.Get for a key already canonical.
func header(r *http.Request, canonKey string) string {
	if v := r.Header[canonKey]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// readBody reads a POST body of at most max bytes (a longer one is an
// *http.MaxBytesError). A body of declared length within the limit is read
// into a buffer of that size: no growing, no limiting reader.
func readBody(w http.ResponseWriter, r *http.Request, max int64) ([]byte, error) {
	n := r.ContentLength
	if n <= 0 || n >= max {
		return io.ReadAll(http.MaxBytesReader(w, r.Body, max))
	}
	body := make([]byte, n+1)
	if _, err := io.ReadFull(r.Body, body[:n]); err != nil {
		return nil, err
	}
	k, err := r.Body.Read(body[n:])
	if k == 0 && err == io.EOF {
		return body[:n], nil
	}
	// More than declared (a request made by hand, a middleware that
	// replaced the body): read on, as without a declared length.
	return io.ReadAll(http.MaxBytesReader(w, io.NopCloser(io.MultiReader(bytes.NewReader(body[:n+int64(k)]), r.Body)), max))
}

// HTTPCall is the HTTP request a message arrived on. The Streamable HTTP
// handler puts it in the context it hands its backend, in both eras; read
// it with HTTPCallFrom (tool authors use sdk.RequestFrom).
type HTTPCall struct {
	// Request is the POST that carried the message; its body has been
	// read. In the handshake era a call may outlive it.
	Request *http.Request
	// SessionID is the Mcp-Session-Id of a handshake-era session; "" in
	// the 2026 era.
	SessionID string
}

type httpCallKey = transport.HTTPCallKey

// CallSessionID is c.SessionID (transport.HTTPCallInfo).
func (c *HTTPCall) CallSessionID() string { return c.SessionID }

// CallHeader is the request's header (transport.HTTPCallInfo).
func (c *HTTPCall) CallHeader() map[string][]string {
	if c.Request == nil {
		return nil
	}
	return c.Request.Header
}

// HTTPCallFrom returns the HTTP request of the message being handled, or
// nil when it did not come over HTTP.
func HTTPCallFrom(ctx context.Context) *HTTPCall {
	c, _ := ctx.Value(httpCallKey{}).(*HTTPCall)
	return c
}

// callContext is the context of a 2026-era message: the request's
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

// statelessContext is the context a 2026-era message is handled in.
func statelessContext(r *http.Request) context.Context {
	return initStatelessContext(&callContext{}, r)
}

// initStatelessContext makes c statelessContext(r), in memory the caller
// allocated (with the request's message: postCall).
func initStatelessContext(c *callContext, r *http.Request) context.Context {
	*c = callContext{Context: r.Context(), call: HTTPCall{Request: r}}
	return c
}

// postCall is what answering one POSTed message takes, allocated at
// once: the message, its answer, and its context in either era.
type postCall struct {
	msg       transport.Message
	out       responseStream
	stateless callContext
	session   sessionContext
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
	return s.initContext(&sessionContext{}, r)
}

// initContext makes c s.requestContext(r), in memory the caller allocated.
func (s *httpSession) initContext(c *sessionContext, r *http.Request) context.Context {
	*c = sessionContext{Context: s.ctx, request: r.Context(), call: HTTPCall{Request: r, SessionID: s.id}}
	return c
}

// readResponse reads a JSON response body of at most max bytes: one of
// declared length into a buffer of that size, another in pieces up to
// max (transport.FrameBuffer). A longer one is read to its end without
// being kept, and reported (too large) with the id of request id.
func readResponse(resp *http.Response, id json.RawMessage, max int) (data []byte, tooLarge *transport.DecodeError, err error) {
	if n := resp.ContentLength; n > int64(max) {
		return nil, transport.ResponseTooLarge(id, int(min(n, math.MaxInt)), max, nil), nil
	} else if n >= 0 {
		data = make([]byte, n)
		_, err = io.ReadFull(resp.Body, data)
		return data, nil, err
	}
	buf := transport.NewFrameBuffer(max)
	over, err := buf.ReadAll(resp.Body)
	if !over {
		return buf.Bytes(), nil, err
	}
	// Count the rest without keeping it, to say how large it was.
	head := buf.Head(1024)
	n, _ := io.Copy(io.Discard, resp.Body)
	return nil, transport.ResponseTooLarge(id, buf.Len()+1+int(n), max, head), nil
}
