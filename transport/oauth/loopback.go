package oauth

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"
)

// callbackPath is the loopback redirect URI's path.
const callbackPath = "/callback"

// loopback is the listener on 127.0.0.1 the authorization server
// redirects the browser to (RFC 8252 §7.3).
type loopback struct {
	redirectURI string
	ln          net.Listener
	srv         *http.Server
	got         chan callback          // takes the first redirect with the sign-in's state
	state       atomic.Pointer[string] // the sign-in's state (expect)
	taken       atomic.Bool
	report      func(r *http.Request, status int) // tells OnExchange of a redirect
}

// callback is what the redirect carried.
type callback struct {
	code, state, iss string
	hasIss           bool
	errCode, errDesc string
}

// listen starts the loopback listener, on the port of the first sign-in
// when there was one (so that a registered redirect URI stays right).
func (t *Transport) listen() (*loopback, error) {
	ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(t.redirect)))
	if err != nil {
		return nil, fmt.Errorf("oauth: starting the redirect listener: %w", err)
	}
	t.redirect = ln.Addr().(*net.TCPAddr).Port
	l := &loopback{
		redirectURI: fmt.Sprintf("http://127.0.0.1:%d%s", t.redirect, callbackPath),
		ln:          ln,
		got:         make(chan callback, 1),
		report:      t.reportCallback,
	}
	mux := http.NewServeMux()
	mux.HandleFunc(callbackPath, l.serve)
	l.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = l.srv.Serve(ln) }()
	if !t.track(l) {
		return nil, ErrClosed
	}
	return l, nil
}

// expect makes state the one a redirect must carry to be taken.
func (l *loopback) expect(state string) { l.state.Store(&state) }

// ours says whether a redirect carries the sign-in's state.
func (l *loopback) ours(state string) bool {
	want := l.state.Load()
	return want != nil && *want != "" && state == *want
}

// serve takes the first redirect with the sign-in's state; one with
// another state (forged, or an older sign-in's) is answered 400 and the
// sign-in goes on waiting; later ones are told the sign-in is over.
func (l *loopback) serve(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	cb := callback{code: q.Get("code"), state: q.Get("state"), iss: q.Get("iss"), hasIss: q.Has("iss"),
		errCode: q.Get("error"), errDesc: q.Get("error_description")}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if !l.ours(cb.state) {
		l.report(r, http.StatusBadRequest)
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintln(w, "This redirect is not this sign-in's (its state does not match): not this sign-in. Still waiting for the right one.")
		return
	}
	if l.taken.Swap(true) {
		l.report(r, http.StatusConflict)
		w.WriteHeader(http.StatusConflict)
		fmt.Fprintln(w, "This sign-in is already over.")
		return
	}
	l.report(r, http.StatusOK) // before the token request it leads to
	l.got <- cb
	if cb.errCode != "" {
		fmt.Fprintln(w, "Authorization failed. You can close this window.")
		return
	}
	fmt.Fprintln(w, "Signed in. You can close this window and return to the terminal.")
}

// wait returns the redirect, or ErrCallbackTimeout after d.
func (l *loopback) wait(ctx context.Context, d time.Duration) (callback, error) {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case cb := <-l.got:
		return cb, nil
	case <-timer.C:
		return callback{}, fmt.Errorf("%w (%s on %s)", ErrCallbackTimeout, d, l.redirectURI)
	case <-ctx.Done():
		return callback{}, context.Cause(ctx) // ErrClosed when the Transport was closed
	}
}

// release closes l once its sign-in is over, letting a redirect being
// answered finish.
func (t *Transport) release(l *loopback) {
	t.untrack(l)
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_ = l.srv.Shutdown(ctx)
}

// shut closes l at once (the Transport is closed); the listener itself
// too, in case Serve has not taken it yet.
func (l *loopback) shut() {
	_ = l.srv.Close()
	_ = l.ln.Close()
}
