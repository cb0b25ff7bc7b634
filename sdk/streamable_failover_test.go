package sdk_test

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// replicas serves n sdk servers behind one URL, like a load balancer
// whose sticky replica went away: every request goes to the replica
// `current` names. It counts the initialize requests (POSTs without a
// session) each replica got.
type replicas struct {
	handlers []*streamable.Server
	current  atomic.Int32
	inits    []atomic.Int32
	gets     []atomic.Int32 // GET streams opened
}

func newReplicas(t *testing.T, n int) (*replicas, *httptest.Server) {
	t.Helper()
	r := &replicas{inits: make([]atomic.Int32, n), gets: make([]atomic.Int32, n)}
	for range n {
		s := sdk.NewServer("replica", &sdk.ServerOptions{Version: "1.0.0"})
		sdk.Tool(s, HTTPEcho, &sdk.ToolOptions{Description: "Echo."})
		r.handlers = append(r.handlers, sdkhttp.Handler(s, nil))
	}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		i := r.current.Load()
		if req.Method == http.MethodPost && req.Header.Get(streamable.HeaderSessionID) == "" {
			r.inits[i].Add(1)
		}
		if req.Method == http.MethodGet {
			r.gets[i].Add(1)
		}
		r.handlers[i].ServeHTTP(w, req)
	}))
	t.Cleanup(func() {
		for _, h := range r.handlers {
			h.Close()
		}
		ts.Close()
	})
	return r, ts
}

// When the replica holding a session is gone, the next server answers the
// session's requests with 404; the client opens a new session there by
// itself (one initialize, however many calls met the 404 at once, and a
// GET stream for the new session) and the calls succeed.
func TestHTTPClientRenewsSessionAfter404(t *testing.T) {
	r, ts := newReplicas(t, 2)
	c := connectHTTP(t, ts.URL, sdk.LatestLegacyVersion, nil)
	if res := callRaw(t, c, "http_echo", `{"text":"before"}`); texts(res) != "before" {
		t.Fatalf("first call: %q", texts(res))
	}
	r.current.Store(1) // replica 0 is gone: replica 1 never saw the session
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := c.CallTool(testCtx(t), "http_echo", map[string]string{"text": "after"}, nil)
			if err == nil && texts(res) != "after" {
				t.Errorf("call after the failover: %q", texts(res))
			}
			if err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("call after the failover: %v", err)
	}
	if got := r.inits[1].Load(); got != 1 {
		t.Errorf("initialize requests to the second replica: %d, want 1", got)
	}
	if got := r.gets[1].Load(); got < 1 {
		t.Errorf("GET streams opened on the second replica: %d, want at least 1", got)
	}
}
