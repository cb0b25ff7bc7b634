package target

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"syscall"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// connectHTTP reaches a Streamable HTTP endpoint; sdk.Connect probes the
// 2026 era (server/discover) and falls back to initialize.
func (t *Target) connectHTTP(ctx context.Context, o *ConnectOptions) (*Connection, error) {
	rec := &httpRecorder{base: http.DefaultTransport}
	header := http.Header{}
	for k, v := range t.Headers {
		header.Set(k, v)
	}
	conn := transport.NewStreamableClient(t.URL, &transport.StreamableClientOptions{
		HTTPClient: &http.Client{Transport: rec}, Header: header, RetryFor: 200 * time.Millisecond,
		MaxMessageSize: t.maxMessageSize(),
	})
	hctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	client, err := sdk.Connect(hctx, conn, o.Client)
	if err == nil {
		return &Connection{Client: client, Target: t}, nil
	}
	conn.Close()
	ce := &ConnectError{Target: t, Stage: StageInitialize, Err: err}
	status, dialErr := rec.result()
	switch {
	case status != 0:
		ce.Stage, ce.Status = StageStart, status
	case dialErr != nil:
		ce.Stage, ce.Err = StageStart, dialErr
	case errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil:
		ce.Timeout = o.Timeout
	}
	return nil, ce
}

// httpRecorder remembers the first HTTP error status and connection error,
// for the doctor.
type httpRecorder struct {
	base    http.RoundTripper
	mu      sync.Mutex
	status  int
	dialErr error
}

func (r *httpRecorder) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := r.base.RoundTrip(req)
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case err != nil && r.dialErr == nil && (errors.Is(err, syscall.ECONNREFUSED) || isDialError(err)):
		r.dialErr = err
	case err == nil && resp.StatusCode >= 400 && r.status == 0 && req.Method == http.MethodPost:
		r.status = resp.StatusCode
	}
	return resp, err
}

func (r *httpRecorder) result() (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.status, r.dialErr
}
