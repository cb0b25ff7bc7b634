package target

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport/oauth"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// connectHTTP reaches a Streamable HTTP endpoint; sdk.Connect probes the
// 2026 era (server/discover) and falls back to initialize.
func (t *Target) connectHTTP(ctx context.Context, o *ConnectOptions) (*Connection, error) {
	hctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var timedOut atomic.Bool
	timer := time.AfterFunc(o.Timeout, func() { timedOut.Store(true); cancel() })
	defer timer.Stop()
	// The connect timeout does not run while the user signs in in the browser.
	auth := t.authTransport(o, func(s oauth.Step) {
		switch s.Kind {
		case "authorize":
			timer.Stop()
		case "token":
			timer.Reset(o.Timeout)
		}
	})
	rec := &httpRecorder{base: auth}
	header := http.Header{}
	for k, v := range t.Headers {
		header.Set(k, v)
	}
	conn := streamable.NewClient(t.URL, &streamable.ClientOptions{
		HTTPClient: &http.Client{Transport: rec}, Header: header, RetryFor: 200 * time.Millisecond,
		MaxMessageSize: t.maxMessageSize(), OnLink: o.OnLink,
	})
	client, err := sdk.Connect(hctx, conn, t.clientOptions(probeWhileSigningIn(o), o.Timeout))
	if err == nil {
		return &Connection{Client: client, Target: t, SignedIn: signedIn(auth.Credentials()), auth: auth}, nil
	}
	conn.Close()
	auth.Close() // a sign-in still waiting for the browser (the connect was given up)
	ce := &ConnectError{Target: t, Stage: StageInitialize, Err: err}
	status, signIn, dialErr := rec.result()
	switch {
	case signIn != nil:
		ce.Stage, ce.Err, ce.Status = StageStart, signIn, http.StatusUnauthorized
	case status != 0:
		ce.Stage, ce.Status = StageStart, status
	case dialErr != nil:
		ce.Stage, ce.Err = StageStart, dialErr
	case timedOut.Load() && ctx.Err() == nil:
		ce.Timeout = o.Timeout
	}
	return nil, ce
}

// probeWhileSigningIn gives the server/discover probe as long as the
// connection, not its 5s default: the user may be signing in in the
// browser meanwhile, and the era must not fall back for that.
func probeWhileSigningIn(o *ConnectOptions) *sdk.ClientOptions {
	var c sdk.ClientOptions
	if o.Client != nil {
		c = *o.Client
	}
	if c.ProbeTimeout <= 0 {
		c.ProbeTimeout = o.Timeout
	}
	return &c
}

// httpRecorder remembers the first HTTP error status and connection error,
// for the doctor.
type httpRecorder struct {
	base    http.RoundTripper
	mu      sync.Mutex
	status  int
	dialErr error
	signIn  *oauth.SignInError
}

func (r *httpRecorder) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := r.base.RoundTrip(req)
	r.mu.Lock()
	defer r.mu.Unlock()
	var se *oauth.SignInError
	switch {
	case errors.As(err, &se) && r.signIn == nil:
		r.signIn = se
	case err != nil && r.dialErr == nil && (errors.Is(err, syscall.ECONNREFUSED) || isDialError(err)):
		r.dialErr = err
	case err == nil && resp.StatusCode >= 400 && r.status == 0 && req.Method == http.MethodPost:
		r.status = resp.StatusCode
	}
	return resp, err
}

func (r *httpRecorder) result() (int, *oauth.SignInError, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.status, r.signIn, r.dialErr
}
