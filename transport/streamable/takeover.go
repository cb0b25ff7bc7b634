package streamable

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mcpdev/mcpdev/internal/jsonenc"
	"github.com/mcpdev/mcpdev/transport"
)

// Taking over a session: when ServerOptions.EventStore is also a
// SessionStore, initialize saves the session's initialize request, and a
// replica asked for a session it does not know (its own replica died, the
// load balancer sent the client elsewhere) loads that record and replays
// it to its backend, under the same session id. The client keeps its
// session and resumes its streams with Last-Event-ID from the shared store.

// maxSessionID bounds a session id the handler looks up in the store.
const maxSessionID = 256

// errTooManySessions: MaxSessions sessions are alive already.
var errTooManySessions = errors.New("transport: too many sessions")

// initializedNote is replayed after the stored initialize: the client sent
// it to the replica that created the session.
var initializedNote = &transport.Message{JSONRPC: transport.Version, Method: "notifications/initialized"}

// sessionRecord is what a SessionStore keeps of a session: its owner
// (transport.Owner, "" none) and its initialize request. A record
// written before sessions had owners is the initialize request alone.
type sessionRecord struct {
	Owner      string          `json:"owner"`
	Initialize json.RawMessage `json:"initialize"`
}

// saveSession stores the record of a new session: its owner and its
// initialize request.
func (h *Server) saveSession(s *httpSession, init *transport.Message) error {
	ss, ok := h.opts.EventStore.(transport.SessionStore)
	if !ok {
		return nil
	}
	msg, err := jsonenc.Marshal(init)
	var rec []byte
	if err == nil {
		rec, err = jsonenc.Marshal(sessionRecord{Owner: s.owner, Initialize: msg})
	}
	if err == nil {
		err = ss.SaveSession(context.Background(), s.id, rec)
	}
	if err != nil {
		return fmt.Errorf("%w: saving the session: %w", transport.ErrEventStore, err)
	}
	return nil
}

// takeOver rebuilds a session another replica created for owner from its
// stored record, admitted and marked busy (release when done). It
// answers ErrUnknownSession when there is none to take over (or it is
// another owner's), and errors matching ErrEventStore or
// errTooManySessions when it cannot.
func (h *Server) takeOver(id, owner string) (*httpSession, error) {
	ss, ok := h.opts.EventStore.(transport.SessionStore)
	if !ok || len(id) > maxSessionID || !transport.VisibleASCII(id) {
		return nil, transport.ErrUnknownSession
	}
	rec, err := ss.LoadSession(context.Background(), id)
	if errors.Is(err, transport.ErrUnknownSession) {
		return nil, transport.ErrUnknownSession
	}
	if err != nil {
		return nil, fmt.Errorf("%w: loading the session: %w", transport.ErrEventStore, err)
	}
	init, recOwner, err := decodeSessionRecord(rec)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", transport.ErrEventStore, err)
	}
	if !sameOwner(recOwner, owner) {
		return nil, transport.ErrUnknownSession
	}
	if !h.reserve() {
		return nil, errTooManySessions
	}
	s := h.newSession(id, owner)
	s.streamPrefix = newStreamPrefix()
	resp := s.backend.Handle(s.ctx, init, nil)
	if resp == nil || resp.Error != nil {
		s.close()
		h.admit(nil)
		return nil, fmt.Errorf("%w: the server refused the session's stored initialize", transport.ErrEventStore)
	}
	s.backend.Handle(s.ctx, initializedNote, nil)
	s.polling = resumableVersion(resp.Result)
	return h.admitTakenOver(s), nil
}

// admitTakenOver admits s, unless a concurrent request took the same
// session over first: then s is dropped and that one is used.
func (h *Server) admitTakenOver(s *httpSession) *httpSession {
	h.mu.Lock()
	h.opening--
	had := h.sessions[s.id]
	if had == nil {
		h.sessions[s.id] = s
		h.armSweep()
	}
	h.mu.Unlock()
	if had != nil {
		s.close()
		s = had
	}
	s.acquire()
	return s
}

// decodeSessionRecord reads a stored session record: the session's
// initialize request and owner.
func decodeSessionRecord(rec []byte) (init *transport.Message, owner string, err error) {
	var r sessionRecord
	if json.Unmarshal(rec, &r) == nil && r.Initialize != nil {
		rec, owner = r.Initialize, r.Owner
	}
	m, derr := transport.Decode(rec)
	if derr != nil {
		return nil, "", fmt.Errorf("the stored session record does not decode: %w", derr)
	}
	if m.Method != "initialize" || !m.IsRequest() {
		return nil, "", errors.New("the stored session record is not an initialize request")
	}
	return m, owner, nil
}

// newStreamPrefix names the streams of a session taken over: random, so
// that they differ from the streams of every other replica.
func newStreamPrefix() string {
	var b [4]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:]) + "."
}

// forget drops a session that ended (DELETE, idle) from the store.
func (h *Server) forget(s *httpSession) {
	_ = h.opts.EventStore.Forget(context.Background(), s.id, "") // a failure leaves it to the store's expiry
}
