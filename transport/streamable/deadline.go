package streamable

import (
	"net/http"
	"time"
)

// writeDeadline keeps net/http's per-request deadlines from cutting off a
// long call. net/http's ReadTimeout and WriteTimeout cover reading one
// request and writing one response, not a call that runs for minutes, so
// once a POST's body is read its deadlines are lifted
// (TestHTTPCallOutlivesServerTimeouts). Lifting the write deadline of an
// HTTP/1 connection costs a timer operation on every POST (and net/http
// adds the timer again for the next request), while nearly every call
// answers within a moment; so for HTTP/1, where the write deadline net/http
// set on reading the request only matters once something is written, the
// lift waits for the first write: a call that answers within half the
// server's WriteTimeout writes under net/http's own deadline, one that took
// longer gets a fresh deadline of its own (the handler's WriteTimeout, per
// write, as SSE events get). (HTTP/1 lifts the read deadline itself once the
// body is read, for its background read.)
//
// It is one word, kept in every POST's memory (postCall): the moment the
// lift is due, as a monotonic offset.
type writeDeadline struct {
	// renewAt: when the call has run so long (since epoch) that its first
	// write needs a deadline of its own; zero: nothing is deferred.
	renewAt time.Duration
}

// epoch is what writeDeadline's offsets count from (monotonic time).
var epoch = time.Now()

// begin lifts r's deadlines, or defers the write deadline's lift to
// beforeWrite when net/http set it on reading r (HTTP/1, a server with a
// WriteTimeout: its deadline is that long from now).
func (d *writeDeadline) begin(w http.ResponseWriter, r *http.Request) {
	if r.ProtoMajor == 1 {
		if srv, _ := r.Context().Value(http.ServerContextKey).(*http.Server); srv != nil && srv.WriteTimeout > 0 {
			d.renewAt = max(time.Since(epoch)+srv.WriteTimeout/2, 1)
			return
		}
	}
	liftDeadlines(w, r)
}

// liftDeadlines clears the deadlines of r's connection (HTTP/2: of its
// stream) that net/http set for the request.
func liftDeadlines(w http.ResponseWriter, r *http.Request) {
	rc := http.NewResponseController(w)
	if r.ProtoMajor != 1 {
		_ = rc.SetReadDeadline(time.Time{})
	}
	_ = rc.SetWriteDeadline(time.Time{})
}

// lift clears a deferred write deadline of w now, for a request whose
// handling may take long before anything is written and whose writes do
// not go through beforeWrite.
func (d *writeDeadline) lift(w http.ResponseWriter) {
	if d.renewAt == 0 {
		return
	}
	d.renewAt = 0
	_ = http.NewResponseController(w).SetWriteDeadline(time.Time{})
}

// beforeWrite comes before the response's first write to w: a call that
// took half the server's WriteTimeout or more gets a deadline of its own,
// timeout from now.
func (d *writeDeadline) beforeWrite(w http.ResponseWriter, timeout time.Duration) {
	if d.renewAt == 0 {
		return
	}
	if time.Since(epoch) >= d.renewAt {
		_ = http.NewResponseController(w).SetWriteDeadline(time.Now().Add(timeout))
	}
	d.renewAt = 0
}
