package sdk

import (
	"context"

	"github.com/mcpdev/mcpdev/transport"
)

// Session, NewSession and HandleStateless give the tests of package
// sdk_test the session internals Serve and the HTTP backend use.
type Session = serverSession

func (s *Server) NewSession(notify func(*transport.Message) error) *Session {
	return s.newSession(notify)
}

func (s *Server) HandleStateless(ctx context.Context, m *transport.Message, emit func(*transport.Message) error) *transport.Message {
	return s.handleStateless(ctx, m, emit)
}
