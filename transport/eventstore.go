package transport

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// EventStore keeps the events of a legacy-era session's SSE streams, so a
// client that lost a stream can resume it with GET and Last-Event-ID. The
// default (NewMemoryEventStore) keeps them in the process; a store shared
// by several replicas (package transport/redisstore) lets a client resume
// on another replica after its own one died.
//
// An event id is the stream's name, '-', and a position of the store's
// choosing without '-' at the start ("3-17"); the stream names ("0" is the
// session's GET stream) never contain '-'. Position "0" stands before a
// stream's first event (the priming event of SEP-1699 carries it). Ids
// must be unique within a session across every replica sharing the store.
type EventStore interface {
	// Append stores data as the next event of a session's stream and
	// returns its id.
	Append(ctx context.Context, session, stream string, data []byte) (id string, err error)
	// Replay calls yield with each event stored after lastEventID on that
	// event's stream, oldest first, stopping at yield's first error. An id
	// naming a stream the store does not keep (never written to, dropped
	// or expired) gives ErrUnknownEvent, and a malformed one
	// ErrMalformedEventID. Events that were
	// evicted to keep the store bounded are skipped without error.
	Replay(ctx context.Context, session, lastEventID string, yield func(id string, data []byte) error) error
	// Forget drops one stream of a session, or all of the session's
	// streams (and its SessionStore record) when stream is "".
	Forget(ctx context.Context, session, stream string) error
}

// SessionStore is what an EventStore shared by replicas implements on top,
// so that a replica can take over a legacy session another one created:
// the handler saves the session's initialize request, and a replica that
// gets a request for a session it does not know loads it and replays it
// to its backend (the negotiated protocol version, the client's
// capabilities and info come back; see streamable.ServerOptions.EventStore
// for what does not).
type SessionStore interface {
	// SaveSession stores the record of a new session.
	SaveSession(ctx context.Context, session string, record []byte) error
	// LoadSession returns a session's record, or ErrUnknownSession.
	LoadSession(ctx context.Context, session string) ([]byte, error)
}

var (
	// ErrUnknownEvent is EventStore.Replay's answer for a Last-Event-ID
	// it does not know; the handler answers 400 Bad Request.
	ErrUnknownEvent = errors.New("transport: unknown Last-Event-ID")
	// ErrMalformedEventID is EventStore.Replay's answer for a Last-Event-ID
	// that is not an event id of the store's form (a position it never
	// writes); it matches ErrUnknownEvent too. The handler answers 400
	// even on a live stream, where an unknown but well-formed id only
	// means that nothing was stored yet.
	ErrMalformedEventID = fmt.Errorf("%w: malformed", ErrUnknownEvent)
	// ErrUnknownSession is SessionStore.LoadSession's answer for a session
	// it does not know (never saved, forgotten or expired).
	ErrUnknownSession = errors.New("transport: unknown session")
	// ErrEventStore wraps a failure of the event store (unreachable,
	// broken): the handler answers 503 Service Unavailable.
	ErrEventStore = errors.New("transport: the event store failed")
)

// SplitEventID splits an event id into its stream and position, reporting
// false when it is not one: empty parts, or a stream that is not a
// printable ASCII name.
func SplitEventID(id string) (stream, position string, ok bool) {
	stream, position, ok = strings.Cut(id, "-")
	if !ok || stream == "" || position == "" || !visibleASCII(stream) {
		return "", "", false
	}
	return stream, position, true
}

// visibleASCII reports whether s is made of the characters a session id
// may carry (0x21–0x7E).
func visibleASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x21 || s[i] > 0x7e {
			return false
		}
	}
	return true
}
