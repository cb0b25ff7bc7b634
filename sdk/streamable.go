package sdk

import (
	"context"
	"io"
	"slices"

	"github.com/mcpdev/mcpdev/transport"
)

// StreamableBackend is s as the protocol side of a Streamable HTTP
// handler (streamable.NewServer): package sdk/sdkhttp serves s
// over HTTP with it, so that servers that serve stdio only do not link
// net/http.
func (s *Server) StreamableBackend() transport.StreamableBackend { return httpBackend{s} }

// Name is the server's name, as NewServer was given it.
func (s *Server) Name() string { return s.info.Name }

// Stderr is where s writes diagnostics: ServerOptions.Stderr, os.Stderr
// by default.
func (s *Server) Stderr() io.Writer { return s.opts.Stderr }

// httpBackend is the protocol side of streamable.Server
// (transport.StreamableBackend, and transport.ScopedBackend: auth.go).
type httpBackend struct{ s *Server }

func (b httpBackend) NewSession(notify func(*transport.Message) error) transport.StreamableSession {
	return httpSession{b.s.newSession(notify)}
}

func (b httpBackend) Handle2026(ctx context.Context, m *transport.Message, emit func(*transport.Message) error) *transport.Message {
	return b.s.handleStateless(ctx, m, emit)
}

func (b httpBackend) IsLegacyVersion(v string) bool { return slices.Contains(legacyVersions, v) }

func (b httpBackend) ParamHeaders(tool string) []transport.ParamHeader {
	if b.s.headerTools.Load() == 0 {
		return nil
	}
	if t := b.s.tool(tool); t != nil {
		return t.params
	}
	return nil
}

// httpSession adapts a Session to one Mcp-Session-Id: each request's
// progress and logs go to that request's own stream.
type httpSession struct{ ss *serverSession }

func (h httpSession) Handle(ctx context.Context, m *transport.Message, emit func(*transport.Message) error) *transport.Message {
	if emit == nil {
		emit = h.ss.notify
	}
	return h.ss.handle(ctx, m, emit)
}

func (h httpSession) Close() { h.ss.Close() }
