package sdk

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/mcpdev/mcpdev/transport"
)

// HTTPFlag is the command-line flag that makes sdkhttp.Run serve
// Streamable HTTP instead of stdio: "--http 127.0.0.1:8000",
// "--http=:8000" or "-http 8000". Run refuses it (ErrHTTPFlag).
const HTTPFlag = "http"

// ErrHTTPFlag is what Run returns when the command line asks for HTTP
// (HTTPFlag): Run serves stdio only, so that a stdio server does not link
// net/http and crypto/tls; package sdk/sdkhttp serves both.
var ErrHTTPFlag = errors.New("sdk: --" + HTTPFlag + ": Run serves stdio only; use sdkhttp.Run from github.com/mcpdev/mcpdev/sdk/sdkhttp to serve HTTP")

// Run serves s over stdio until ctx ends or stdin closes. A command line
// carrying --http ADDR (HTTPFlag) makes it return ErrHTTPFlag at once:
// sdkhttp.Run serves HTTP on that flag and stdio without it.
//
//	go run ./examples/tutorial/01-first-tool
//
// SIGINT (Ctrl-C) and SIGTERM (how clients and process managers stop a
// server) cancel ctx: in-flight calls see their contexts cancelled and Run
// returns nil once they have, even while the client keeps stdin open.
// Once ctx has ended, a second signal has its default effect and kills
// the process, in case a tool ignores its context.
func (s *Server) Run(ctx context.Context) error {
	return s.RunArgs(ctx, os.Args[1:])
}

// RunArgs is Run with the arguments given (without the program name); it
// handles SIGINT and SIGTERM as Run does.
func (s *Server) RunArgs(ctx context.Context, args []string) error {
	if _, ok := HTTPAddr(args); ok {
		return ErrHTTPFlag
	}
	traceMark("run-at")
	ctx, stop := SignalContext(ctx)
	defer stop()
	return s.Serve(ctx, transport.NewStdio(nil))
}

// SignalContext is ctx cancelled by SIGINT or SIGTERM; once it is, a
// second signal has its default effect (it kills the process). Run and
// sdkhttp.Run serve in it.
func SignalContext(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	context.AfterFunc(ctx, stop) // a second signal kills, as without Run
	return ctx, stop
}

// HTTPAddr finds --http ADDR (or --http=ADDR, -http ADDR) in args: the
// address sdkhttp.Run serves HTTP on (127.0.0.1:8000 when the flag has no
// value).
func HTTPAddr(args []string) (string, bool) {
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
