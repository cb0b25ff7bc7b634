package sdk

import (
	"context"

	"github.com/mcpdev/mcpdev/transport"
)

// NewInMemoryClient connects a client to s through an in-memory pipe, for
// tests: no process, no network, the same protocol. Close the client to
// stop the server side.
func NewInMemoryClient(ctx context.Context, s *Server, opts *ClientOptions) (*Client, error) {
	serverConn, clientConn := transport.NewPipe()
	go func() {
		_ = s.Serve(context.Background(), serverConn)
	}()
	return Connect(ctx, clientConn, opts)
}
