package target

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/transport"
)

// watchConn sits between the client and a stdio server: it keeps the lines
// on stdout that are not JSON-RPC (the client skips them) and notices
// answers whose id no request had, so the doctor can name both instead of
// reporting silence.
type watchConn struct {
	transport.Conn
	noise *lineTail

	mu      sync.Mutex
	pending map[string]bool // ids of requests sent and not answered yet
	first   []string        // the first few request ids, for the doctor
	wrong   []string        // the first few answers to no pending request
}

const keepIDs = 5

func newWatchConn(c transport.Conn, noise *lineTail) *watchConn {
	return &watchConn{Conn: c, noise: noise, pending: map[string]bool{}}
}

func (w *watchConn) Write(ctx context.Context, m *transport.Message) error {
	if m.IsRequest() {
		id := string(m.ID)
		w.mu.Lock()
		w.pending[id] = true
		if len(w.first) < keepIDs {
			w.first = append(w.first, id)
		}
		w.mu.Unlock()
	}
	return w.Conn.Write(ctx, m)
}

func (w *watchConn) Read(ctx context.Context) (*transport.Message, error) {
	m, err := w.Conn.Read(ctx)
	var de *transport.DecodeError
	switch {
	case errors.As(err, &de) && de.Limit > 0 && de.Msg != nil:
		// A message over the size limit, not stray output: the call it
		// answers fails with the reason.
		if de.IsResponse() {
			w.answered(string(de.Msg.ID))
		}
	case errors.As(err, &de):
		w.noise.Add(noiseSample(de))
	case err == nil && m.IsResponse():
		w.answered(string(m.ID))
	}
	return m, err
}

func (w *watchConn) answered(id string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.pending[id] {
		delete(w.pending, id)
		return
	}
	if len(w.wrong) < keepIDs {
		w.wrong = append(w.wrong, id)
	}
}

// wrongIDs returns the ids of answers no pending request had and, when
// there are some, the ids of the first requests sent.
func (w *watchConn) wrongIDs() (wrong, sent []string) {
	if w == nil {
		return nil, nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.wrong) == 0 {
		return nil, nil
	}
	return append([]string(nil), w.wrong...), append([]string(nil), w.first...)
}

// heldLines passes lines on to fn, holding them until release (and
// dropping them if release never comes).
type heldLines struct {
	mu   sync.Mutex
	fn   func(string)
	live bool
	held []string
}

func newHeldLines(fn func(string)) *heldLines { return &heldLines{fn: fn} }

func (h *heldLines) add(line string) {
	if h.fn == nil {
		return
	}
	h.mu.Lock()
	if !h.live {
		if len(h.held) < 100 {
			h.held = append(h.held, line)
		}
		h.mu.Unlock()
		return
	}
	h.mu.Unlock()
	h.fn(line)
}

func (h *heldLines) release() {
	h.mu.Lock()
	held := h.held
	h.held, h.live = nil, true
	h.mu.Unlock()
	for _, l := range held {
		if h.fn != nil {
			h.fn(l)
		}
	}
}

// noiseSample is a skipped line as the doctor shows it: what the server
// wrote, and for a long line its start, its size and why it was skipped.
func noiseSample(de *transport.DecodeError) string {
	s := string(de.Line)
	if cut := termtext.Clip(s, sampleRunes); cut != s || de.Size > len(de.Line) {
		s = fmt.Sprintf("%s [%d bytes in all; %s]", cut, de.Size, de.Err.Message)
	}
	return s
}

// sampleRunes is how much of a long stray line is shown.
const sampleRunes = 200

// StdoutNoiseError is a stray stdout line as a warning, for hooks that
// take errors (sdk.ClientOptions.OnWarning).
type StdoutNoiseError struct{ Line string }

func (e *StdoutNoiseError) Error() string { return StdoutNoiseWarning(e.Line) }

// StdoutNoiseWarning says, for a terminal, that the server wrote line to
// stdout though it is not JSON-RPC: mcpdev skips it, but it is a bug other
// clients will not forgive. The line is sanitized.
func StdoutNoiseWarning(line string) string {
	return "the server wrote a line to stdout that is not JSON-RPC; mcpdev skips it, but other MCP clients may fail on it " +
		"(stdout carries the protocol only: print logs to stderr): " + termtext.Line(line)
}
