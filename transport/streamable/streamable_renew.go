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
// "Session Management"). The StreamableClient does so by itself: it sends
// the initialize request it sent first once more, then
// notifications/initialized, reopens the GET stream, and sends the request
// that met the 404 again. A 404 means the server did not run the request,
// so sending it again does not run it twice. What the old session held on
// the server (resource subscriptions, the log level) is not restored.

// ErrSessionRenew is the cause of the error answer to a request whose
// session expired when a new one could not be opened.
var ErrSessionRenew = errors.New("transport: the server forgot the session and a new one could not be opened")

// renewAndRetry handles a 404 to m: when m carried a session, it renews
// that session and POSTs m again; otherwise it returns the 404 as it is.
func (c *StreamableClient) renewAndRetry(ctx context.Context, m *transport.Message, resp *http.Response) (*http.Response, error) {
	old := resp.Request.Header.Get(HeaderSessionID)
	if old == "" {
		return resp, nil
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	if err := c.renewSession(ctx, old); err != nil {
		return nil, err
	}
	return c.post(ctx, m, false)
}

// renewSession opens a new session in place of old, unless another
// request did so already.
func (c *StreamableClient) renewSession(ctx context.Context, old string) error {
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
	return nil
}

// reinitialize POSTs the initialize request without a session and returns
// the new session's id; the answer itself was read the first time.
func (c *StreamableClient) reinitialize(ctx context.Context, body []byte) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	for k, v := range c.opts.Header {
		req.Header[k] = append([]string(nil), v...)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := c.client.Do(req)
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
