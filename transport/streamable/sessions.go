package streamable

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"github.com/mcpdev/mcpdev/transport"
	"net/http"
	"strconv"
	"time"
)

// DefaultMaxSessions is how many legacy sessions a Server keeps
// alive at once unless told otherwise.
const DefaultMaxSessions = 10000

// initialize opens a legacy session, if there is room for one.
func (h *Server) initialize(w http.ResponseWriter, r *http.Request, m *transport.Message) {
	if !h.reserve() {
		w.Header().Set("Retry-After", strconv.Itoa(int(h.sweepEvery().Seconds())+1))
		writeHTTPError(w, http.StatusServiceUnavailable, m.ID, transport.CodeInternalError,
			"Service Unavailable: too many sessions (the limit is "+strconv.Itoa(h.opts.MaxSessions)+
				"); end unused ones with DELETE, or try again once idle ones expire")
		return
	}
	s := h.newSession(newSessionID(), requestOwner(r))
	resp := s.backend.Handle(s.ctx, m, nil)
	if resp == nil || resp.Error != nil {
		s.close()
		h.admit(nil)
		writeJSON(w, http.StatusOK, nil, resp)
		return
	}
	if err := h.saveSession(s, m); err != nil {
		s.close()
		h.admit(nil)
		writeHTTPError(w, http.StatusServiceUnavailable, m.ID, transport.CodeInternalError, "Service Unavailable: "+err.Error())
		return
	}
	s.polling = resumableVersion(resp.Result)
	h.admit(s)
	writeJSON(w, http.StatusOK, s.idHeader, resp)
}

// reserve takes a place for a new session below MaxSessions, sweeping
// idle sessions first when there is none.
func (h *Server) reserve() bool {
	h.mu.Lock()
	full := len(h.sessions)+h.opening >= h.opts.MaxSessions
	h.mu.Unlock()
	if full {
		h.sweep()
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.sessions)+h.opening >= h.opts.MaxSessions {
		return false
	}
	h.opening++
	return true
}

// admit fills the place reserve took with s (nil: initialize failed).
func (h *Server) admit(s *httpSession) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.opening--
	if s != nil {
		h.sessions[s.id] = s
		h.armSweep()
	}
}

func (h *Server) newSession(id, owner string) *httpSession {
	ctx, cancel := context.WithCancel(context.Background())
	s := &httpSession{id: id, owner: owner, idHeader: []string{id}, ctx: ctx, cancel: cancel, store: h.opts.EventStore, streams: map[string]*sseStream{}}
	s.get = newSSEStream("0", id, s.store)
	s.streams["0"] = s.get
	s.backend = h.backend.NewSession(s.notify)
	s.touch()
	return s
}

// session looks up a live session of owner, or takes over one another
// replica created for owner (see takeOver), and marks it busy (release
// when done). Another owner's session is ErrUnknownSession, as one that
// does not exist: its existence is not revealed.
func (h *Server) session(id, owner string) (*httpSession, error) {
	h.mu.Lock()
	s := h.sessions[id]
	h.mu.Unlock()
	if s == nil {
		return h.takeOver(id, owner)
	}
	if s.ctx.Err() != nil || !sameOwner(s.owner, owner) {
		return nil, transport.ErrUnknownSession
	}
	s.acquire()
	return s, nil
}

// writeSessionError answers a request whose session could not be found
// (404: the client initializes again) or taken over (503).
func writeSessionError(w http.ResponseWriter, id json.RawMessage, err error) {
	if errors.Is(err, transport.ErrUnknownSession) {
		writeHTTPError(w, http.StatusNotFound, id, transport.CodeInvalidRequest, "Not Found: unknown or expired session")
		return
	}
	writeHTTPError(w, http.StatusServiceUnavailable, id, transport.CodeInternalError, "Service Unavailable: "+err.Error())
}

// sweepEvery is how often idle sessions are looked for: half the idle
// timeout, at most a minute.
func (h *Server) sweepEvery() time.Duration {
	return max(min(h.opts.SessionIdleTimeout/2, time.Minute), time.Millisecond)
}

// armSweep starts the sweep timer while sessions live; h.mu is held. The
// timer holds no goroutine while it waits.
func (h *Server) armSweep() {
	if h.sweeper == nil && len(h.sessions) > 0 {
		h.sweeper = time.AfterFunc(h.sweepEvery(), h.sweepTick)
	}
}

func (h *Server) sweepTick() {
	h.mu.Lock()
	h.sweeper = nil
	h.mu.Unlock()
	h.sweep()
	h.mu.Lock()
	h.armSweep()
	h.mu.Unlock()
}

// sweep ends sessions idle for longer than SessionIdleTimeout.
func (h *Server) sweep() {
	now := time.Now()
	var idle []*httpSession
	h.mu.Lock()
	for id, s := range h.sessions {
		if s.idleSince(now) > h.opts.SessionIdleTimeout {
			delete(h.sessions, id)
			idle = append(idle, s)
		}
	}
	h.mu.Unlock()
	for _, s := range idle {
		s.close()
		h.forget(s)
	}
}

// Drain prepares a graceful shutdown (http.Server.Shutdown waits for every
// running handler): it ends the sessions' GET streams, which would
// otherwise run until their session ends, and leaves the sessions and
// their running calls alone, so that calls in flight finish and answer.
// Close the handler once Shutdown returned. The clients reopen a GET
// stream wherever they reconnect.
func (h *Server) Drain() {
	h.drainOnce.Do(func() { close(h.draining) })
}

// Close ends every session and stops the sweep timer. A store shared with
// other replicas (a SessionStore) keeps the sessions, so that another
// replica can take them over; the default store forgets them.
func (h *Server) Close() {
	h.mu.Lock()
	all := h.sessions
	h.sessions = map[string]*httpSession{}
	if h.sweeper != nil {
		h.sweeper.Stop()
		h.sweeper = nil
	}
	h.mu.Unlock()
	_, shared := h.opts.EventStore.(transport.SessionStore)
	for _, s := range all {
		s.close()
		if !shared {
			h.forget(s)
		}
	}
}

// requestOwner is transport.Owner of the identity r was authenticated
// as (by Auth, or by middleware putting one in its context).
func requestOwner(r *http.Request) string {
	return transport.Owner(transport.IdentityFrom(r.Context()))
}

// sameOwner compares owners in constant time.
func sameOwner(a, b string) bool {
	return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}

func newSessionID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand never fails on supported platforms
	return hex.EncodeToString(b[:])
}
