package redisstore_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/redisstore"
	"github.com/redis/go-redis/v9"
)

// Redis goes away in the middle of a call's stream: the tool's next
// progress fails with an error naming the store, the connected client
// still gets that progress (without an id) and the result, and resuming,
// initializing or taking a session over answer 503 saying what failed —
// never a hang or a panic.
func TestRedisGoneMidStream(t *testing.T) {
	redisSrv := startRedis(t)
	gate, progressErr := make(chan struct{}), make(chan error, 1)
	s := sdk.NewServer("down", nil)
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		_ = sdk.Progress(ctx, 1, 2, "")
		<-gate
		progressErr <- sdk.Progress(ctx, 2, 2, "")
		return "done", nil
	}, &sdk.ToolOptions{Name: "gated", Description: "Waits between two steps."})
	// Fail fast once Redis is gone: with go-redis's defaults (3 retries of
	// 5 dials) each call gives up after about 3 s instead.
	rdb := redis.NewClient(&redis.Options{Addr: redisSrv.addr, MaxRetries: -1, DialerRetries: 1})
	t.Cleanup(func() { rdb.Close() })
	h := sdkhttp.Handler(s, &sdkhttp.Options{EventStore: redisstore.New(rdb, nil)})
	ts := httptest.NewServer(h)
	t.Cleanup(func() { h.Close(); ts.Close() })

	resp, body := post(t, ts.URL, "", initBody)
	session := resp.Header.Get("Mcp-Session-Id")
	if resp.StatusCode != 200 || session == "" {
		t.Fatalf("initialize: %d %s", resp.StatusCode, body)
	}
	call := postCall(t, ts.URL, session, 2, "gated")
	defer call.Body.Close()
	events := make(chan event, 4)
	go func() {
		readEvents(call.Body, func(ev event) bool { events <- ev; return false })
		close(events)
	}()
	first := <-events
	if first.id == "" || !strings.Contains(first.data, `"progress":1`) {
		t.Fatalf("first event %q", first)
	}
	redisSrv.stop()
	close(gate)

	if err := <-progressErr; !errors.Is(err, transport.ErrEventStore) || !strings.Contains(err.Error(), "redisstore: append") {
		t.Errorf("progress with Redis gone: %v, want an error naming the store", err)
	}
	if ev := <-events; ev.id != "" || !strings.Contains(ev.data, `"progress":2`) {
		t.Errorf("live progress with Redis gone: %q, want it without an id", ev)
	}
	if ev := <-events; !strings.Contains(ev.data, `"done"`) {
		t.Errorf("result with Redis gone: %q", ev)
	}
	for _, tc := range []struct {
		name, method, session, lastEventID, body, want string
	}{
		{"resume", "GET", session, first.id, "", "redisstore: replay"},
		{"initialize", "POST", "", "", initBody, "redisstore: save session"},
		{"take over", "POST", "0123456789abcdef0123456789abcdef", "", `{"jsonrpc":"2.0","id":3,"method":"ping"}`, "redisstore: load session"},
	} {
		req, _ := http.NewRequest(tc.method, ts.URL, strings.NewReader(tc.body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if tc.session != "" {
			req.Header.Set("Mcp-Session-Id", tc.session)
		}
		if tc.lastEventID != "" {
			req.Header.Set("Last-Event-ID", tc.lastEventID)
		}
		resp, body := doRead(t, req)
		if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(body, tc.want) {
			t.Errorf("%s with Redis gone: %d %s, want 503 saying %q", tc.name, resp.StatusCode, body, tc.want)
		}
	}
}

func doRead(t *testing.T, req *http.Request) (*http.Response, string) {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp, string(data)
}
