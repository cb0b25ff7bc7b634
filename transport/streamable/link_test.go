package streamable_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// requestErr sends one request on c and returns how Read failed it.
func requestErr(t *testing.T, c *streamable.Client) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	m, _ := transport.NewRequest(1, "tools/list", nil)
	if err := c.Write(ctx, m); err != nil {
		t.Fatal(err)
	}
	resp, err := c.Read(ctx)
	if err == nil {
		t.Fatalf("got %+v, want the request failed", resp)
	}
	return err
}

// A request that fails beneath JSON-RPC fails with a *RequestError (its
// id) holding a *LinkError worded as what happened — not a -32603 from
// the server, nor the server's 400 body read as a malformed message.
func TestStreamableClientWordsTransportFailures(t *testing.T) {
	refused := func() string { // a port nothing listens on
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := l.Addr().String()
		l.Close()
		return "http://" + addr + "/mcp"
	}
	serve := func(h http.HandlerFunc) string {
		ts := httptest.NewServer(h)
		t.Cleanup(ts.Close)
		return ts.URL
	}
	tls := httptest.NewTLSServer(http.NotFoundHandler())
	t.Cleanup(tls.Close)
	tests := []struct {
		name    string
		url     string
		failure streamable.Failure
		want    string
	}{
		{"refused", refused(), streamable.FailRefused, "connection refused: nothing listens at 127.0.0.1:"},
		{"reset", serve(func(w http.ResponseWriter, r *http.Request) {
			conn, _, _ := http.NewResponseController(w).Hijack()
			conn.Close()
		}), streamable.FailReset, "connection lost: the server at 127.0.0.1:"},
		{"text status", serve(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "upstream \x1b[2Jdown", http.StatusBadGateway)
		}), streamable.FailStatus, "HTTP 502 Bad Gateway: upstream ␛[2Jdown"},
		{"JSON status without an id", serve(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			io.WriteString(w, `{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: Server not ready"}}`)
		}), streamable.FailStatus, "HTTP 400 Bad Request: Bad Request: Server not ready"},
		{"HTML status", serve(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusServiceUnavailable)
			io.WriteString(w, "<html><body>maintenance</body></html>")
		}), streamable.FailStatus, "HTTP 503 Service Unavailable"},
		{"TLS", tls.URL, streamable.FailTLS, "TLS failed with 127.0.0.1:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := streamable.NewClient(tt.url, &streamable.ClientOptions{RetryFor: 50 * time.Millisecond})
			defer c.Close()
			err := requestErr(t, c)
			var re *transport.RequestError
			var le *streamable.LinkError
			if !errors.As(err, &re) || string(re.ID) != "1" || !errors.As(err, &le) {
				t.Fatalf("got %T %v, want a *RequestError for id 1 holding a *LinkError", err, err)
			}
			if le.Failure != tt.failure || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("failure %d: %q, want %d: %q…", le.Failure, err, tt.failure, tt.want)
			}
			if strings.Contains(err.Error(), "\x1b") || strings.Contains(err.Error(), "<html>") {
				t.Errorf("the server's body is shown raw: %q", err)
			}
		})
	}
}

// restartable is an HTTP server on a fixed port that can be killed and
// started again there, as a restarted server process would be.
type restartable struct {
	t    *testing.T
	addr string
	h    http.Handler
	srv  *http.Server
}

func newRestartable(t *testing.T, h http.Handler) *restartable {
	r := &restartable{t: t, addr: "127.0.0.1:0", h: h}
	r.start()
	t.Cleanup(r.stop)
	return r
}

func (r *restartable) start() {
	l, err := net.Listen("tcp", r.addr)
	if err != nil {
		r.t.Fatal(err)
	}
	r.addr = l.Addr().String()
	r.srv = &http.Server{Handler: r.h}
	go r.srv.Serve(l)
}

func (r *restartable) stop() { r.srv.Close() }

func (r *restartable) url() string { return "http://" + r.addr + "/mcp" }

// sessionServer answers every POST with an empty result on a session; a
// session of an earlier life is refused as the TypeScript SDK does: 400
// and a message about the session, with no id.
type sessionServer struct {
	mu    sync.Mutex
	life  int
	known map[string]bool
	next  int
}

func (s *sessionServer) restart() {
	s.mu.Lock()
	s.life++
	s.known = map[string]bool{}
	s.mu.Unlock()
}

func (s *sessionServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	m, err := transport.Decode(must(io.ReadAll(r.Body)))
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	id := r.Header.Get(streamable.HeaderSessionID)
	switch {
	case id == "" && m.Method == "initialize":
		s.next++
		id = "s" + string(rune('0'+s.next))
		s.known[id] = true
		w.Header().Set(streamable.HeaderSessionID, id)
	case !s.known[id]:
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: No valid session ID provided"}}`)
		return
	}
	if !m.IsRequest() {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	resp, _ := transport.NewResult(m.ID, map[string]any{"protocolVersion": "2025-06-18"})
	data, _ := json.Marshal(resp)
	w.Write(data)
}

func must[T any](v T, _ error) T { return v }

// linkEvents records what OnLink is told.
type linkEvents struct {
	mu  sync.Mutex
	evs []streamable.LinkEvent
}

func (l *linkEvents) add(ev streamable.LinkEvent) {
	l.mu.Lock()
	l.evs = append(l.evs, ev)
	l.mu.Unlock()
}

func (l *linkEvents) kinds() []streamable.LinkKind {
	l.mu.Lock()
	defer l.mu.Unlock()
	var k []streamable.LinkKind
	for _, ev := range l.evs {
		k = append(k, ev.Kind)
	}
	return k
}

// A server that dies is reported down once, with the words of the first
// failure; reached again, up; restarted without the session (400 naming
// it, as the TypeScript SDK answers), the session is renewed once, said
// through OnLink, and the request that met the 400 goes through.
func TestStreamableClientLinkDownUpRenewed(t *testing.T) {
	ss := &sessionServer{known: map[string]bool{}}
	srv := newRestartable(t, ss)
	var evs linkEvents
	c := streamable.NewClient(srv.url(), &streamable.ClientOptions{RetryFor: 50 * time.Millisecond, OnLink: evs.add})
	defer c.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	roundTrip := func(id int64, method string) (*transport.Message, error) {
		m, _ := transport.NewRequest(id, method, nil)
		if err := c.Write(ctx, m); err != nil {
			t.Fatal(err)
		}
		return c.Read(ctx)
	}
	if _, err := roundTrip(1, "initialize"); err != nil {
		t.Fatal(err)
	}
	done := &transport.Message{JSONRPC: transport.Version, Method: "notifications/initialized"}
	if err := c.Write(ctx, done); err != nil {
		t.Fatal(err)
	}

	srv.stop()
	// The first request may go out on the kept-alive connection the dead
	// server closed (connection lost); the next finds nothing listening.
	if _, err := roundTrip(2, "tools/list"); err == nil ||
		!strings.HasPrefix(err.Error(), "connection refused") && !strings.HasPrefix(err.Error(), "connection lost") {
		t.Fatalf("request to a dead server: %v, want connection refused or lost", err)
	}
	if _, err := roundTrip(3, "tools/list"); err == nil || !strings.HasPrefix(err.Error(), "connection refused") {
		t.Fatalf("second request to a dead server: %v, want connection refused", err)
	}
	if got := evs.kinds(); len(got) != 1 || got[0] != streamable.LinkDown {
		t.Fatalf("events after two failed requests: %v, want one LinkDown", got)
	}

	ss.restart()
	srv.start()
	resp, err := roundTrip(4, "tools/list")
	if err != nil || resp.Error != nil {
		t.Fatalf("request after the restart: %+v, %v; want it answered on a new session", resp, err)
	}
	if got := c.SessionID(); got != "s2" {
		t.Errorf("session %q, want the new s2", got)
	}
	want := []streamable.LinkKind{streamable.LinkDown, streamable.LinkUp, streamable.LinkRenewed}
	if got := evs.kinds(); len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Fatalf("events: %v, want %v", got, want)
	}
	evs.mu.Lock()
	why := evs.evs[2].Err
	evs.mu.Unlock()
	if why == nil || why.Status != http.StatusBadRequest || why.Message != "Bad Request: No valid session ID provided" {
		t.Errorf("renewed because %v, want the server's 400 and its message", why)
	}
}
