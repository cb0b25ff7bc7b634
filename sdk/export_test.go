package sdk

import (
	"context"
	"time"

	"github.com/invopop/jsonschema"

	"github.com/mcpdev/mcpdev/transport"
)

// Session, NewSession and Handle2026 give the tests of package
// sdk_test the session internals Serve and the HTTP backend use.
type Session = serverSession

func (s *Server) NewSession(notify func(*transport.Message) error) *Session {
	return s.newSession(notify)
}

func (s *Server) Handle2026(ctx context.Context, m *transport.Message, emit func(*transport.Message) error) *transport.Message {
	return s.handleStateless(ctx, m, emit)
}

// SetHandOffAfter sets how long a call runs on the reading goroutine
// before reading is handed on, for the connections Serve starts next; the
// returned function restores it.
func SetHandOffAfter(d time.Duration) (restore func()) {
	was := handOffAfter
	handOffAfter = d
	return func() { handOffAfter = was }
}

// inferred is a schema the test's types are known to have.
func inferred(s *jsonschema.Schema, err error) *jsonschema.Schema {
	if err != nil {
		panic(err)
	}
	return s
}
