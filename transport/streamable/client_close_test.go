package streamable_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// A request whose Write is overtaken by Close (Close runs to its end
// between Write's check that the client is open and the request's
// start) is refused with ErrClosed and never sent: no goroutine of
// Write's outlives Close (WaitGroup.Add unordered with Wait was a data
// race, seen under -race in the inspector's copy-as-command test).
func TestStreamableClientWriteRacingClose(t *testing.T) {
	var posts atomic.Int32
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		posts.Add(1)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}`))
	}))
	t.Cleanup(ts.Close)
	c := streamable.NewClient(ts.URL, nil)
	closed := false
	streamable.SetBeforeRequest(c, func() {
		if err := c.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		closed = true
	})
	m := &transport.Message{JSONRPC: transport.Version, ID: []byte("1"), Method: "tools/list"}
	err := c.Write(context.Background(), m)
	if !closed {
		t.Fatal("the hook did not run")
	}
	if !errors.Is(err, transport.ErrClosed) {
		t.Errorf("Write overtaken by Close = %v, want ErrClosed", err)
	}
	if err := c.Close(); err != nil { // waits for anything Write started
		t.Fatal(err)
	}
	if n := posts.Load(); n != 0 {
		t.Errorf("%d POSTs after Close", n)
	}
}
