package streamable

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/mcpdev/mcpdev/transport"
	"io"
	"net/http"
)

// A legacy-era session lives in one server process. When that process is
// gone — restarted, or a replica behind a load balancer that died — the
// server that now answers does not know the session and says 404; the
// client must then start a new session with initialize (2025-06-18,
// "Session Management"). Some servers (the TypeScript SDK's) say 400
// instead, with a message about the session ("No valid session ID
// provided"): that is taken the same way. The Client does so by itself: it sends
// the initialize request it sent first once more, then
// notifications/initialized, reopens the GET stream, and sends the request
// that met the 404 again. A 404 means the server did not run the request,
// so sending it again does not run it twice. What the old session held on
// the server (resource subscriptions, the log level) is not restored.

// ErrSessionRenew is the cause of the error answer to a request whose
// session expired when a new one could not be opened.
var ErrSessionRenew = errors.New("transport: the server forgot the session and a new one could not be opened")

// forgotSession reports whether resp, to a request that carried a
// session, says the server does not know it: 404, or 400 whose body
// names the session. why is the server's answer, worded. A 400 body is
// read to tell; resp.Body still reads it whole after.
func (c *Client) forgotSession(resp *http.Response) (bool, *LinkError) {
	if resp.Request == nil || resp.Request.Header.Get(HeaderSessionID) == "" {
		return false, nil
	}
	switch resp.StatusCode {
	case http.StatusNotFound:
		return true, &LinkError{Failure: FailStatus, Host: hostOf(c.url), Status: resp.StatusCode}
	case http.StatusBadRequest:
	default:
		return false, nil
	}
	head, _ := io.ReadAll(io.LimitReader(resp.Body, maxStatusBody))
	resp.Body = struct {
		io.Reader
		io.Closer
	}{io.MultiReader(bytes.NewReader(head), resp.Body), resp.Body}
	if !bytes.Contains(bytes.ToLower(head), []byte("session")) {
		return false, nil
	}
	return true, statusError(c.url, resp.StatusCode, resp.Header.Get("Content-Type"), head)
}

// renewAndRetry renews the session the server forgot (it said why) and
// POSTs m again.
func (c *Client) renewAndRetry(ctx context.Context, m *transport.Message, resp *http.Response, why *LinkError) (*http.Response, error) {
	old := resp.Request.Header.Get(HeaderSessionID)
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxStatusBody))
	resp.Body.Close()
	if err := c.renewSession(ctx, old, why); err != nil {
		return nil, err
	}
	return c.post(ctx, m, false)
}

// renewSession opens a new session in place of old, unless another
// request did so already.
func (c *Client) renewSession(ctx context.Context, old string, why *LinkError) error {
	c.renewMu.Lock()
	defer c.renewMu.Unlock()
	c.mu.Lock()
	current, body := c.sessionID, c.initBody
	c.mu.Unlock()
	if current != old {
		return nil // renewed while this request waited
	}
	if body == nil {
		return fmt.Errorf("%w: no initialize was sent on this connection", ErrSessionRenew)
	}
	id, err := c.reinitialize(ctx, body)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrSessionRenew, err)
	}
	c.mu.Lock()
	c.sessionID, c.getOpen = id, false
	c.mu.Unlock()
	done := &transport.Message{JSONRPC: transport.Version, Method: "notifications/initialized"}
	if err := c.postOneWay(ctx, done, false); err != nil {
		return fmt.Errorf("%w: %v", ErrSessionRenew, err)
	}
	c.onLink(LinkEvent{Kind: LinkRenewed, Err: why})
	return nil
}

// reinitialize POSTs the initialize request without a session and returns
// the new session's id; the answer itself was read the first time.
func (c *Client) reinitialize(ctx context.Context, body []byte) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	for k, v := range c.opts.Header {
		req.Header[k] = append([]string(nil), v...)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := c.do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, int64(c.opts.MaxMessageSize)))
	id := resp.Header.Get(HeaderSessionID)
	if resp.StatusCode != http.StatusOK || id == "" {
		return "", fmt.Errorf("initialize: HTTP %d, session %q", resp.StatusCode, id)
	}
	return id, nil
}
