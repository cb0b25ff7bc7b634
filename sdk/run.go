package sdk

import (
	"context"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/mcpdev/mcpdev/transport"
)

// HTTPFlag is the command-line flag that makes Run serve Streamable HTTP
// instead of stdio: "--http 127.0.0.1:8000", "--http=:8000" or "-http 8000".
// A bare port binds 127.0.0.1; "0.0.0.0:8000" listens on every interface.
const HTTPFlag = "http"

// Run serves s until ctx ends: over stdio by default (until stdin closes),
// or over Streamable HTTP at ADDR/mcp when the command line carries
// --http ADDR (configured by ServerOptions.HTTP). Run reads only that flag from os.Args and leaves every
// other argument to the program:
//
//	go run ./examples/tutorial/01-first-tool                   # stdio
//	go run ./examples/tutorial/01-first-tool --http :8000      # http://127.0.0.1:8000/mcp
//
// SIGINT (Ctrl-C) and SIGTERM (how clients and process managers stop a
// server) cancel ctx: Run then shuts down as Serve and ServeHTTP do when
// their context ends — over stdio, in-flight calls see their contexts
// cancelled and Run returns nil once they have, even while the client
// keeps stdin open. Once ctx has ended, a second signal has its default
// effect and kills the process, in case a tool ignores its context.
func (s *Server) Run(ctx context.Context) error {
	return s.RunArgs(ctx, os.Args[1:])
}

// RunArgs is Run with the arguments given (without the program name); it
// handles SIGINT and SIGTERM as Run does.
func (s *Server) RunArgs(ctx context.Context, args []string) error {
	traceMark("run-at")
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	context.AfterFunc(ctx, stop) // a second signal kills, as without Run
	if addr, ok := httpAddr(args); ok {
		return s.ListenAndServe(ctx, addr, s.opts.HTTP)
	}
	return s.Serve(ctx, transport.NewStdio(nil))
}

// httpAddr finds --http ADDR (or --http=ADDR, -http ADDR) in args.
func httpAddr(args []string) (string, bool) {
	for i, a := range args {
		if a == "--" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != HTTPFlag {
			continue
		}
		if hasValue {
			return value, true
		}
		if i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
			return args[i+1], true
		}
		return "127.0.0.1:8000", true
	}
	return "", false
}
