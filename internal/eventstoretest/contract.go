// Package eventstoretest checks that a transport.EventStore (and, when it
// is one, a transport.SessionStore) keeps the contract the Streamable HTTP
// handler relies on. Every implementation's tests run it.
package eventstoretest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/transport"
)

// Open makes a fresh, empty store keeping at most max events per stream.
type Open func(t *testing.T, max int) transport.EventStore

// Event is one replayed event.
type Event struct {
	ID   string
	Data string
}

// Run runs the contract's checks, each on a fresh store.
func Run(t *testing.T, open Open) {
	checks := []struct {
		name  string
		check func(t *testing.T, open Open)
	}{
		{"ReplayAfterAnEvent", replayAfterAnEvent},
		{"ReplayFromPositionZero", replayFromPositionZero},
		{"UnknownOrMalformedID", unknownOrMalformedID},
		{"StreamsAndSessionsApart", streamsAndSessionsApart},
		{"KeepsTheLastMaxEvents", keepsTheLastMaxEvents},
		{"DataKeptByteExact", dataKeptByteExact},
		{"YieldErrorStopsReplay", yieldErrorStopsReplay},
		{"ForgetStream", forgetStream},
		{"ForgetSession", forgetSession},
		{"SessionRecord", sessionRecord},
	}
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) { c.check(t, open) })
	}
}

var ctx = context.Background()

// Append appends each data to a stream and returns the ids.
func Append(t *testing.T, s transport.EventStore, session, stream string, data ...string) []string {
	t.Helper()
	var ids []string
	for _, d := range data {
		id, err := s.Append(ctx, session, stream, []byte(d))
		if err != nil {
			t.Fatalf("Append(%s, %s): %v", session, stream, err)
		}
		ids = append(ids, id)
	}
	return ids
}

// Replay returns what Replay yields after lastEventID, and its error.
func Replay(s transport.EventStore, session, lastEventID string) ([]Event, error) {
	var got []Event
	err := s.Replay(ctx, session, lastEventID, func(id string, data []byte) error {
		got = append(got, Event{id, string(data)})
		return nil
	})
	return got, err
}

func events(ids []string, data ...string) []Event {
	var out []Event
	for i, id := range ids {
		out = append(out, Event{id, data[i]})
	}
	return out
}

func diff(want, got []Event) string {
	if slices.Equal(want, got) {
		return ""
	}
	return fmt.Sprintf("-want %q\n+got  %q", want, got)
}

func replayAfterAnEvent(t *testing.T, open Open) {
	s := open(t, 16)
	ids := Append(t, s, "s1", "1", "a", "b", "c")
	for _, id := range ids {
		if stream, _, ok := transport.SplitEventID(id); !ok || stream != "1" {
			t.Errorf("event id %q does not name stream 1", id)
		}
	}
	if len(slices.Compact(slices.Clone(ids))) != 3 {
		t.Errorf("event ids not unique: %q", ids)
	}
	for i, id := range ids {
		got, err := Replay(s, "s1", id)
		if d := diff(events(ids, "a", "b", "c")[i+1:], got); err != nil || d != "" {
			t.Errorf("Replay after %s: err %v\n%s", id, err, d)
		}
	}
	more := Append(t, s, "s1", "1", "d") // a live stream goes on after a replay
	got, err := Replay(s, "s1", ids[2])
	if d := diff(events(more, "d"), got); err != nil || d != "" {
		t.Errorf("Replay after the last event once more was added: err %v\n%s", err, d)
	}
}

func replayFromPositionZero(t *testing.T, open Open) {
	s := open(t, 16)
	ids := Append(t, s, "s1", "2", "a", "b")
	got, err := Replay(s, "s1", "2-0")
	if d := diff(events(ids, "a", "b"), got); err != nil || d != "" {
		t.Errorf("Replay after 2-0: err %v\n%s", err, d)
	}
}

func unknownOrMalformedID(t *testing.T, open Open) {
	s := open(t, 16)
	Append(t, s, "s1", "1", "a")
	for _, id := range []string{"", "1", "-0", "1-", "9-0", "1-x", "1-0-x", "1--1", "1-99999999999999999999999-0", "1- 0", "1-\x00", "\x00-0", "0-0", "1-18446744073709551615-18446744073709551615"} {
		if _, err := Replay(s, "s1", id); !errors.Is(err, transport.ErrUnknownEvent) {
			t.Errorf("Replay(%q) = %v, want ErrUnknownEvent", id, err)
		}
	}
	if _, err := Replay(s, "other", "1-0"); !errors.Is(err, transport.ErrUnknownEvent) {
		t.Errorf("Replay in an unknown session = %v, want ErrUnknownEvent", err)
	}
	// Positions no store writes, on a stream it keeps: the handler tells
	// them from an id of a live stream that has nothing stored yet.
	for _, id := range []string{"1-x", "1-0x", "1--1", "1- 0", "1-\x00", "1-0-x"} {
		if _, err := Replay(s, "s1", id); !errors.Is(err, transport.ErrMalformedEventID) {
			t.Errorf("Replay(%q) = %v, want ErrMalformedEventID", id, err)
		}
	}
}

func streamsAndSessionsApart(t *testing.T, open Open) {
	s := open(t, 16)
	a := Append(t, s, "s1", "1", "s1/1")
	b := Append(t, s, "s1", "0", "s1/0")
	c := Append(t, s, "s2", "1", "s2/1")
	for _, tc := range []struct {
		session, from string
		want          []Event
	}{
		{"s1", "1-0", events(a, "s1/1")},
		{"s1", "0-0", events(b, "s1/0")},
		{"s2", "1-0", events(c, "s2/1")},
	} {
		got, err := Replay(s, tc.session, tc.from)
		if d := diff(tc.want, got); err != nil || d != "" {
			t.Errorf("Replay(%s, %s): err %v\n%s", tc.session, tc.from, err, d)
		}
	}
}

func keepsTheLastMaxEvents(t *testing.T, open Open) {
	s := open(t, 3)
	ids := Append(t, s, "s1", "1", "a", "b", "c", "d", "e")
	got, err := Replay(s, "s1", "1-0")
	if d := diff(events(ids[2:], "c", "d", "e"), got); err != nil || d != "" {
		t.Errorf("Replay of a stream over its bound: err %v\n%s", err, d)
	}
	got, err = Replay(s, "s1", ids[0]) // evicted: what is left follows
	if d := diff(events(ids[2:], "c", "d", "e"), got); err != nil || d != "" {
		t.Errorf("Replay after an evicted event: err %v\n%s", err, d)
	}
}

func dataKeptByteExact(t *testing.T, open Open) {
	s := open(t, 16)
	data := []string{"", "\x00\r\n\x1b[31m", strings.Repeat("x", 1<<20), "\xff\xfe"}
	ids := Append(t, s, "s1", "1", data...)
	got, err := Replay(s, "s1", "1-0")
	if err != nil || len(got) != len(data) {
		t.Fatalf("Replay: %d events, err %v", len(got), err)
	}
	for i := range data {
		if got[i].ID != ids[i] || !bytes.Equal([]byte(got[i].Data), []byte(data[i])) {
			t.Errorf("event %d: id %q data %.40q, want id %q data %.40q", i, got[i].ID, got[i].Data, ids[i], data[i])
		}
	}
}

func yieldErrorStopsReplay(t *testing.T, open Open) {
	s := open(t, 16)
	Append(t, s, "s1", "1", "a", "b")
	stop := errors.New("stop")
	calls := 0
	err := s.Replay(ctx, "s1", "1-0", func(string, []byte) error { calls++; return stop })
	if !errors.Is(err, stop) || calls != 1 {
		t.Errorf("Replay with a failing yield: err %v after %d calls, want stop after 1", err, calls)
	}
}

func forgetStream(t *testing.T, open Open) {
	s := open(t, 16)
	Append(t, s, "s1", "1", "a")
	kept := Append(t, s, "s1", "0", "b")
	if err := s.Forget(ctx, "s1", "1"); err != nil {
		t.Fatal(err)
	}
	if _, err := Replay(s, "s1", "1-0"); !errors.Is(err, transport.ErrUnknownEvent) {
		t.Errorf("Replay of a forgotten stream = %v, want ErrUnknownEvent", err)
	}
	got, err := Replay(s, "s1", "0-0")
	if d := diff(events(kept, "b"), got); err != nil || d != "" {
		t.Errorf("the other stream after Forget: err %v\n%s", err, d)
	}
}

func forgetSession(t *testing.T, open Open) {
	s := open(t, 16)
	Append(t, s, "s1", "1", "a")
	Append(t, s, "s1", "0", "b")
	kept := Append(t, s, "s2", "0", "c")
	if ss, ok := s.(transport.SessionStore); ok {
		if err := ss.SaveSession(ctx, "s1", []byte("record")); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Forget(ctx, "s1", ""); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"1-0", "0-0"} {
		if _, err := Replay(s, "s1", id); !errors.Is(err, transport.ErrUnknownEvent) {
			t.Errorf("Replay(%s) of a forgotten session = %v, want ErrUnknownEvent", id, err)
		}
	}
	if ss, ok := s.(transport.SessionStore); ok {
		if _, err := ss.LoadSession(ctx, "s1"); !errors.Is(err, transport.ErrUnknownSession) {
			t.Errorf("LoadSession of a forgotten session = %v, want ErrUnknownSession", err)
		}
	}
	got, err := Replay(s, "s2", "0-0")
	if d := diff(events(kept, "c"), got); err != nil || d != "" {
		t.Errorf("another session after Forget: err %v\n%s", err, d)
	}
}

func sessionRecord(t *testing.T, open Open) {
	ss, ok := open(t, 16).(transport.SessionStore)
	if !ok {
		t.Skip("not a SessionStore")
	}
	if _, err := ss.LoadSession(ctx, "s1"); !errors.Is(err, transport.ErrUnknownSession) {
		t.Errorf("LoadSession of an unknown session = %v, want ErrUnknownSession", err)
	}
	rec := []byte("{\"method\":\"initialize\"}\x00\r\n")
	if err := ss.SaveSession(ctx, "s1", rec); err != nil {
		t.Fatal(err)
	}
	got, err := ss.LoadSession(ctx, "s1")
	if err != nil || !bytes.Equal(got, rec) {
		t.Errorf("LoadSession = %q, %v; want %q", got, err, rec)
	}
}
