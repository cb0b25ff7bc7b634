package main

import (
	"context"
	"flag"
	"io"

	"github.com/mcpdev/mcpdev/inspector"
	"github.com/mcpdev/mcpdev/inspector/proxy"
	"github.com/mcpdev/mcpdev/inspector/tui"
)

// runAttach is mcpdev attach [--hung DURATION]: the live view of the
// sessions mcpdev proxy saves, started before or after them.
func runAttach(ctx context.Context, args []string) error {
	opts := tui.AttachOptions{Dir: proxy.SessionsDir()}
	fs := attachFlagSet(&opts)
	if err := fs.Parse(args); err != nil {
		return inspector.Usagef("attach: %v (mcpdev attach [--hung 10s])", err)
	}
	if fs.NArg() > 0 {
		return inspector.Usagef("attach: unexpected %q: it finds the sessions of mcpdev proxy by itself", fs.Arg(0))
	}
	return tui.RunAttach(ctx, opts)
}

// attachFlagSet is mcpdev attach's flags (the completion scripts read it).
func attachFlagSet(opts *tui.AttachOptions) *flag.FlagSet {
	fs := flag.NewFlagSet("mcpdev attach", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.DurationVar(&opts.Hung, "hung", 0, "")
	return fs
}
