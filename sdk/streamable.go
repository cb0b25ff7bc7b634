package sdk

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"slices"

	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// HTTPOptions configures Server.HTTPHandler: allowed origins and hosts,
// body size limit, OAuth bearer-token authentication (Auth), session idle
// timeout.
type HTTPOptions = streamable.StreamableServerOptions

// HTTPHandler returns an http.Handler serving s over Streamable HTTP, both
// protocol eras on one endpoint: the handshake era with sessions
// (Mcp-Session-Id, SSE streams, resumption) and the stateless 2026-07-28
// era (any number of replicas, no shared state). Mount it at /mcp:
//
//	http.Handle("/mcp", s.HTTPHandler(nil))
func (s *Server) HTTPHandler(opts *HTTPOptions) *streamable.StreamableServer {
	return streamable.NewStreamableServer(httpBackend{s}, opts)
}

// ListenAndServe serves s over Streamable HTTP on addr at /mcp until ctx
// is cancelled. A bare port ("8000", ":8000") listens on 127.0.0.1 only.
func (s *Server) ListenAndServe(ctx context.Context, addr string, opts *HTTPOptions) error {
	ln, err := net.Listen("tcp", streamable.ListenAddr(addr))
	if err != nil {
		return err
	}
	return s.ServeListener(ctx, ln, opts)
}

// ServeListener is ListenAndServe on a listener of your own.
func (s *Server) ServeListener(ctx context.Context, ln net.Listener, opts *HTTPOptions) error {
	h := s.HTTPHandler(opts)
	defer h.Close()
	mux := http.NewServeMux()
	h.Mount(mux, "/mcp") // and the metadata document of HTTPOptions.Auth
	fmt.Fprintf(s.opts.Stderr, "sdk: %s serving MCP on http://%s/mcp\n", s.info.Name, ln.Addr())
	srv := streamable.NewHTTPServer(mux, nil)
	// Graceful drain: Shutdown (ctx ended, e.g. SIGTERM under Run) closes
	// the listener at once, so a load balancer sends new requests
	// elsewhere, and waits up to 5s for running handlers; the GET streams
	// are ended so they do not hold it up, and calls in flight finish in
	// both eras. The deferred Close then ends the sessions.
	srv.RegisterOnShutdown(h.Drain)
	return streamable.Serve(ctx, srv, ln)
}

// httpBackend is the protocol side of streamable.StreamableServer.
type httpBackend struct{ s *Server }

func (b httpBackend) NewSession(notify func(*transport.Message) error) transport.StreamableSession {
	return httpSession{b.s.newSession(notify)}
}

func (b httpBackend) Stateless(ctx context.Context, m *transport.Message, emit func(*transport.Message) error) *transport.Message {
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
