package tui

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/sdk"
)

// TargetConnector connects to a target resolved by the CLI
// (target.Resolve): Go code is built into the cache, commands are
// started, and failures are explained by the connection doctor.
type TargetConnector struct {
	Target  *target.Target
	Timeout time.Duration // for initialize; 0 means the CLI's default
}

// Connect builds/starts the target and performs the handshake.
func (tc *TargetConnector) Connect(ctx context.Context, opts *sdk.ClientOptions) (*Connection, error) {
	lines := make(chan string, 1024)
	var mu sync.Mutex
	closed := false
	onStderr := func(line string) {
		mu.Lock()
		defer mu.Unlock()
		if closed {
			return
		}
		select {
		case lines <- line:
		default: // the UI is behind: the doctor still keeps the tail
		}
	}
	end := func() {
		mu.Lock()
		defer mu.Unlock()
		if !closed {
			closed = true
			close(lines)
		}
	}
	t := tc.Target
	if t.Kind == target.KindGo {
		bin, err := buildGo(ctx, t)
		if err != nil {
			end()
			return nil, err
		}
		t = t.WithBinary(bin)
	}
	conn, err := t.Connect(ctx, &target.ConnectOptions{
		Client: opts, Timeout: tc.Timeout, OnStderr: onStderr, KeepLines: 30,
		OnStdoutNoise: func(line string) { // to the logs pane, through the client's warnings
			if opts != nil && opts.OnWarning != nil {
				opts.OnWarning(&target.StdoutNoiseError{Line: line})
			}
		},
	})
	if err != nil {
		end()
		return nil, &ConnectError{Err: err, Report: target.Doctor(err).String()}
	}
	go func() {
		<-conn.Client.Done()
		time.Sleep(200 * time.Millisecond) // let the last stderr lines through
		end()
	}()
	transport := "stdio"
	if tc.Target.Kind == target.KindHTTP {
		transport = "streamable http"
	}
	return &Connection{
		Client: conn.Client, Transport: transport, Stderr: lines,
		Diagnose: func(err error) string {
			if err == nil {
				err = sdk.ErrConnectionClosed
			}
			return target.Doctor(conn.Explain(errorsJoinClosed(err))).String()
		},
		Close: conn.Close,
	}, nil
}

// errorsJoinClosed makes err match sdk.ErrConnectionClosed, which is what
// Connection.Explain looks for to ask the doctor why the server went away.
func errorsJoinClosed(err error) error {
	if errors.Is(err, sdk.ErrConnectionClosed) {
		return err
	}
	return errors.Join(sdk.ErrConnectionClosed, err)
}

// TargetLabel is how a target is written on an `mcpdev call` command line.
func TargetLabel(t *target.Target) string {
	switch {
	case t.Kind == target.KindCommand && t.Name == strings.Join(append([]string{t.Command}, t.Args...), " "):
		return "-- " + t.CommandLine()
	case t.Kind == target.KindHTTP && t.Name != t.URL:
		return t.URL
	}
	return t.Name
}

// Run starts the inspector on a target resolved by the CLI and returns when
// the user quits.
func Run(ctx context.Context, t *target.Target, opts Options) error {
	if opts.Target == "" {
		opts.Target = TargetLabel(t)
	}
	if opts.Dev.Target == nil {
		opts.Dev.Target = t
	}
	return RunConnector(ctx, WithDev(&TargetConnector{Target: t, Timeout: opts.ConnectTimeout}, opts.Dev), opts)
}
