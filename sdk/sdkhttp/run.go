// Package sdkhttp serves an sdk.Server over Streamable HTTP: Run (stdio,
// or HTTP on --http ADDR), Handler, ListenAndServe and ServeListener, and
// the OAuth resource server of Options.Auth. It is apart from package sdk
// so that a server that serves stdio only (sdk's Server.Run) links
// neither net/http nor crypto/tls, and starts faster and smaller.
package sdkhttp

import (
	"context"
	"os"

	"github.com/mcpdev/mcpdev/sdk"
)

// Run serves s until ctx ends: over stdio by default (until stdin
// closes), as s.Run does, or over Streamable HTTP at ADDR/mcp when the
// command line carries --http ADDR (sdk.HTTPFlag). Run reads only that
// flag from os.Args and leaves every other argument to the program:
//
//	go run ./examples/bookshop                   # stdio
//	go run ./examples/bookshop --http :8000      # http://127.0.0.1:8000/mcp
//
// A bare port binds 127.0.0.1; "0.0.0.0:8000" listens on every interface.
// Over HTTP it serves with opts (nil: the defaults), e.g. a shared
// EventStore for replicas behind a load balancer. SIGINT and SIGTERM
// cancel ctx, as with s.Run; over HTTP the server then shuts down as
// ServeListener does when its context ends.
func Run(ctx context.Context, s *sdk.Server, opts *Options) error {
	return RunArgs(ctx, s, os.Args[1:], opts)
}

// RunArgs is Run with the arguments given (without the program name).
func RunArgs(ctx context.Context, s *sdk.Server, args []string, opts *Options) error {
	addr, ok := sdk.HTTPAddr(args)
	if !ok {
		return s.RunArgs(ctx, args)
	}
	ctx, stop := sdk.SignalContext(ctx)
	defer stop()
	return ListenAndServe(ctx, s, addr, opts)
}
