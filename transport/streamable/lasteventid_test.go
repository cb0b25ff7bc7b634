package streamable_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/transport/streamable"
)

// A Last-Event-ID that is no event id the server could have sent, on the
// caller's own live GET stream, is answered 400 with a message naming
// it, not 200 and a stream that silently replays nothing; a well-formed
// id of that stream still opens it.
func TestStreamableMalformedLastEventID(t *testing.T) {
	ts := newFakeServer(t, &fakeBackend{}, nil)
	session := initSession(t, ts.URL)
	get := func(lastEventID string) (int, string) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		hr, _ := http.NewRequestWithContext(ctx, http.MethodGet, ts.URL, nil)
		hr.Header.Set("Accept", "text/event-stream")
		hr.Header.Set(streamable.HeaderSessionID, session)
		hr.Header.Set(streamable.HeaderLastEventID, lastEventID)
		resp, err := http.DefaultClient.Do(hr)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode == http.StatusOK { // a stream: read no further
			return resp.StatusCode, ""
		}
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	for _, id := range []string{"0-abc", "0-1x", "0--1", "0- 1", "0-1-2", "0-99999999999999999999999", "garbage", "0-"} {
		status, body := get(id)
		if status != http.StatusBadRequest || !strings.Contains(body, "malformed Last-Event-ID") {
			t.Errorf("Last-Event-ID %q: %d %s, want 400 naming a malformed Last-Event-ID", id, status, body)
		}
	}
	if status, body := get("0-0"); status != http.StatusOK {
		t.Errorf("Last-Event-ID 0-0 of the live GET stream: %d %s, want 200", status, body)
	}
}
