package proxy

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"sync"
	"time"
)

// upstream is the HTTP proxy's own connection to the server for one
// client connection. A client's requests on one HTTP/1.1 connection come
// one after another, so each is written, and its answer read, on the
// handler's goroutine: no hand-over to a transport's reader and writer
// goroutines for every request.
type upstream struct {
	addr   string // the server's host:port (http only)
	conn   net.Conn
	br     *bufio.Reader
	bw     *bufio.Writer
	reused bool // conn carried a request before
}

// upstreams are the proxy's upstream connections, one per client
// connection that has sent a request, closed with it.
type upstreams struct {
	addr string
	m    sync.Map // net.Conn (the client's) → *upstream
}

type upstreamKey struct{}

// connContext gives a client connection its upstream (http.Server.ConnContext).
func (us *upstreams) connContext(ctx context.Context, c net.Conn) context.Context {
	u := &upstream{addr: us.addr}
	us.m.Store(c, u)
	return context.WithValue(ctx, upstreamKey{}, u)
}

// connState closes a client connection's upstream when it closes (http.Server.ConnState).
func (us *upstreams) connState(c net.Conn, s http.ConnState) {
	if s != http.StateClosed && s != http.StateHijacked {
		return
	}
	if u, ok := us.m.LoadAndDelete(c); ok {
		u.(*upstream).close()
	}
}

func upstreamOf(ctx context.Context) *upstream {
	u, _ := ctx.Value(upstreamKey{}).(*upstream)
	return u
}

// roundTrip sends req and reads the answer's head. The caller reads the
// body to its end and calls done(true), or done(false) when it stops
// before (the connection is then closed: its state is unknown). A kept
// connection the server closed meanwhile (nothing came back) is replaced
// once, when req's body can be sent again, as net/http's transport does.
func (u *upstream) roundTrip(ctx context.Context, req *http.Request) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		if u.conn == nil {
			if err := u.dial(ctx); err != nil {
				return nil, err
			}
		}
		reused, conn := u.reused, u.conn
		stop := context.AfterFunc(ctx, func() { _ = conn.SetDeadline(time.Unix(1, 0)) })
		resp, sent, err := u.exchange(req)
		if !stop() {
			err = errors.Join(ctx.Err(), err)
		}
		if err == nil {
			u.reused = true
			resp.Body = &upstreamBody{ReadCloser: resp.Body, u: u, ctx: ctx, keep: !resp.Close}
			return resp, nil
		}
		u.close()
		if !reused || attempt > 0 || sent || ctx.Err() != nil || (req.Body != nil && req.GetBody == nil) {
			return nil, err
		}
		if req.GetBody != nil {
			if req.Body, err = req.GetBody(); err != nil {
				return nil, err
			}
		}
	}
}

// exchange writes req and reads the head of its final answer (1xx
// interim answers skipped). sent says the server answered something, so
// the request must not be sent again.
func (u *upstream) exchange(req *http.Request) (*http.Response, bool, error) {
	if err := req.Write(u.bw); err != nil {
		return nil, false, err
	}
	if err := u.bw.Flush(); err != nil {
		return nil, false, err
	}
	if _, err := u.br.Peek(1); err != nil {
		return nil, false, err // closed before any answer
	}
	for {
		resp, err := http.ReadResponse(u.br, req)
		if err != nil {
			return nil, true, err
		}
		if resp.StatusCode >= 200 || resp.StatusCode == http.StatusSwitchingProtocols {
			return resp, true, nil
		}
	}
}

func (u *upstream) dial(ctx context.Context) error {
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", u.addr)
	if err != nil {
		return err
	}
	u.conn, u.reused = c, false
	if u.br == nil {
		u.br, u.bw = bufio.NewReaderSize(c, 32<<10), bufio.NewWriterSize(c, 16<<10)
	} else {
		u.br.Reset(c)
		u.bw.Reset(c)
	}
	return nil
}

func (u *upstream) close() {
	if u.conn != nil {
		_ = u.conn.Close()
		u.conn = nil
	}
}

// upstreamBody is an answer's body: read to its end (and the answer not
// asking to close), the connection carries the next request; closed
// before, the connection is closed. The client connection's context
// ending (the client went away) ends a read that waits.
type upstreamBody struct {
	io.ReadCloser
	u    *upstream
	ctx  context.Context
	stop func() bool
	eof  bool
	keep bool // the server did not ask to close the connection
}

func (b *upstreamBody) Read(p []byte) (int, error) {
	if b.stop == nil {
		conn := b.u.conn
		b.stop = context.AfterFunc(b.ctx, func() { _ = conn.SetDeadline(time.Unix(1, 0)) })
	}
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF {
		b.eof = true
	}
	return n, err
}

func (b *upstreamBody) Close() error {
	if b.stop != nil && !b.stop() {
		b.eof = false // the deadline was set: the connection is done
	}
	if !b.eof || !b.keep {
		b.u.close() // first: closing the rest of a body would read it all
	}
	return b.ReadCloser.Close()
}
