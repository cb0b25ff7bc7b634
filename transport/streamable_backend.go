package transport

import "context"

// The protocol side of a Streamable HTTP server (package
// transport/streamable does HTTP): the sdk implements these interfaces
// without linking net/http.

// StreamableBackend is the protocol side of a Streamable HTTP server: the
// handler does HTTP (security, sessions, streams, headers) and hands every
// message to the backend, in a context carrying the request's values and
// its HTTPCall (HTTPCallFrom). The sdk package implements it.
type StreamableBackend interface {
	// NewSession opens a session of the handshake (legacy) era. notify
	// carries what the server sends on its own, not in answer to a request
	// (list changes); it travels on the session's GET stream.
	NewSession(notify func(*Message) error) StreamableSession
	// Stateless handles one message of the 2026 era (2026-07-28).
	// emit sends messages tied to the request (progress, logs) ahead of the
	// response; the returned response is nil for notifications.
	Handle2026(ctx context.Context, m *Message, emit func(*Message) error) *Message
	// IsLegacyVersion reports whether v is negotiated with initialize.
	IsLegacyVersion(v string) bool
	// ParamHeaders lists the arguments a tool's calls mirror into
	// Mcp-Param-* headers (its x-mcp-header annotations, SEP-2243), nil
	// for none; stateless tools/call requests are checked against them.
	// It is asked on every such request: keep it cheap.
	ParamHeaders(tool string) []ParamHeader
}

// StreamableSession is one legacy-era session (one Mcp-Session-Id).
type StreamableSession interface {
	// Handle processes one message; see StreamableBackend.Handle2026.
	Handle(ctx context.Context, m *Message, emit func(*Message) error) *Message
	// Close ends the session and cancels its in-flight requests.
	Close()
}

// ScopedBackend is a StreamableBackend some of whose requests need scopes
// beyond AuthOptions.Scopes. The sdk's asks them per tool.
type ScopedBackend interface {
	// RequiredScopes lists the scopes a request needs: method, and the
	// name the Mcp-Name header carries for it (the tool's name for
	// tools/call, "" for none). It is asked on every authenticated POST.
	RequiredScopes(method, name string) []string
}
