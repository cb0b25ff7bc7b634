package transport

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mcpdev/mcpdev/internal/jsonenc"
)

// httpSession is one legacy-era session: its backend, its GET stream and
// the recent POST streams kept for resumption.
type httpSession struct {
	id string
	// idHeader is the Mcp-Session-Id header's value list, shared by every
	// response of the session (net/http only reads it).
	idHeader []string
	ctx      context.Context
	cancel   context.CancelFunc
	backend  StreamableSession
	replay   int
	get      *sseStream
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
func (s *httpSession) notify(m *Message) error {
	data, err := jsonenc.Marshal(m)
	if err != nil {
		return err
	}
	s.get.send(data)
	return nil
}

func (s *httpSession) newStream() *sseStream {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextStream++
	id := strconv.Itoa(s.nextStream)
	st := newSSEStream(id, s.replay)
	st.prime = s.polling
	s.streams[id] = st
	return st
}

// streamDone forgets a POST stream answered as JSON, and keeps the last
// few SSE ones for resumption.
func (s *httpSession) streamDone(st *sseStream, usedSSE bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !usedSSE {
		delete(s.streams, st.id)
		return
	}
	s.finished = append(s.finished, st.id)
	if len(s.finished) > keptStreams {
		delete(s.streams, s.finished[0])
		s.finished = s.finished[1:]
	}
}

// resumeTarget picks the stream a GET attaches to and the last event the
// client saw (-1: none, deliver only new events).
func (s *httpSession) resumeTarget(lastEventID string) (*sseStream, int, string) {
	if lastEventID == "" {
		return s.get, -1, ""
	}
	sid, seqText, ok := strings.Cut(lastEventID, "-")
	seq, err := strconv.Atoi(seqText)
	s.mu.Lock()
	st := s.streams[sid]
	s.mu.Unlock()
	if !ok || err != nil || st == nil {
		return nil, 0, "Bad Request: unknown Last-Event-ID " + strconv.Quote(lastEventID)
	}
	return st, seq, ""
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
