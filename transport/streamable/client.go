package streamable

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"sync"
	"syscall"
	"time"

	"github.com/mcpdev/mcpdev/internal/jsonenc"
	"github.com/mcpdev/mcpdev/transport"
)

// ClientOptions configures NewClient; every field is
// optional.
type ClientOptions struct {
	// HTTPClient sends the requests (default: a client of its own).
	HTTPClient *http.Client
	// Header is added to every request, e.g. Authorization.
	Header http.Header
	// MaxMessageSize bounds one incoming message (default
	// DefaultMaxMessageSize). A larger one is not held in memory: Read
	// reports it as a *DecodeError matching ErrTooLarge, carrying the id
	// of the request it answered.
	MaxMessageSize int
	// RetryFor is how long a request is retried while the server refuses
	// connections, e.g. while a stateless server restarts (default 5s).
	RetryFor time.Duration
	// ReconnectAttempts bounds how many times in a row a legacy-era
	// response stream that ended before its response is resumed (GET with
	// Last-Event-ID) without the server sending anything new — an event
	// or a `retry:` time — and how often the session's GET stream is
	// reopened without new events (default 5). Each attempt waits the
	// stream's `retry:` time, or a short backoff when the server set none.
	ReconnectAttempts int
	// OnLink is told when an exchange fails to reach the server, when one
	// reaches it again, and when a forgotten session was renewed (see
	// LinkEvent). It is called on the client's goroutines: it must not
	// block.
	OnLink func(LinkEvent)
}

// Client is the client side of Streamable HTTP as a Conn: every
// written request is POSTed and its answer (JSON, or an SSE stream with
// progress and logs before the response) comes back through Read. It
// speaks both eras: requests carrying the 2026-07-28 _meta go out with the
// MCP-Protocol-Version, Mcp-Method and Mcp-Name headers (and, on
// tools/call, the Mcp-Param-* headers of SetParamHeaders) and no session;
// otherwise it keeps the Mcp-Session-Id of initialize, opens the GET
// stream and resumes with Last-Event-ID a response stream that ends before
// its response — broken, or closed by the server to be polled (SEP-1699),
// after the stream's `retry:` time.
type Client struct {
	url    string
	client *http.Client
	opts   ClientOptions
	in     chan inbound
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	// renewMu lets one request at a time open a new session after the
	// server forgot the old one (renew.go).
	renewMu sync.Mutex

	mu        sync.Mutex
	sessionID string
	initBody  []byte // the initialize request, sent again to renew the session
	version   string // negotiated legacy version
	initID    string
	getOpen   bool
	down      bool // the last exchange failed to reach the server (LinkDown told)
	inflight  map[string]context.CancelFunc
	closed    bool
	params    map[string][]transport.ParamHeader // SetParamHeaders: tool → mirrored arguments

	sleep func(ctx context.Context, d time.Duration) // sleepCtx; tests record the waits
	// beforeRequest, set by tests, runs as Write starts a request.
	beforeRequest func()
}

// NewClient returns a Conn to the MCP endpoint at url
// (e.g. http://127.0.0.1:8000/mcp). No request is made until the first
// Write.
func NewClient(url string, opts *ClientOptions) *Client {
	c := &Client{url: url, in: make(chan inbound, 64), inflight: map[string]context.CancelFunc{}, sleep: sleepCtx}
	if opts != nil {
		c.opts = *opts
	}
	c.client = c.opts.HTTPClient
	if c.client == nil {
		c.client = &http.Client{Transport: &http.Transport{
			Proxy: http.ProxyFromEnvironment, MaxIdleConnsPerHost: 64, IdleConnTimeout: 90 * time.Second,
		}}
	}
	if c.opts.MaxMessageSize <= 0 {
		c.opts.MaxMessageSize = transport.DefaultMaxMessageSize
	}
	if c.opts.RetryFor <= 0 {
		c.opts.RetryFor = 5 * time.Second
	}
	if c.opts.ReconnectAttempts <= 0 {
		c.opts.ReconnectAttempts = 5
	}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	return c
}

// SessionID is the legacy-era session, "" before initialize or when stateless.
func (c *Client) SessionID() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sessionID
}

// Read returns the next message from the server.
func (c *Client) Read(ctx context.Context) (*transport.Message, error) {
	select {
	case in := <-c.in:
		return in.m, in.err
	case <-c.ctx.Done():
		return nil, transport.ErrClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Write sends m. A request is POSTed in the background and answered
// through Read; a notification or response is POSTed before Write returns.
func (c *Client) Write(ctx context.Context, m *transport.Message) error {
	if c.ctx.Err() != nil {
		return transport.ErrClosed
	}
	_, stateless := transport.MetaVersion(m)
	if m.Method == "notifications/cancelled" && c.abort(m) && c.SessionID() == "" {
		return nil // stateless: closing the request's stream cancels it
	}
	if !m.IsRequest() {
		return c.postOneWay(ctx, m, stateless)
	}
	if c.beforeRequest != nil {
		c.beforeRequest()
	}
	key := string(m.ID)
	rctx, cancel := context.WithCancel(c.ctx)
	c.mu.Lock()
	if c.closed { // Close ran since the check above
		c.mu.Unlock()
		cancel()
		return transport.ErrClosed
	}
	c.inflight[key] = cancel
	if m.Method == "initialize" {
		c.initID = key
		c.initBody, _ = jsonenc.Marshal(m)
	}
	// Added under c.mu, before Close can see closed and Wait.
	c.wg.Add(1)
	c.mu.Unlock()
	go func() {
		defer c.wg.Done()
		defer func() {
			c.mu.Lock()
			delete(c.inflight, key)
			c.mu.Unlock()
			cancel()
		}()
		c.roundTrip(rctx, m, stateless)
	}()
	return nil
}

// abort cancels the in-flight POST a notifications/cancelled refers to.
func (c *Client) abort(m *transport.Message) bool {
	var p struct {
		RequestID json.RawMessage `json:"requestId"`
	}
	if json.Unmarshal(m.Params, &p) != nil {
		return false
	}
	c.mu.Lock()
	cancel := c.inflight[string(p.RequestID)]
	c.mu.Unlock()
	if cancel != nil {
		cancel()
	}
	return cancel != nil
}

func (c *Client) postOneWay(ctx context.Context, m *transport.Message, stateless bool) error {
	// Close ends the wait as well as ctx: callers send notifications/cancelled
	// with context.Background(), and a server that accepts the POST but never
	// answers must not keep them waiting forever.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := context.AfterFunc(c.ctx, cancel)
	defer stop()
	resp, err := c.post(ctx, m, stateless)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("transport: POST %s: HTTP %d", m.Method, resp.StatusCode)
	}
	if m.Method == "notifications/initialized" {
		c.awaitGetStream(ctx, c.startGetStream())
	}
	return nil
}

// getStreamWait bounds how long the handshake waits for the GET stream's
// response headers before going on without them.
const getStreamWait = 2 * time.Second

// awaitGetStream waits until the server answered the first GET (or it
// failed), so that the requests that follow the handshake reach a server
// whose stream for server-initiated messages is already open: a server
// that resumes a closed response stream on the GET stream (SEP-1699) must
// not take a GET that is still on its way for that resumption.
func (c *Client) awaitGetStream(ctx context.Context, ready <-chan struct{}) {
	t := time.NewTimer(getStreamWait)
	defer t.Stop()
	select {
	case <-ready:
	case <-t.C:
	case <-ctx.Done():
	case <-c.ctx.Done():
	}
}

// roundTrip POSTs a request and delivers everything the server answers.
// A session the server no longer knows (404, or 400 naming the session)
// is renewed and the request sent once more (renew.go). What
// fails beneath JSON-RPC fails the request with a *LinkError.
func (c *Client) roundTrip(ctx context.Context, m *transport.Message, stateless bool) {
	resp, err := c.post(ctx, m, stateless)
	if err == nil && !stateless {
		if forgot, why := c.forgotSession(resp); forgot {
			resp, err = c.renewAndRetry(ctx, m, resp, why)
		}
	}
	if err != nil {
		c.failRequest(ctx, m.ID, linkError(c.url, err))
		return
	}
	defer resp.Body.Close()
	c.noteSession(resp)
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	switch {
	case mt == "text/event-stream" && resp.StatusCode/100 == 2:
		c.readPostStream(ctx, resp.Body, m.ID)
	case mt == "application/json":
		c.readJSON(ctx, resp, m.ID)
	case resp.StatusCode/100 != 2:
		c.failStatus(ctx, resp, m.ID)
	default:
		c.deliver(transport.NewErrorResponse(m.ID, transport.Errorf(transport.CodeInternalError, "transport: HTTP %d with content type %q", resp.StatusCode, mt)))
	}
}

// failStatus fails request id with the error status of resp, and what
// the server said with it.
func (c *Client) failStatus(ctx context.Context, resp *http.Response, id json.RawMessage) {
	body, _ := io.ReadAll(io.LimitReader(resp.Body, maxStatusBody))
	c.failRequest(ctx, id, statusError(c.url, resp.StatusCode, resp.Header.Get("Content-Type"), body))
}

// maxStatusBody bounds what is read of an error status's body.
const maxStatusBody = 64 << 10

func (c *Client) readJSON(ctx context.Context, resp *http.Response, id json.RawMessage) {
	max := c.opts.MaxMessageSize
	data, over, err := readResponse(resp, id, max)
	if over != nil {
		c.deliverErr(over)
		return
	}
	if err != nil {
		c.failRequest(ctx, id, c.linkFailed(ctx, err))
		return
	}
	msg, derr := transport.DecodeOwned(data)
	switch {
	case derr != nil && resp.StatusCode/100 != 2:
		// an error status whose body is no JSON-RPC message: the server's
		// own words, not a decode error of ours
		c.failRequest(ctx, id, statusError(c.url, resp.StatusCode, resp.Header.Get("Content-Type"), data))
		return
	case derr != nil:
		c.deliver(transport.NewErrorResponse(id, transport.Errorf(transport.CodeInternalError, "transport: HTTP %d: %s", resp.StatusCode, derr.Message)))
		return
	}
	if msg.IsResponse() && (len(msg.ID) == 0 || string(msg.ID) == "null") {
		msg.ID = id // an error answered before the server could read the id
	}
	c.deliver(msg)
}

// readPostStream reads a POST's SSE stream until the response to id. When
// the stream ends first — the server closed it to be polled (SEP-1699), or
// the connection broke — it resumes the stream with GET and Last-Event-ID
// (legacy era), after the stream's retry time, as often as the server
// keeps sending something; ReconnectAttempts bounds the fruitless tries.
func (c *Client) readPostStream(ctx context.Context, body io.ReadCloser, id json.RawMessage) {
	lastID, retry, failures := "", time.Duration(0), 0
	var lastErr error
	for {
		if body != nil {
			r := c.readSSE(ctx, body, id)
			lastErr = r.err
			body.Close()
			body = nil
			if r.got || ctx.Err() != nil {
				return
			}
			if r.lastID != "" {
				lastID = r.lastID
			}
			if r.retry > 0 {
				retry = r.retry
			}
			if r.lastID == "" && r.retry == 0 {
				failures++
			} else {
				failures = 0
			}
		}
		if lastID == "" || c.SessionID() == "" || failures >= c.opts.ReconnectAttempts {
			c.failRequest(ctx, id, c.streamEnded(ctx, lastErr))
			return
		}
		c.sleep(ctx, reconnectDelay(retry, failures))
		resp, err := c.get(ctx, lastID)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			lastErr = err
			failures++
			continue
		}
		if resp.StatusCode != http.StatusOK {
			c.failStatus(ctx, resp, id)
			resp.Body.Close()
			return
		}
		body = resp.Body
	}
}

// reconnectDelay is the server's retry time, or a backoff growing with
// the failed attempts when it set none.
func reconnectDelay(retry time.Duration, failures int) time.Duration {
	if retry > 0 {
		return retry
	}
	return time.Duration(100*(failures+1)) * time.Millisecond
}

// startGetStream opens the legacy GET stream for server-initiated
// messages, once, and keeps it open (resuming) until Close. The channel
// is closed when the first GET was answered or failed (at once when no
// stream is opened).
func (c *Client) startGetStream() <-chan struct{} {
	ready := make(chan struct{})
	c.mu.Lock()
	if c.getOpen || c.sessionID == "" || c.closed {
		c.mu.Unlock()
		close(ready)
		return ready
	}
	c.getOpen = true
	c.wg.Add(1)
	c.mu.Unlock()
	go func() {
		defer c.wg.Done()
		var once sync.Once
		answered := func() { once.Do(func() { close(ready) }) }
		defer answered()
		lastID, retry := "", time.Duration(0)
		for failures := 0; c.ctx.Err() == nil && failures < c.opts.ReconnectAttempts; {
			resp, err := c.get(c.ctx, lastID)
			answered()
			if err != nil {
				failures++
				c.sleep(c.ctx, time.Duration(failures)*200*time.Millisecond)
				continue
			}
			if resp.StatusCode != http.StatusOK {
				resp.Body.Close()
				return // 405: the server offers no GET stream
			}
			r := c.readSSE(c.ctx, resp.Body, nil)
			resp.Body.Close()
			if r.err != nil && !errors.Is(r.err, io.EOF) {
				c.linkFailed(c.ctx, r.err) // the server went away mid-stream
			}
			if r.lastID != "" {
				lastID = r.lastID
				failures = 0
			} else {
				failures++
			}
			if r.retry > 0 {
				retry = r.retry
			}
			if retry > 0 {
				c.sleep(c.ctx, retry)
			} else {
				c.sleep(c.ctx, 100*time.Millisecond)
			}
		}
	}()
	return ready
}

func sleepCtx(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

func (c *Client) get(ctx context.Context, lastEventID string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.url, nil)
	if err != nil {
		return nil, err
	}
	c.setCommon(req.Header)
	req.Header.Set("Accept", "text/event-stream")
	if lastEventID != "" {
		req.Header.Set(HeaderLastEventID, lastEventID)
	}
	return c.do(req)
}

func (c *Client) setCommon(h http.Header) {
	for k, v := range c.opts.Header {
		h[k] = append([]string(nil), v...)
	}
	c.mu.Lock()
	if c.sessionID != "" {
		h.Set(HeaderSessionID, c.sessionID)
	}
	if c.version != "" {
		h.Set(HeaderProtocolVersion, c.version)
	}
	c.mu.Unlock()
}

// post sends one message, retrying while the server refuses connections.
// One that went out on a kept-alive connection the server closed is not
// sent again: the server may have read it before it went away.
func (c *Client) post(ctx context.Context, m *transport.Message, stateless bool) (*http.Response, error) {
	body, err := jsonenc.Marshal(m)
	if err != nil {
		return nil, err
	}
	deadline := time.Now().Add(c.opts.RetryFor)
	for wait := 20 * time.Millisecond; ; wait = min(wait*2, 500*time.Millisecond) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		c.setHeaders(req.Header, m, stateless)
		resp, err := c.client.Do(req)
		if err == nil {
			c.linkReached()
			return resp, nil
		}
		if !errors.Is(err, syscall.ECONNREFUSED) || time.Now().After(deadline) {
			return nil, c.linkFailed(ctx, err)
		}
		sleepCtx(ctx, wait)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
}

func (c *Client) setHeaders(h http.Header, m *transport.Message, stateless bool) {
	h.Set("Content-Type", "application/json")
	h.Set("Accept", "application/json, text/event-stream")
	if !stateless {
		c.setCommon(h)
		return
	}
	for k, v := range c.opts.Header {
		h[k] = append([]string(nil), v...)
	}
	v, _ := transport.MetaVersion(m)
	h.Set(HeaderProtocolVersion, v)
	if m.Method != "" {
		h.Set(HeaderMethod, m.Method)
	}
	if name, ok := transport.NameParam(m); ok {
		h.Set(HeaderName, name)
		if m.Method == "tools/call" {
			if ps := c.paramHeaders(name); len(ps) > 0 {
				setParamHeaders(h, m.Params, ps)
			}
		}
	}
}

// SetParamHeaders tells the client which tool arguments to mirror into
// Mcp-Param-* headers (SEP-2243) on stateless tools/call requests, by tool
// name, replacing what it was told before. ParamHeaders reads them from a
// tool's inputSchema; sdk.Client calls this after each tools/list. String
// values that are not safe header text travel Base64-encoded
// (EncodeParamValue); null or absent arguments send no header.
func (c *Client) SetParamHeaders(tools map[string][]transport.ParamHeader) {
	c.mu.Lock()
	c.params = tools
	c.mu.Unlock()
}

func (c *Client) paramHeaders(tool string) []transport.ParamHeader {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.params[tool]
}

// noteSession records the session id handed out by initialize.
func (c *Client) noteSession(resp *http.Response) {
	if id := resp.Header.Get(HeaderSessionID); id != "" {
		c.mu.Lock()
		if c.sessionID == "" {
			c.sessionID = id
		}
		c.mu.Unlock()
	}
}

// inbound is what Read returns next: a message, or a *DecodeError.
type inbound struct {
	m   *transport.Message
	err error
}

// deliver hands a message to Read, noting the version initialize agreed on.
func (c *Client) deliver(m *transport.Message) {
	if m.IsResponse() && m.Result != nil {
		c.mu.Lock()
		if c.initID != "" && string(m.ID) == c.initID {
			var r struct {
				ProtocolVersion string `json:"protocolVersion"`
			}
			if json.Unmarshal(m.Result, &r) == nil {
				c.version = r.ProtocolVersion
			}
			c.initID = ""
		}
		c.mu.Unlock()
	}
	c.push(inbound{m: m})
}

// deliverErr hands a frame that could not be read to Read.
func (c *Client) deliverErr(de *transport.DecodeError) { c.push(inbound{err: de}) }

func (c *Client) push(in inbound) {
	select {
	case c.in <- in:
	case <-c.ctx.Done():
	}
}

// Close aborts pending requests and ends a legacy session with DELETE.
func (c *Client) Close() error {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil
	}
	c.closed = true
	session := c.sessionID
	c.mu.Unlock()
	c.cancel()
	if session != "" {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if req, err := http.NewRequestWithContext(ctx, http.MethodDelete, c.url, nil); err == nil {
			c.setCommon(req.Header)
			if resp, err := c.client.Do(req); err == nil {
				resp.Body.Close()
			}
		}
	}
	c.wg.Wait()
	return nil
}

// Compile-time check.
var _ transport.Conn = (*Client)(nil)
