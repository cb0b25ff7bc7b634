package sdk

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcpdev/mcpdev/transport"
)

// reply is what a pending call receives: the server's response, or why it
// could not be read.
type reply struct {
	m   *transport.Message
	err error
}

// deliver hands r to the waiting call; a second reply for the same id
// (a server answering twice) is dropped rather than block the reader.
func (pc *pendingCall) deliver(r reply) {
	select {
	case pc.resp <- r:
	default:
	}
}

// badFrame handles a frame from the server that could not be read. One
// that carries the id of a pending call — a response too large for the
// connection's limit, or malformed — fails that call at once (the caller
// would otherwise wait for an answer already come and gone); a request is
// answered with the error; anything else too large is reported to
// OnWarning, and other garbage is skipped. Reading goes on either way.
func (c *Client) badFrame(de *transport.DecodeError) {
	m := de.Msg
	switch {
	case m != nil && m.Method == "" && len(m.ID) > 0:
		c.mu.Lock()
		pc := c.pending[string(m.ID)]
		c.mu.Unlock()
		if pc != nil {
			pc.deliver(reply{err: de})
			return
		}
	case m != nil && m.Method != "" && transport.ValidID(m.ID):
		_ = c.send(context.Background(), transport.NewErrorResponse(m.ID, de.Err))
		return
	}
	if de.Limit > 0 {
		c.warn(fmt.Errorf("sdk: skipped a message from the server: %w", de))
	}
}

// failRequest fails the pending call a transport could not carry (its
// answer will not come); the connection goes on.
func (c *Client) failRequest(re *transport.RequestError) {
	c.mu.Lock()
	pc := c.pending[string(re.ID)]
	c.mu.Unlock()
	if pc != nil {
		pc.deliver(reply{err: re})
	}
}

// prefixed is err prefixed with the method it failed, unless it already is
// (a reply the client could not read names its method).
func prefixed(method string, err error) error {
	if strings.HasPrefix(err.Error(), method+": ") {
		return err
	}
	return fmt.Errorf("%s: %w", method, err)
}
