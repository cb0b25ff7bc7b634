package sdkhttp

import (
	"context"
	"fmt"
	"net"
	"net/http"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// Options configures Handler, ListenAndServe, ServeListener and Run. It
// is streamable.ServerOptions; nil, or the zero value, is safe for a
// server on 127.0.0.1. Its fields, each zero by default:
//
//   - MaxBodySize: the largest POST body, in bytes (default
//     streamable.DefaultMaxBodySize, 4 MiB); a larger one gets 413.
//   - AllowedOrigins: browser origins ("https://app.example") allowed
//     besides loopback ones and the server's own; any other Origin gets
//     403.
//   - AllowedHosts: Host header values accepted on a loopback listener
//     besides localhost, 127.0.0.1 and [::1] (DNS-rebinding protection).
//   - Authorize: a func(*http.Request) error that sees every request
//     first; an error answers 401 with a WWW-Authenticate challenge, or
//     the status of a *streamable.HTTPError.
//   - Auth: an *AuthOptions that makes the endpoint an OAuth 2.1 resource
//     server (every request needs a bearer token Auth.Verify accepts).
//   - SessionIdleTimeout: legacy-era sessions idle this long end (default
//     30 minutes).
//   - MaxSessions: the legacy-era sessions alive at once (default
//     streamable.DefaultMaxSessions, 10000); an initialize beyond it gets
//     503.
//   - ReplayEvents: the SSE events each stream keeps for resumption with
//     Last-Event-ID in the default EventStore (default 256).
//   - EventStore: where legacy-era SSE events are kept for resumption
//     (default: in this process); transport/redisstore shares them
//     between replicas, so a session survives its replica.
//   - WriteTimeout: the bound on each write to a client, not on a whole
//     call (default 30s).
//
// `go doc github.com/mcpdev/mcpdev/transport/streamable ServerOptions`
// has each field at length.
type Options = streamable.ServerOptions

// Handler returns an http.Handler serving s over Streamable HTTP, both
// protocol eras on one endpoint: the handshake era with sessions
// (Mcp-Session-Id, SSE streams, resumption) and the 2026-07-28
// era (any number of replicas, no shared state). Mount it at /mcp:
//
//	http.Handle("/mcp", sdkhttp.Handler(s, nil))
func Handler(s *sdk.Server, opts *Options) *streamable.Server {
	return streamable.NewServer(s.StreamableBackend(), opts)
}

// ListenAndServe serves s over Streamable HTTP on addr at /mcp until ctx
// is cancelled. A bare port ("8000", ":8000") listens on 127.0.0.1 only.
func ListenAndServe(ctx context.Context, s *sdk.Server, addr string, opts *Options) error {
	ln, err := net.Listen("tcp", streamable.ListenAddr(addr))
	if err != nil {
		return err
	}
	return ServeListener(ctx, s, ln, opts)
}

// ServeListener is ListenAndServe on a listener of your own.
func ServeListener(ctx context.Context, s *sdk.Server, ln net.Listener, opts *Options) error {
	h := Handler(s, opts)
	defer h.Close()
	mux := http.NewServeMux()
	h.Mount(mux, "/mcp") // and the metadata document of Options.Auth
	fmt.Fprintf(s.Stderr(), "sdk: %s serving MCP on http://%s/mcp\n", s.Name(), ln.Addr())
	srv := streamable.NewHTTPServer(mux, nil)
	// Graceful drain: Shutdown (ctx ended, e.g. SIGTERM under Run) closes
	// the listener at once, so a load balancer sends new requests
	// elsewhere, and waits up to 5s for running handlers; the GET streams
	// are ended so they do not hold it up, and calls in flight finish in
	// both eras. The deferred Close then ends the sessions.
	srv.RegisterOnShutdown(h.Drain)
	return streamable.Serve(ctx, srv, ln)
}

// HTTPRequest is the POST that carried the tool call (or other request)
// whose context ctx is, its body already read; nil when it did not come
// over HTTP. A legacy-era call may outlive it. (sdk.RequestFrom(ctx)
// has its headers and session.)
func HTTPRequest(ctx context.Context) *http.Request {
	if hc := streamable.HTTPCallFrom(ctx); hc != nil {
		return hc.Request
	}
	return nil
}
