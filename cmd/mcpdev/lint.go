package main

import (
	"context"
	"io"

	"github.com/mcpdev/mcpdev/inspector/cli"
	"github.com/mcpdev/mcpdev/inspector/target"
)

// lintUsageError is a usage error of mcpdev lint: exit 2, where the other
// commands' usage errors exit 1 (a linter's 1 means findings).
type lintUsageError struct{ err error }

func (e *lintUsageError) Error() string { return e.err.Error() }
func (e *lintUsageError) Unwrap() error { return e.err }

// runLint is mcpdev lint TARGET, or every server of --config (one with
// --server).
func runLint(ctx context.Context, cfg *config, stdout, stderr io.Writer) error {
	o := &cli.LintOptions{
		Clients: cfg.lintClients, JSON: cfg.json, MaxWarnings: cfg.lintMaxWarnings, MaxTokens: cfg.maxTokens, Call: cfg.lintCall,
		Timeout: cfg.timeout, Warn: warner(stderr),
	}
	if cfg.resolve.Config != "" && cfg.resolve.Server == "" {
		names, err := target.ConfigServers(&cfg.resolve)
		if err != nil {
			return &lintUsageError{err}
		}
		o.Servers = names
	}
	asker := &cli.Asker{Decline: true, Out: stderr}
	o.Connect = func(ctx context.Context, server string) (*target.Connection, error) {
		c := *cfg
		if server != "" {
			c.resolve.Server = server
		}
		return connect(ctx, &c, stderr, asker)
	}
	return cli.RunLint(ctx, stdout, o)
}
