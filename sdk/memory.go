package sdk

import (
	"context"

	"github.com/mcpdev/mcpdev/transport"
)

// NewInMemoryClient connects a client to s through an in-memory pipe, for
// tests: no process, no network, the same protocol. Close the client to
// stop the server side.
//
// Like any Client it speaks the 2026 era (2026-07-28) unless
// opts.ProtocolVersion names a legacy version: set it to
// LatestLegacyVersion (or [Era.Version] of an era) to test session
// behaviour (initialize, list-change notifications, logging/setLevel).
// Package sdktest runs a test under every era with its ForEachEra.
func NewInMemoryClient(ctx context.Context, s *Server, opts *ClientOptions) (*Client, error) {
	serverConn, clientConn := transport.NewPipe()
	go func() {
		_ = s.Serve(context.Background(), serverConn)
	}()
	return Connect(ctx, clientConn, opts)
}
