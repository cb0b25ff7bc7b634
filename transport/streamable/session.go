package streamable

import (
	"context"
	"strconv"
	"sync"
	"time"

	"github.com/mcpdev/mcpdev/internal/jsonenc"
	"github.com/mcpdev/mcpdev/transport"
)

// httpSession is one legacy-era session: its backend, its GET stream and
// the recent POST streams kept for resumption.
type httpSession struct {
	id string
	// owner is transport.Owner of the identity that opened the session
	// ("" none): a request of anyone else is told the session does not
	// exist.
	owner string
	// idHeader is the Mcp-Session-Id header's value list, shared by every
	// response of the session (net/http only reads it).
	idHeader []string
	ctx      context.Context
	cancel   context.CancelFunc
	backend  transport.StreamableSession
	store    transport.EventStore
	// streamPrefix starts the name of every POST stream: "" on the replica
	// that created the session, a random one on a replica that took it
	// over, so that its streams do not reuse the names of the dead one's.
	streamPrefix string
	get          *sseStream
	// polling: the client negotiated 2025-11-25 or later, so its POST
	// streams are primed and its tool calls may close them (SEP-1699).
	polling bool

	mu         sync.Mutex
	streams    map[string]*sseStream
	finished   []string // SSE streams that ended, oldest first
	nextStream int
	busy       int
	lastUsed   time.Time
	closeOnce  sync.Once
}

// keptStreams is how many ended POST streams a session keeps for replay.
const keptStreams = 32

// notify sends a server-initiated message on the GET stream.
func (s *httpSession) notify(m *transport.Message) error {
	data, err := jsonenc.Marshal(m)
	if err != nil {
		return err
	}
	return s.get.send(data)
}

func (s *httpSession) newStream() *sseStream {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextStream++
	id := s.streamPrefix + strconv.Itoa(s.nextStream)
	st := newSSEStream(id, s.id, s.store)
	st.prime = s.polling
	s.streams[id] = st
	return st
}

// streamDone forgets a POST stream answered as JSON, and keeps the last
// few SSE ones for resumption, dropping older ones from the store.
func (s *httpSession) streamDone(st *sseStream, usedSSE bool) {
	s.mu.Lock()
	if !usedSSE {
		delete(s.streams, st.id)
		s.mu.Unlock()
		return
	}
	s.finished = append(s.finished, st.id)
	oldest := ""
	if len(s.finished) > keptStreams {
		oldest = s.finished[0]
		delete(s.streams, oldest)
		s.finished = s.finished[1:]
	}
	s.mu.Unlock()
	if oldest != "" {
		_ = s.store.Forget(context.Background(), s.id, oldest) // a failure leaves it to the store's expiry
	}
}

// resumeTarget picks the stream a GET with Last-Event-ID attaches to (the
// GET stream without one): a live stream of this process, or a past one
// that replays what the store kept. ok is false for an id that is not an
// event id at all.
func (s *httpSession) resumeTarget(lastEventID string) (st *sseStream, ok bool) {
	if lastEventID == "" {
		return s.get, true
	}
	sid, _, ok := transport.SplitEventID(lastEventID)
	if !ok {
		return nil, false
	}
	s.mu.Lock()
	st = s.streams[sid]
	s.mu.Unlock()
	if st == nil {
		st = pastSSEStream(sid, s.id, s.store)
	}
	return st, true
}

func (s *httpSession) acquire() {
	s.mu.Lock()
	s.busy++
	s.mu.Unlock()
}

func (s *httpSession) release() {
	s.mu.Lock()
	s.busy--
	s.lastUsed = time.Now()
	s.mu.Unlock()
}

func (s *httpSession) touch() {
	s.mu.Lock()
	s.lastUsed = time.Now()
	s.mu.Unlock()
}

func (s *httpSession) idleSince(now time.Time) time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.busy > 0 {
		return 0
	}
	return now.Sub(s.lastUsed)
}

func (s *httpSession) close() {
	s.closeOnce.Do(func() {
		s.cancel()
		s.backend.Close()
	})
}
