package transport_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/mcpdev/mcpdev/transport"
)

// stdioCancel (a helper mode) echoes over its real stdin and stdout until
// SIGTERM cancels its context, which closes the connection: the read
// waiting for stdin must end with ErrClosed although stdin stays open.
// Exit codes: 0 closed as asked, 4 stdin reached EOF, 1 any other error.
func stdioCancel() int {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	conn := transport.NewStdio(nil)
	context.AfterFunc(ctx, func() { conn.Close() })
	for {
		m, err := conn.Read(context.Background())
		switch {
		case errors.Is(err, transport.ErrClosed):
			fmt.Fprintln(os.Stderr, "helper: closed")
			return 0
		case errors.Is(err, io.EOF):
			fmt.Fprintln(os.Stderr, "helper: stdin ended, but the parent keeps it open")
			return 4
		case err != nil:
			fmt.Fprintln(os.Stderr, "helper:", err)
			return 1
		}
		resp, _ := transport.NewResult(m.ID, map[string]string{"method": m.Method})
		_ = conn.Write(ctx, resp)
	}
}

// stdioReopen (a helper mode) answers one request on a first stdio
// connection, closes it while a read waits, then answers on a second one:
// the abandoned read must not have swallowed the second request. Exit
// codes: 0 as expected, 5 the first connection's read did not end with
// ErrClosed, 6 the second request was lost, 1 any other error.
func stdioReopen() int {
	ctx := context.Background()
	keep := &transport.StdioOptions{KeepStdout: true}
	first := transport.NewStdio(keep)
	m, err := first.Read(ctx)
	if err != nil {
		fmt.Fprintln(os.Stderr, "helper: first read:", err)
		return 1
	}
	resp, _ := transport.NewResult(m.ID, map[string]string{"conn": "first"})
	_ = first.Write(ctx, resp)
	errc := make(chan error, 1)
	go func() {
		_, err := first.Read(ctx)
		errc <- err
	}()
	first.Close()
	if err := <-errc; !errors.Is(err, transport.ErrClosed) {
		fmt.Fprintln(os.Stderr, "helper: read after Close:", err)
		return 5
	}

	second := transport.NewStdio(keep)
	ready, _ := transport.NewNotification("reopened", nil)
	_ = second.Write(ctx, ready)
	m, err = second.Read(ctx)
	if errors.Is(err, io.EOF) {
		fmt.Fprintln(os.Stderr, "helper: the second request was lost")
		return 6
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "helper: second read:", err)
		return 1
	}
	resp, _ = transport.NewResult(m.ID, map[string]string{"conn": "second"})
	_ = second.Write(ctx, resp)
	if _, err := second.Read(ctx); !errors.Is(err, io.EOF) {
		fmt.Fprintln(os.Stderr, "helper: after the second request:", err)
		return 1
	}
	return 0
}
