// Package streamable is MCP's Streamable HTTP transport, both ends of it:
// one endpoint (conventionally /mcp) that serves the handshake era
// (initialize, Mcp-Session-Id, SSE response and GET streams, resumption with
// Last-Event-ID, DNS-rebinding and origin checks) and the stateless
// 2026-07-28 era (every request on its own, Mcp-Method, Mcp-Name and
// Mcp-Param-* headers a load balancer can route on).
//
// NewServer serves a transport.StreamableBackend (package sdkhttp wires an
// sdk.Server to it; most servers use that, not this package); NewClient is a
// transport.Conn to an endpoint, which sdk.Connect speaks over:
//
//	conn := streamable.NewClient("http://127.0.0.1:8000/mcp", nil)
//	c, err := sdk.Connect(ctx, conn, nil)
//
// The client retries while a server restarts (ClientOptions.RetryFor),
// resumes a broken response stream, and opens a new session by itself when
// the server forgot the old one; OnLink tells what happened to the link.
// Sessions and their events live in memory unless ServerOptions.EventStore
// shares them between replicas (package redisstore). Bearer-token checks and
// the RFC 9728 Protected Resource Metadata document are AuthOptions.
package streamable
