package streamable

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"

	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/transport"
)

// A request over HTTP can fail beneath JSON-RPC: nothing listens on the
// port, the connection breaks, the exchange times out, TLS fails, or the
// server (or a proxy before it) answers with an error status and a body
// that is no JSON-RPC answer. The client words each as what it is, in a
// *LinkError, and fails the request with it (a *transport.RequestError
// from Read), rather than dressing it up as the server's -32603.

// Failure is the kind of a LinkError.
type Failure int

const (
	FailRefused Failure = iota + 1 // nothing listens at the address
	FailReset                      // the connection broke, or closed before the answer
	FailTimeout                    // no answer in time
	FailTLS                        // the TLS handshake or the certificate failed
	FailHost                       // the host name does not resolve
	FailStatus                     // an HTTP error status with no JSON-RPC answer
	FailOther                      // any other failure to exchange
)

// LinkError is an HTTP exchange with the server that failed beneath
// JSON-RPC, worded as what happened.
type LinkError struct {
	Failure Failure
	// Host is the server's host:port.
	Host string
	// Status is the HTTP status (FailStatus); Message is what the server
	// said with it (its error's message, or its body's text), made safe
	// to show and clipped.
	Status  int
	Message string
	// Err is the cause, for FailStatus nil.
	Err error
}

func (e *LinkError) Error() string {
	switch e.Failure {
	case FailRefused:
		return "connection refused: nothing listens at " + e.Host + " (is the server running?)"
	case FailReset:
		return "connection lost: " + e.resetWords()
	case FailTimeout:
		return "timed out: no answer from " + e.Host
	case FailTLS:
		return "TLS failed with " + e.Host + ": " + e.cause()
	case FailHost:
		return "unknown host: " + e.cause()
	case FailStatus:
		if e.Message == "" {
			return e.Headline()
		}
		return e.Headline() + ": " + e.Message
	}
	return "cannot reach " + e.Host + ": " + e.cause()
}

// Headline names the failure in a few words: "connection refused",
// "HTTP 502 Bad Gateway".
func (e *LinkError) Headline() string {
	switch e.Failure {
	case FailRefused:
		return "connection refused"
	case FailReset:
		return "connection lost"
	case FailTimeout:
		return "timed out"
	case FailTLS:
		return "TLS failed"
	case FailHost:
		return "unknown host"
	case FailStatus:
		return strings.TrimSpace(fmt.Sprintf("HTTP %d %s", e.Status, http.StatusText(e.Status)))
	}
	return "cannot reach the server"
}

// Down reports whether the failure means the server cannot be reached
// (an error status means it, or a proxy before it, answered; another
// failure, such as a sign-in that failed, says nothing of the server).
func (e *LinkError) Down() bool { return e.Failure != FailStatus && e.Failure != FailOther }

func (e *LinkError) Unwrap() error { return e.Err }

func (e *LinkError) resetWords() string {
	if errors.Is(e.Err, syscall.ECONNRESET) {
		return "the connection to " + e.Host + " was reset"
	}
	return "the server at " + e.Host + " closed the connection before it answered"
}

func (e *LinkError) cause() string {
	if e.Err == nil {
		return "unknown cause"
	}
	var ue *url.Error
	if errors.As(e.Err, &ue) {
		return ue.Err.Error() // without the method and URL, said once already
	}
	return e.Err.Error()
}

// linkError words err, from exchanging with the server at rawURL.
func linkError(rawURL string, err error) *LinkError {
	var le *LinkError
	if errors.As(err, &le) {
		return le
	}
	return &LinkError{Failure: failureOf(err), Host: hostOf(rawURL), Err: err}
}

func failureOf(err error) Failure {
	var (
		dns      *net.DNSError
		ne       net.Error
		certErr  *tls.CertificateVerificationError
		recErr   tls.RecordHeaderError
		unknown  x509.UnknownAuthorityError
		hostname x509.HostnameError
		invalid  x509.CertificateInvalidError
	)
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return FailRefused
	case errors.As(err, &dns):
		return FailHost
	case errors.As(err, &certErr), errors.As(err, &recErr), errors.As(err, &unknown),
		errors.As(err, &hostname), errors.As(err, &invalid), strings.Contains(err.Error(), "tls: "):
		return FailTLS
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return FailTimeout
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, syscall.EPIPE), errors.Is(err, net.ErrClosed), closedIdle(err):
		return FailReset
	}
	return FailOther
}

// closedIdle reports net/http's (unexported) error for a request sent on
// a kept-alive connection that the server had closed: it went away (or
// timed the connection out) before reading anything on it.
func closedIdle(err error) bool {
	return err != nil && strings.Contains(err.Error(), "http: server closed idle connection")
}

func hostOf(rawURL string) string {
	if u, err := url.Parse(rawURL); err == nil && u.Host != "" {
		return u.Host
	}
	return rawURL
}

// statusError is the LinkError of an error status whose body is no
// JSON-RPC answer: the message is the body's JSON-RPC-like error message,
// its "message" or "error" member, or its text.
func statusError(rawURL string, status int, contentType string, body []byte) *LinkError {
	return &LinkError{Failure: FailStatus, Host: hostOf(rawURL), Status: status, Message: bodyMessage(contentType, body)}
}

// maxStatusMessage bounds the server's message kept with an error status.
const maxStatusMessage = 300

func bodyMessage(contentType string, body []byte) string {
	mt, _, _ := mime.ParseMediaType(contentType)
	text := ""
	if mt == "application/json" || json.Valid(body) {
		text = jsonMessage(body)
	}
	if text == "" && mt != "text/html" && !json.Valid(body) {
		text = string(body)
	}
	text = strings.Join(strings.Fields(termtext.Clip(text, maxStatusMessage*4)), " ")
	return termtext.Line(termtext.Clip(text, maxStatusMessage))
}

// jsonMessage finds the message in a JSON error body: error.message,
// error (a string), or message.
func jsonMessage(body []byte) string {
	var v struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
	}
	if json.Unmarshal(body, &v) != nil {
		return ""
	}
	var inner struct {
		Message string `json:"message"`
	}
	var s string
	switch {
	case json.Unmarshal(v.Error, &inner) == nil && inner.Message != "":
		return inner.Message
	case json.Unmarshal(v.Error, &s) == nil && s != "":
		return s
	}
	return v.Message
}

// LinkKind says what a LinkEvent reports.
type LinkKind int

const (
	// LinkDown: an exchange failed to reach the server (Err says how);
	// reported once, until an exchange reaches it again.
	LinkDown LinkKind = iota + 1
	// LinkUp: an exchange reached the server again after LinkDown.
	LinkUp
	// LinkRenewed: the server no longer knew the legacy-era session
	// (it answered 404, or 400 naming the session: Err) and the client
	// opened a new one with initialize (renew.go).
	LinkRenewed
)

// LinkEvent is a change in how the client reaches the server, for
// ClientOptions.OnLink.
type LinkEvent struct {
	Kind LinkKind
	Err  *LinkError
}

// linkFailed notes an exchange that did not reach the server; one made
// under a context that ended (a cancelled call, Close) says nothing.
func (c *Client) linkFailed(ctx context.Context, err error) *LinkError {
	le := linkError(c.url, err)
	if ctx.Err() != nil || c.ctx.Err() != nil || !le.Down() {
		return le
	}
	c.mu.Lock()
	report := !c.down
	c.down = true
	c.mu.Unlock()
	if report {
		c.onLink(LinkEvent{Kind: LinkDown, Err: le})
	}
	return le
}

// linkReached notes an exchange that reached the server.
func (c *Client) linkReached() {
	c.mu.Lock()
	report := c.down
	c.down = false
	c.mu.Unlock()
	if report {
		c.onLink(LinkEvent{Kind: LinkUp})
	}
}

func (c *Client) onLink(ev LinkEvent) {
	if c.opts.OnLink != nil {
		c.opts.OnLink(ev)
	}
}

// do sends req, noting whether it reached the server.
func (c *Client) do(req *http.Request) (*http.Response, error) {
	resp, err := c.client.Do(req)
	if err != nil {
		return nil, c.linkFailed(req.Context(), err)
	}
	c.linkReached()
	return resp, nil
}

// failRequest fails request id with a LinkError (a *transport.RequestError
// from Read); nothing when ctx ended (the caller gave up on it).
func (c *Client) failRequest(ctx context.Context, id json.RawMessage, le *LinkError) {
	if ctx.Err() != nil {
		return
	}
	c.push(inbound{err: &transport.RequestError{ID: id, Err: le}})
}

// streamEnded is the LinkError of a response stream that ended before
// the response (err: how its last read ended). A stream the server closed
// cleanly says nothing of its reach; a broken one does.
func (c *Client) streamEnded(ctx context.Context, err error) *LinkError {
	if err == nil || errors.Is(err, io.EOF) {
		return &LinkError{Failure: FailReset, Host: hostOf(c.url), Err: io.ErrUnexpectedEOF}
	}
	return c.linkFailed(ctx, err)
}
