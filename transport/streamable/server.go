package streamable

import (
	"bytes"
	"encoding/json"
	"errors"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpdev/mcpdev/internal/jsonenc"
	"github.com/mcpdev/mcpdev/transport"
)

// Streamable HTTP header names.
const (
	HeaderSessionID       = "Mcp-Session-Id"
	HeaderProtocolVersion = "MCP-Protocol-Version"
	HeaderMethod          = "Mcp-Method"
	HeaderName            = "Mcp-Name"
	HeaderLastEventID     = "Last-Event-ID"
)

// DefaultMaxBodySize bounds one POSTed message.
const DefaultMaxBodySize = 4 << 20

// ServerOptions configures the Streamable HTTP handler. The zero
// value is safe for a server on 127.0.0.1.
type ServerOptions struct {
	// MaxBodySize bounds a POST body (default DefaultMaxBodySize); larger
	// bodies get 413.
	MaxBodySize int64
	// AllowedOrigins lists extra browser origins ("https://app.example")
	// allowed besides loopback ones and the server's own. Any other Origin
	// gets 403.
	AllowedOrigins []string
	// AllowedHosts lists Host header values accepted on a loopback listener
	// besides localhost, 127.0.0.1 and [::1] (DNS-rebinding protection).
	AllowedHosts []string
	// Authorize, when set, sees every request first (e.g. to check a
	// bearer token). A non-nil error answers 401 with a WWW-Authenticate
	// challenge, or the status of an *HTTPError.
	Authorize func(r *http.Request) error
	// Auth, when set, makes the handler an OAuth 2.1 resource server:
	// every request needs a bearer token Auth.Verify accepts (see
	// AuthOptions; Mount serves the metadata document it points to).
	Auth *AuthOptions
	// SessionIdleTimeout ends legacy sessions idle for this long
	// (default 30 minutes). A timer sweeps them out while sessions live;
	// Close stops it.
	SessionIdleTimeout time.Duration
	// MaxSessions caps the legacy sessions alive at once (default
	// DefaultMaxSessions). An initialize beyond it, once idle sessions
	// are swept, is answered 503 Service Unavailable with a JSON-RPC error
	// naming the cap.
	MaxSessions int
	// ReplayEvents is how many SSE events each stream keeps for
	// resumption with Last-Event-ID (default 256) in the default
	// EventStore.
	ReplayEvents int
	// EventStore keeps the events of legacy-era SSE streams for
	// resumption (default: NewMemoryEventStore(ReplayEvents), in this
	// process). A store shared by replicas that is also a SessionStore
	// (transport/redisstore) lets a client whose replica died go on with
	// its session on another one: the first request there takes the
	// session over (its initialize is replayed: protocol version, client
	// capabilities and info), and GET with Last-Event-ID replays the
	// events the dead replica stored. What does not survive: requests in
	// flight on the dead replica (their later events and response are
	// lost; a resumed stream ends after what was stored), and session
	// state set after initialize (logging/setLevel, resources/subscribe).
	// When the store fails, resuming and taking over answer 503, an
	// initialize that cannot be saved too, and events still reach a
	// connected client, without an id.
	EventStore transport.EventStore
	// WriteTimeout bounds each write to a client (default 30s). Long
	// calls are fine: the deadline applies per write, not per request.
	WriteTimeout time.Duration
}

// HTTPError is an error with an HTTP status, for Authorize hooks.
type HTTPError struct {
	Status  int
	Message string
}

func (e *HTTPError) Error() string { return e.Message }

// Server is an http.Handler serving MCP's Streamable HTTP
// transport, in both protocol eras, on one endpoint (mount it at /mcp).
type Server struct {
	backend transport.StreamableBackend
	opts    ServerOptions

	// allowedHost is the last Host value hostAllowed accepted.
	allowedHost atomic.Pointer[string]

	mu       sync.Mutex
	sessions map[string]*httpSession
	opening  int         // initialize requests holding a place below MaxSessions
	sweeper  *time.Timer // the next sweep of idle sessions; nil when none live

	draining  chan struct{} // closed by Drain
	drainOnce sync.Once
}

// NewServer returns a handler feeding backend; opts may be nil.
func NewServer(backend transport.StreamableBackend, opts *ServerOptions) *Server {
	h := &Server{backend: backend, sessions: map[string]*httpSession{}, draining: make(chan struct{})}
	if opts != nil {
		h.opts = *opts
	}
	if h.opts.MaxBodySize <= 0 {
		h.opts.MaxBodySize = DefaultMaxBodySize
	}
	if h.opts.SessionIdleTimeout <= 0 {
		h.opts.SessionIdleTimeout = 30 * time.Minute
	}
	if h.opts.ReplayEvents <= 0 {
		h.opts.ReplayEvents = 256
	}
	if h.opts.EventStore == nil {
		h.opts.EventStore = transport.NewMemoryEventStore(h.opts.ReplayEvents)
	}
	if h.opts.WriteTimeout <= 0 {
		h.opts.WriteTimeout = 30 * time.Second
	}
	if h.opts.MaxSessions <= 0 {
		h.opts.MaxSessions = DefaultMaxSessions
	}
	return h
}

// ServeHTTP implements http.Handler.
func (h *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if status, msg := h.checkRequestSource(r); status != 0 {
		writeHTTPError(w, status, nil, transport.CodeInvalidRequest, msg)
		return
	}
	if h.opts.Auth != nil {
		var ok bool
		if r, ok = h.authenticate(w, r); !ok {
			return
		}
	}
	if h.opts.Authorize != nil {
		if err := h.opts.Authorize(r); err != nil {
			h.unauthorized(w, err)
			return
		}
	}
	switch r.Method {
	case http.MethodPost:
		h.post(w, r)
	case http.MethodGet:
		h.get(w, r)
	case http.MethodDelete:
		h.delete(w, r)
	default:
		w.Header().Set("Allow", "GET, POST, DELETE")
		writeHTTPError(w, http.StatusMethodNotAllowed, nil, transport.CodeInvalidRequest, "Method Not Allowed")
	}
}

func (h *Server) unauthorized(w http.ResponseWriter, err error) {
	status := http.StatusUnauthorized
	var he *HTTPError
	if errors.As(err, &he) && he.Status != 0 {
		status = he.Status
	}
	if status == http.StatusUnauthorized && w.Header().Get("WWW-Authenticate") == "" {
		w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
	}
	writeHTTPError(w, status, nil, transport.CodeInvalidRequest, "Unauthorized: "+err.Error())
}

// post handles one client → server message.
func (h *Server) post(w http.ResponseWriter, r *http.Request) {
	if !isJSONContentType(header(r, "Content-Type")) {
		writeHTTPError(w, http.StatusUnsupportedMediaType, nil, transport.CodeInvalidRequest, "Unsupported Media Type: Content-Type must be application/json")
		return
	}
	if !acceptsJSONAndSSE(r) {
		writeHTTPError(w, http.StatusNotAcceptable, nil, transport.CodeInvalidRequest, "Not Acceptable: Accept must include application/json and text/event-stream")
		return
	}
	body, err := readBody(w, r, h.opts.MaxBodySize)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeHTTPError(w, http.StatusRequestEntityTooLarge, nil, transport.CodeInvalidRequest, "Request Entity Too Large: body exceeds the limit")
			return
		}
		writeHTTPError(w, http.StatusBadRequest, nil, transport.CodeParseError, "Parse error: could not read body")
		return
	}
	// The body is read: the server's whole-request deadlines must neither
	// cut off nor cancel a long tool call (writeDeadline).
	c := &postCall{}
	c.out.deadline.begin(w, r)
	m, derr := transport.DecodeOwnedInto(&c.msg, body)
	if derr != nil {
		var id json.RawMessage
		if m != nil {
			id = m.ID
		}
		writeHTTPError(w, http.StatusBadRequest, id, derr.Code, derr.Message)
		return
	}
	if h.opts.Auth != nil && !h.authorizeMessage(w, r, m) {
		return
	}
	if header(r, canonSessionID) == "" { // a session's request is never stateless
		if pk := transport.PeekParams(m); h.isStateless(r, m, pk) {
			h.postStateless(w, r, c, m, pk)
			return
		}
	}
	h.postLegacy(w, r, c, m)
}

// isStateless tells the 2026-07-28 era (no session; the version in every
// request) from the handshake era.
func (h *Server) isStateless(r *http.Request, m *transport.Message, pk transport.ParamsPeek) bool {
	if header(r, canonSessionID) != "" {
		return false
	}
	if v := strings.TrimSpace(header(r, canonProtocolVersion)); v != "" && !h.backend.IsLegacyVersion(v) {
		return true
	}
	if m.Method == "server/discover" {
		return true
	}
	return pk.HasVersion()
}

// checkStatelessHeaders enforces the 2026-07-28 header rules (-32020).
func checkStatelessHeaders(r *http.Request, m *transport.Message, pk transport.ParamsPeek) *transport.Error {
	version := strings.TrimSpace(header(r, canonProtocolVersion))
	if version == "" {
		return transport.Errorf(transport.CodeHeaderMismatch, "Header mismatch: missing %s header", HeaderProtocolVersion)
	}
	if m.Method != "" {
		method := strings.TrimSpace(header(r, canonMethod))
		if method == "" {
			return transport.Errorf(transport.CodeHeaderMismatch, "Header mismatch: missing %s header", HeaderMethod)
		}
		if method != m.Method {
			return transport.Errorf(transport.CodeHeaderMismatch, "Header mismatch: %s %q does not match the body's method %q", HeaderMethod, method, m.Method)
		}
	}
	name, hasName := pk.Name, pk.HasName
	nameHeader, hasHeader := r.Header[canonName]
	switch {
	case hasName && !hasHeader:
		return transport.Errorf(transport.CodeHeaderMismatch, "Header mismatch: missing %s header", HeaderName)
	case hasHeader && strings.TrimSpace(nameHeader[0]) != name:
		return transport.Errorf(transport.CodeHeaderMismatch, "Header mismatch: %s %q does not match the body", HeaderName, strings.TrimSpace(nameHeader[0]))
	}
	if pk.HasVersion() && !pk.VersionIs(version) {
		return transport.Errorf(transport.CodeHeaderMismatch, "Header mismatch: %s %q does not match _meta protocolVersion %q", HeaderProtocolVersion, version, pk.VersionString())
	}
	return nil
}

// postStateless answers a message of the 2026 era; c is its memory.
func (h *Server) postStateless(w http.ResponseWriter, r *http.Request, c *postCall, m *transport.Message, pk transport.ParamsPeek) {
	if e := checkStatelessHeaders(r, m, pk); e != nil {
		writeHTTPError(w, http.StatusBadRequest, m.ID, e.Code, e.Message)
		return
	}
	if m.Method == "tools/call" && pk.HasName {
		if ps := h.backend.ParamHeaders(pk.Name); len(ps) > 0 {
			if e := checkParamHeaders(r.Header, m.Params, ps); e != nil {
				writeHTTPError(w, http.StatusBadRequest, m.ID, e.Code, e.Message)
				return
			}
		}
	}
	if !m.IsRequest() {
		h.backend.Handle2026(statelessContext(r), m, nil)
		c.out.deadline.beforeWrite(w, h.opts.WriteTimeout)
		w.WriteHeader(http.StatusAccepted)
		return
	}
	out := &c.out
	out.init(w, nil, nil, h.opts.WriteTimeout)
	// The call's context is the request's: closing the response stream
	// cancels it.
	resp := h.backend.Handle2026(initStatelessContext(&c.stateless, r), m, out.emit)
	out.finish(resp, statelessStatus)
}

// statelessStatus maps a JSON-RPC error to the HTTP status the 2026-07-28
// era asks for.
func statelessStatus(e *transport.Error) int {
	if e == nil {
		return http.StatusOK
	}
	switch e.Code {
	case transport.CodeMethodNotFound:
		return http.StatusNotFound
	case transport.CodeInternalError:
		return http.StatusInternalServerError
	}
	return http.StatusBadRequest
}

func legacyStatus(*transport.Error) int { return http.StatusOK }

// postLegacy answers a message of the handshake era; c is its memory.
func (h *Server) postLegacy(w http.ResponseWriter, r *http.Request, c *postCall, m *transport.Message) {
	id := header(r, canonSessionID)
	if v := strings.TrimSpace(header(r, canonProtocolVersion)); v != "" && !h.backend.IsLegacyVersion(v) {
		writeHTTPError(w, http.StatusBadRequest, m.ID, transport.CodeInvalidRequest, "Bad Request: unsupported "+HeaderProtocolVersion+" "+v)
		return
	}
	if id == "" {
		if m.Method != "initialize" {
			writeHTTPError(w, http.StatusBadRequest, m.ID, transport.CodeInvalidRequest, "Bad Request: "+HeaderSessionID+" header is required (send initialize first)")
			return
		}
		c.out.deadline.lift(w)
		h.initialize(w, r, m)
		return
	}
	s, err := h.session(id, requestOwner(r)) // may take a session over from a shared store
	if err != nil {
		c.out.deadline.beforeWrite(w, h.opts.WriteTimeout)
		writeSessionError(w, m.ID, err)
		return
	}
	defer s.release()
	if !m.IsRequest() {
		s.backend.Handle(s.ctx, m, nil)
		c.out.deadline.beforeWrite(w, h.opts.WriteTimeout)
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if s.polling && m.Method == "tools/call" {
		c.out.deadline.lift(w)
		st := s.newStream()
		h.postDetached(r, s, m, st, newResponseStream(w, s, st, h.opts.WriteTimeout))
		return
	}
	// The resumable stream is made only if the answer turns into one: most
	// requests are answered with plain JSON.
	out := &c.out
	out.init(w, s, nil, h.opts.WriteTimeout)
	out.session = s
	// Legacy era: a dropped connection does not cancel the call; the client
	// may resume the stream with Last-Event-ID. DELETE or
	// notifications/cancelled do. The request's context values still reach
	// the call.
	resp := s.backend.Handle(s.initContext(&c.session, r), m, out.emit)
	out.finish(resp, legacyStatus)
	if st := out.stream(); st != nil {
		s.streamDone(st, true)
	}
}

// get opens the session's stream of server-initiated messages, or resumes
// a stream after Last-Event-ID.
func (h *Server) get(w http.ResponseWriter, r *http.Request) {
	s, ok := h.sessionFor(w, r)
	if !ok {
		return
	}
	defer s.release()
	if !accepts(r, "text/event-stream") {
		writeHTTPError(w, http.StatusNotAcceptable, nil, transport.CodeInvalidRequest, "Not Acceptable: Accept must include text/event-stream")
		return
	}
	_ = http.NewResponseController(w).SetWriteDeadline(time.Time{})
	lastEventID := r.Header.Get(HeaderLastEventID)
	st, ok := s.resumeTarget(lastEventID)
	if !ok {
		writeAttachError(w, lastEventID, transport.ErrMalformedEventID)
		return
	}
	conn := newSSEConn(w, s.id, h.opts.WriteTimeout)
	conn.ended = make(chan struct{})
	if err := st.attach(conn, lastEventID, lastEventID != ""); err != nil {
		if !conn.started {
			writeAttachError(w, lastEventID, err)
		}
		return
	}
	var draining <-chan struct{} // a resumed call's stream ends with the call
	if st == s.get {
		draining = h.draining
	}
	select {
	case <-draining:
	case <-r.Context().Done():
	case <-st.finished:
	case <-s.ctx.Done():
	case <-conn.ended: // CloseSSEStream, or the client resumed elsewhere
	}
	st.detach(conn)
}

func (h *Server) delete(w http.ResponseWriter, r *http.Request) {
	s, ok := h.sessionFor(w, r)
	if !ok {
		return
	}
	s.release()
	h.mu.Lock()
	delete(h.sessions, s.id)
	h.mu.Unlock()
	s.close()
	h.forget(s)
	w.WriteHeader(http.StatusNoContent)
}

// sessionFor finds the session of a GET or DELETE, answering the error.
func (h *Server) sessionFor(w http.ResponseWriter, r *http.Request) (*httpSession, bool) {
	id := r.Header.Get(HeaderSessionID)
	if id == "" {
		if v := strings.TrimSpace(r.Header.Get(HeaderProtocolVersion)); v != "" && !h.backend.IsLegacyVersion(v) {
			w.Header().Set("Allow", "POST")
			writeHTTPError(w, http.StatusMethodNotAllowed, nil, transport.CodeInvalidRequest, "Method Not Allowed: the stateless protocol uses POST only")
			return nil, false
		}
		writeHTTPError(w, http.StatusBadRequest, nil, transport.CodeInvalidRequest, "Bad Request: "+HeaderSessionID+" header is required")
		return nil, false
	}
	s, err := h.session(id, requestOwner(r))
	if err != nil {
		writeSessionError(w, nil, err)
		return nil, false
	}
	return s, true
}

// writeAttachError answers a GET whose stream could not be attached.
func writeAttachError(w http.ResponseWriter, lastEventID string, err error) {
	switch {
	case errors.Is(err, errStreamBusy):
		writeHTTPError(w, http.StatusConflict, nil, transport.CodeInvalidRequest, "Conflict: the session's GET stream is already open")
	case errors.Is(err, transport.ErrMalformedEventID):
		writeHTTPError(w, http.StatusBadRequest, nil, transport.CodeInvalidRequest, "Bad Request: malformed Last-Event-ID "+strconv.Quote(lastEventID)+" (not an event id this server sent)")
	case errors.Is(err, transport.ErrUnknownEvent):
		writeHTTPError(w, http.StatusBadRequest, nil, transport.CodeInvalidRequest, "Bad Request: unknown Last-Event-ID "+strconv.Quote(lastEventID))
	default:
		writeHTTPError(w, http.StatusServiceUnavailable, nil, transport.CodeInternalError, "Service Unavailable: "+err.Error())
	}
}

// writeHTTPError answers with an HTTP status and a JSON-RPC error body.
func writeHTTPError(w http.ResponseWriter, status int, id json.RawMessage, code int, msg string) {
	writeJSON(w, status, nil, transport.NewErrorResponse(id, &transport.Error{Code: code, Message: msg}))
}

// jsonContentType is shared by every JSON response's header (net/http
// only reads header values; Header.Set and Add replace or copy them).
var jsonContentType = []string{"application/json"}

// bufferedResponse is the size of the buffer net/http's server writes a
// response into before sending headers (its bufferBeforeChunkingSize): a
// handler's single Write up to this size is still buffered when the
// handler returns, and the server sets Content-Length itself.
const bufferedResponse = 2048

// writeJSON answers m as JSON; sessionHeader, when not nil, is the
// Mcp-Session-Id header's value list (httpSession.idHeader).
func writeJSON(w http.ResponseWriter, status int, sessionHeader []string, m *transport.Message) {
	h := w.Header()
	if sessionHeader != nil {
		h[canonSessionID] = sessionHeader
	}
	if m == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	buf := responseBuffers.Get().(*[]byte)
	defer putResponseBuffer(buf)
	data, err := appendMessage((*buf)[:0], m)
	if err != nil {
		status = http.StatusInternalServerError
		data, _ = jsonenc.Marshal(transport.NewErrorResponse(m.ID, transport.Errorf(transport.CodeInternalError, "encode response: %v", err)))
	} else {
		*buf = data
	}
	h["Content-Type"] = jsonContentType
	// One Write with the length known: never chunked, whatever the size.
	// A small response is buffered whole, and net/http computes its length
	// without the allocations of a header value.
	if len(data) >= bufferedResponse {
		h["Content-Length"] = []string{strconv.Itoa(len(data))}
	}
	w.WriteHeader(status)
	_, _ = w.Write(data)
}

// responseBuffers hold the JSON of answers while they are written: the
// ResponseWriter copies what it is given (io.Writer does not keep p).
var responseBuffers = sync.Pool{New: func() any { return new([]byte) }}

// maxPooledResponse: larger buffers are left to the garbage collector.
const maxPooledResponse = 64 << 10

func putResponseBuffer(buf *[]byte) {
	if cap(*buf) <= maxPooledResponse {
		responseBuffers.Put(buf)
	}
}

// encodeMessage is jsonenc.Marshal(m), without re-validating a result that is
// already one line of JSON (the common case of a response).
func encodeMessage(m *transport.Message) ([]byte, error) {
	if !plainResponse(m) {
		return jsonenc.Marshal(m)
	}
	return appendMessage(make([]byte, 0, len(`{"jsonrpc":"2.0","id":,"result":}`)+len(m.ID)+len(m.Result)), m)
}

// appendMessage appends encodeMessage(m) to dst.
func appendMessage(dst []byte, m *transport.Message) ([]byte, error) {
	if !plainResponse(m) {
		data, err := jsonenc.Marshal(m)
		return append(dst, data...), err
	}
	dst = append(dst, `{"jsonrpc":"2.0","id":`...)
	dst = append(dst, m.ID...)
	dst = append(dst, `,"result":`...)
	dst = append(dst, m.Result...)
	return append(dst, '}'), nil
}

// plainResponse: m is a result whose encoding is its members written in
// order (the result already one line of JSON).
func plainResponse(m *transport.Message) bool {
	return m.Method == "" && m.Error == nil && len(m.Result) > 0 && len(m.ID) > 0 &&
		bytes.IndexByte(m.Result, '\n') < 0 && bytes.IndexByte(m.Result, '\r') < 0 && transport.ValidID(m.ID)
}

func isJSONContentType(ct string) bool {
	if ct == "application/json" { // what clients send; else parse
		return true
	}
	if plainMediaType(ct) {
		return ct == "application/json"
	}
	mt, _, err := mime.ParseMediaType(ct)
	return err == nil && mt == "application/json"
}

// plainMediaType reports whether mime.ParseMediaType(s) returns s itself
// and no parameters: lowercase token characters around one '/'. Such
// values, the usual ones, are compared without parsing.
func plainMediaType(s string) bool {
	slash := strings.IndexByte(s, '/')
	if slash <= 0 || slash == len(s)-1 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if i != slash && !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0) {
			return false
		}
	}
	return true
}

// accepts reports whether the Accept header admits mediaType. No Accept
// header admits everything.
func accepts(r *http.Request, mediaType string) bool {
	ok, _ := acceptsPair(r, mediaType, mediaType)
	return ok
}

// acceptsJSONAndSSE reports whether the Accept header admits both
// application/json and text/event-stream, as a POST's must. The value
// clients send is recognised without parsing.
func acceptsJSONAndSSE(r *http.Request) bool {
	if v := r.Header["Accept"]; len(v) == 1 && v[0] == "application/json, text/event-stream" {
		return true
	}
	json, sse := acceptsPair(r, "application/json", "text/event-stream")
	return json && sse
}

// acceptsPair is accepts for two media types, reading the header once.
func acceptsPair(r *http.Request, a, b string) (okA, okB bool) {
	values := r.Header["Accept"]
	if len(values) == 0 {
		return true, true
	}
	for _, v := range values {
		for v != "" && !(okA && okB) {
			var part string
			part, v, _ = strings.Cut(v, ",")
			mt := strings.TrimSpace(part)
			if !plainMediaType(mt) {
				var err error
				if mt, _, err = mime.ParseMediaType(mt); err != nil {
					continue
				}
			}
			okA = okA || admits(mt, a)
			okB = okB || admits(mt, b)
		}
	}
	return okA, okB
}

// admits reports whether the Accept entry mt (a media type or range)
// admits mediaType.
func admits(mt, mediaType string) bool {
	if mt == mediaType || mt == "*/*" {
		return true
	}
	major, _, _ := strings.Cut(mediaType, "/")
	return len(mt) == len(major)+2 && strings.HasPrefix(mt, major) && strings.HasSuffix(mt, "/*")
}
