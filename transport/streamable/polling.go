package streamable

import (
	"context"
	"encoding/json"
	"github.com/mcpdev/mcpdev/transport"
	"net/http"
	"time"
)

// SSE polling (SEP-1699, protocol 2025-11-25): a legacy-era server may end
// the SSE stream of a request before the response, and the client resumes
// it with GET and Last-Event-ID, after the stream's `retry:` time. For
// clients that negotiated 2025-11-25 or later, every POST answered as SSE
// starts with a priming event (an id, empty data) so that it can be
// resumed before its first message, and tools/call runs apart from its
// HTTP request, so that the request can end while the call goes on.

// firstPollingVersion is the first protocol version whose clients accept
// priming events and resume a stream the server closed.
const firstPollingVersion = "2025-11-25"

// resumableVersion reads protocolVersion from an initialize result and
// reports whether that client can poll.
func resumableVersion(result json.RawMessage) bool {
	var r struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	return json.Unmarshal(result, &r) == nil && r.ProtocolVersion >= firstPollingVersion
}

type streamCloserKey = transport.SSECloserKey

// CloseSSEStream ends the HTTP connection that now carries the SSE stream
// of the request handled with ctx — a tools/call of a legacy-era session
// whose client negotiated 2025-11-25 or later — while the request keeps
// running (SEP-1699 polling). When retry is positive the stream first tells
// the client to wait that long before it reconnects. What the request
// sends afterwards (progress, logs, its response) is kept in the stream's
// replay buffer (ServerOptions.ReplayEvents) and delivered when
// the client resumes with GET and Last-Event-ID; closing again later ends
// that resumed connection, so a long call can be polled.
//
// It reports false, doing nothing, anywhere else: stdio, the stateless
// era, older clients, requests other than tools/call, or after the
// response was sent. Tool authors use sdk.CloseSSEStream.
func CloseSSEStream(ctx context.Context, retry time.Duration) bool {
	o, _ := ctx.Value(streamCloserKey{}).(*responseStream)
	return o != nil && o.closeSSE(retry)
}

// postDetached answers a tools/call of a polling client: the call runs on
// its own goroutine, and the handler returns — ending the response — when
// the call is answered, when the stream lets go of the connection
// (CloseSSEStream, or the client resumed elsewhere) or when the client
// goes away. Whatever the call sends after that waits in st.
func (h *Server) postDetached(r *http.Request, s *httpSession, m *transport.Message, st *sseStream, out *responseStream) {
	out.ended = make(chan struct{})
	done := make(chan struct{})
	s.acquire() // the call keeps the session busy after the handler left
	ctx := context.WithValue(s.requestContext(r), streamCloserKey{}, out)
	go func() {
		defer close(done)
		defer s.release()
		resp := s.backend.Handle(ctx, m, out.emit)
		out.finish(resp, legacyStatus)
		s.streamDone(st, out.usedSSE())
	}()
	select {
	case <-done:
	case <-out.ended:
	case <-r.Context().Done():
	}
	out.leave()
}

// closeSSE implements CloseSSEStream: a response still due as JSON turns
// into a stream first (headers, priming event), so that the client has an
// event id to resume from.
func (o *responseStream) closeSSE(retry time.Duration) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closed || o.st == nil || o.ended == nil {
		return false
	}
	if !o.gone {
		o.switchToSSE()
	}
	o.st.kick(retry)
	return true
}

// CloseSSE is closeSSE (transport.SSECloser: sdk.CloseSSEStream).
func (o *responseStream) CloseSSE(retry time.Duration) bool { return o.closeSSE(retry) }

// leave is called as the handler returns: from now on nothing touches the
// response writer.
func (o *responseStream) leave() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.gone = true
	if o.conn != nil {
		o.st.detach(o.conn)
	}
}
