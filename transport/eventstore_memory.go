package transport

import (
	"context"
	"strconv"
	"sync"
)

// MemoryEventStore is the default EventStore: each stream keeps its last
// events in the process, so a client resumes only on the replica that
// served it. It is not a SessionStore.
type MemoryEventStore struct {
	max      int
	sessions sync.Map // session id → *memorySession
}

type memorySession struct {
	mu      sync.Mutex
	streams map[string]*memoryStream
}

// memoryStream is a ring of a stream's last events.
type memoryStream struct {
	seq    int
	events []memoryEvent
}

type memoryEvent struct {
	seq  int
	data []byte
}

// NewMemoryEventStore returns a store keeping the last n events of each
// stream (at least 1).
func NewMemoryEventStore(n int) *MemoryEventStore {
	return &MemoryEventStore{max: max(n, 1)}
}

// Append implements EventStore; it never fails.
func (m *MemoryEventStore) Append(_ context.Context, session, stream string, data []byte) (string, error) {
	v, ok := m.sessions.Load(session)
	if !ok {
		v, _ = m.sessions.LoadOrStore(session, &memorySession{streams: map[string]*memoryStream{}})
	}
	ms := v.(*memorySession)
	ms.mu.Lock()
	defer ms.mu.Unlock()
	st := ms.streams[stream]
	if st == nil {
		st = &memoryStream{}
		ms.streams[stream] = st
	}
	st.seq++
	st.events = append(st.events, memoryEvent{seq: st.seq, data: data})
	if len(st.events) > m.max {
		st.events = st.events[len(st.events)-m.max:]
	}
	return stream + "-" + strconv.Itoa(st.seq), nil
}

// Replay implements EventStore.
func (m *MemoryEventStore) Replay(_ context.Context, session, lastEventID string, yield func(id string, data []byte) error) error {
	stream, pos, ok := SplitEventID(lastEventID)
	after, err := strconv.Atoi(pos)
	if !ok || err != nil || after < 0 {
		return ErrMalformedEventID
	}
	events := m.after(session, stream, after)
	if events == nil {
		return ErrUnknownEvent
	}
	for _, ev := range events {
		if err := yield(stream+"-"+strconv.Itoa(ev.seq), ev.data); err != nil {
			return err
		}
	}
	return nil
}

// after copies the events of a stream after seq; nil when the stream is
// unknown.
func (m *MemoryEventStore) after(session, stream string, seq int) []memoryEvent {
	v, ok := m.sessions.Load(session)
	if !ok {
		return nil
	}
	ms := v.(*memorySession)
	ms.mu.Lock()
	defer ms.mu.Unlock()
	st := ms.streams[stream]
	if st == nil {
		return nil
	}
	out := []memoryEvent{}
	for _, ev := range st.events {
		if ev.seq > seq {
			out = append(out, ev)
		}
	}
	return out
}

// Forget implements EventStore.
func (m *MemoryEventStore) Forget(_ context.Context, session, stream string) error {
	if stream == "" {
		m.sessions.Delete(session)
		return nil
	}
	if v, ok := m.sessions.Load(session); ok {
		ms := v.(*memorySession)
		ms.mu.Lock()
		delete(ms.streams, stream)
		ms.mu.Unlock()
	}
	return nil
}
