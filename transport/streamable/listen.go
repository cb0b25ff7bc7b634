package streamable

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"time"
)

// HTTPServerOptions sets the timeouts of NewHTTPServer; zero fields take
// the defaults shown.
type HTTPServerOptions struct {
	ReadHeaderTimeout time.Duration // 10s
	ReadTimeout       time.Duration // 30s: reading one request, body included
	WriteTimeout      time.Duration // 30s per write (the handler lifts it for long calls)
	IdleTimeout       time.Duration // 120s between requests on a kept-alive connection
}

// NewHTTPServer returns an *http.Server for h with sane timeouts.
func NewHTTPServer(h http.Handler, opts *HTTPServerOptions) *http.Server {
	var o HTTPServerOptions
	if opts != nil {
		o = *opts
	}
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&o.ReadHeaderTimeout, 10*time.Second)
	def(&o.ReadTimeout, 30*time.Second)
	def(&o.WriteTimeout, 30*time.Second)
	def(&o.IdleTimeout, 120*time.Second)
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: o.ReadHeaderTimeout,
		ReadTimeout:       o.ReadTimeout,
		WriteTimeout:      o.WriteTimeout,
		IdleTimeout:       o.IdleTimeout,
	}
}

// ListenAddr completes a listen address: a bare port ("8000" or ":8000")
// binds 127.0.0.1, never every interface; say 0.0.0.0:8000 to mean that.
func ListenAddr(addr string) string {
	if addr == "" {
		return "127.0.0.1:0"
	}
	if !strings.Contains(addr, ":") {
		addr = ":" + addr
	}
	if strings.HasPrefix(addr, ":") {
		return "127.0.0.1" + addr
	}
	return addr
}

// Serve runs srv on ln until ctx is cancelled, then shuts it down,
// giving in-flight requests up to 5s.
func Serve(ctx context.Context, srv *http.Server, ln net.Listener) error {
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		err := srv.Shutdown(sctx)
		if e := <-errc; !errors.Is(e, http.ErrServerClosed) && err == nil {
			err = e
		}
		return err
	}
}
