package redisstore_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport/redisstore"
	"github.com/redis/go-redis/v9"
)

// Redis dies one second into a three-second call that reports progress
// every 200 ms, with go-redis's default client options: the handler is
// never held by the store (its progress reports return at once), the outage is logged
// once and shown by Health, and once Redis is back on the same address
// the next call's events are stored again and replay in full.
func TestRedisOutageDoesNotHoldHandlers(t *testing.T) {
	redisSrv := startRedis(t)
	var logs testutil.Buffer
	rdb := redis.NewClient(&redis.Options{Addr: redisSrv.addr}) // a user's defaults: retries, 3 s timeouts
	t.Cleanup(func() { rdb.Close() })
	store := redisstore.New(rdb, &redisstore.Options{
		Logger:        slog.New(slog.NewTextHandler(&logs, nil)),
		ProbeInterval: 100 * time.Millisecond,
	})

	s := sdk.NewServer("outage", nil)
	took := make(chan time.Duration, 2)
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		var inProgress time.Duration // time spent reporting, not sleeping
		for i := 1; i <= 15; i++ {
			time.Sleep(200 * time.Millisecond)
			start := time.Now()
			_ = sdk.Progress(ctx, float64(i), 15, "")
			inProgress += time.Since(start)
		}
		took <- inProgress
		return "done", nil
	}, &sdk.ToolOptions{Name: "slow", Description: "Takes three seconds."})
	h := sdkhttp.Handler(s, &sdkhttp.Options{EventStore: store})
	ts := httptest.NewServer(h)
	t.Cleanup(func() { h.Close(); ts.Close() })

	resp, body := post(t, ts.URL, "", initBody)
	session := resp.Header.Get("Mcp-Session-Id")
	if resp.StatusCode != 200 || session == "" {
		t.Fatalf("initialize: %d %s", resp.StatusCode, body)
	}
	if h := store.Health(); !h.Up {
		t.Fatalf("health before the outage: %+v", h)
	}

	time.AfterFunc(time.Second, redisSrv.stop)
	events := callSlow(t, ts.URL, session, 2)
	// Ten reports follow the outage: held for the store's 250 ms timeout
	// each, they would take 2.5 s; a loaded machine's scheduling delays
	// stay far below 1.25 s (the sleeps between reports are not counted).
	if d := <-took; d > 1250*time.Millisecond {
		t.Errorf("the handler spent %v reporting progress with Redis gone, want < 1.25s (not held by the store)", d)
	}
	if last := events[len(events)-1]; !strings.Contains(last.data, `"done"`) {
		t.Errorf("last event with Redis gone: %q, want the result", last)
	}
	withID := 0
	for _, ev := range events {
		if ev.id != "" {
			withID++
		}
	}
	if withID == 0 || withID == len(events) {
		t.Errorf("%d of %d events have ids: want those stored before the outage only", withID, len(events))
	}
	hl := store.Health()
	if hl.Up || hl.Failures == 0 || hl.Since.IsZero() || hl.LastError == "" {
		t.Errorf("health during the outage: %+v, want down, counted, with a reason", hl)
	}
	if n := strings.Count(logs.String(), "serving without resumability"); n != 1 {
		t.Errorf("outage logged %d times, want once:\n%s", n, logs.String())
	}

	redisSrv.restart(t)
	for deadline := time.Now().Add(5 * time.Second); !store.Health().Up; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("store still down 5 s after Redis came back: %+v", store.Health())
		}
	}
	if !strings.Contains(logs.String(), "Redis is back") {
		t.Errorf("recovery not logged:\n%s", logs.String())
	}
	// Redis lost the session with its memory: a new session, whose events
	// are stored again and replay in full after the first one.
	resp, body = post(t, ts.URL, "", initBody)
	session = resp.Header.Get("Mcp-Session-Id")
	if resp.StatusCode != 200 || session == "" {
		t.Fatalf("initialize after Redis came back: %d %s", resp.StatusCode, body)
	}
	events = callSlow(t, ts.URL, session, 3)
	<-took
	for _, ev := range events {
		if ev.id == "" {
			t.Fatalf("event without an id after Redis came back: %q", ev)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	replayed := readEvents(getStream(t, ctx, ts.URL, session, events[0].id).Body, func(ev event) bool {
		return strings.Contains(ev.data, `"done"`)
	})
	if len(replayed) != len(events)-1 {
		t.Errorf("replayed %d events after %s, want the %d acknowledged after it", len(replayed), events[0].id, len(events)-1)
	}
}

// callSlow calls the slow tool with a progress token and reads its stream.
func callSlow(t *testing.T, url, session string, id int) []event {
	t.Helper()
	resp := postCall(t, url, session, id, "slow")
	defer resp.Body.Close()
	events := readEvents(resp.Body, nil)
	if len(events) == 0 {
		t.Fatal("the call's stream ended with no event")
	}
	return events
}

// restart starts redis-server again on the same address.
func (r *redisServer) restart(t *testing.T) {
	t.Helper()
	r.stop()
	r.mu.Lock()
	defer r.mu.Unlock()
	port := r.addr[strings.LastIndexByte(r.addr, ':')+1:]
	r.cmd = exec.Command(r.cmd.Path, "--port", port, "--bind", "127.0.0.1", "--save", "", "--appendonly", "no")
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
}

// A Redis that accepts connections and never answers (a partition, a
// stopped process) holds no operation longer than Options.Timeout, even
// with the client's own 3 s read timeout; later operations fail at once
// with ErrDown.
func TestRedisSilentIsBoundedByTimeout(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			t.Cleanup(func() { c.Close() })
		}
	}()
	rdb := redis.NewClient(&redis.Options{Addr: ln.Addr().String()})
	t.Cleanup(func() { rdb.Close() })
	store := redisstore.New(rdb, &redisstore.Options{Timeout: 100 * time.Millisecond, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	ctx := context.Background()
	start := time.Now()
	if _, err := store.Append(ctx, "s", "1", []byte("{}")); err == nil || errors.Is(err, redisstore.ErrDown) {
		t.Fatalf("first append to a silent Redis: %v, want a timeout", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("first append took %v, want about the 100ms timeout", d)
	}
	start = time.Now()
	_, err = store.Append(ctx, "s", "1", []byte("{}"))
	if !errors.Is(err, redisstore.ErrDown) || time.Since(start) > 50*time.Millisecond {
		t.Errorf("second append: %v after %v, want ErrDown at once", err, time.Since(start))
	}
	if _, err := store.LoadSession(ctx, "s"); !errors.Is(err, redisstore.ErrDown) {
		t.Errorf("load session while down: %v, want ErrDown", err)
	}
}

// postCall starts a tools/call with a progress token and returns its
// response, whose body streams the call's events.
func postCall(t *testing.T, url, session string, id int, tool string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(`{"jsonrpc":"2.0","id":`+strconv.Itoa(id)+`,"method":"tools/call","params":{"name":"`+tool+`","_meta":{"progressToken":"p"}}}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Session-Id", session)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}
