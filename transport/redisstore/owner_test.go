package redisstore_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil/authtest"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport/redisstore"
)

// Two replicas behind auth share a real Redis, one URL in front (the
// load balancer's). Alice opens a session on A; then only B serves. Bob
// (or alice through another client) sending her Mcp-Session-Id there is
// answered 404 as for an unknown session, on POST, GET and DELETE, and
// B takes nothing over for him; alice's own request takes the session
// over and goes on in it.
func TestTakeoverBoundToTheSessionsUser(t *testing.T) {
	rdb := startRedis(t).client(t)
	signer := authtest.NewSigner(t)
	var current atomic.Int32
	var replicas []http.Handler
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		replicas[current.Load()].ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	url := ts.URL + "/mcp"
	for _, name := range []string{"a", "b"} {
		s := sdk.NewServer("replica", &sdk.ServerOptions{Stderr: io.Discard})
		sdk.Tool(s, func(context.Context, struct{}) (string, error) { return "replica " + name, nil },
			&sdk.ToolOptions{Name: "where", Description: "Names the replica."})
		h := sdkhttp.Handler(s, &sdkhttp.Options{EventStore: redisstore.New(rdb, nil), Auth: signer.Auth(url)})
		t.Cleanup(h.Close)
		replicas = append(replicas, h)
	}
	bearer := func(subject, client string) string { return signer.Bearer(t, url, subject, client) }
	send := func(method, authorization, session, body string) (int, string, string) {
		req, _ := http.NewRequest(method, url, strings.NewReader(body))
		req.Header.Set("Authorization", authorization)
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Content-Type", "application/json")
		if session != "" {
			req.Header.Set("Mcp-Session-Id", session)
		}
		if method == http.MethodGet { // a stream that opens is not read
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			req = req.WithContext(ctx)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode == http.StatusOK && method == http.MethodGet {
			return resp.StatusCode, "", ""
		}
		data, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(data), resp.Header.Get("Mcp-Session-Id")
	}
	alice := bearer("alice", "app")
	status, body, session := send(http.MethodPost, alice, "", initBody)
	if status != http.StatusOK || session == "" {
		t.Fatalf("initialize on A: %d %s", status, body)
	}
	send(http.MethodPost, alice, session, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	current.Store(1)
	call := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"where","arguments":{}}}`
	for _, intruder := range []struct{ name, bearer string }{
		{"another user", bearer("bob", "app")},
		{"the user through another client", bearer("alice", "other-app")},
	} {
		for _, r := range []struct{ method, body string }{{http.MethodPost, call}, {http.MethodGet, ""}, {http.MethodDelete, ""}} {
			_, unknown, _ := send(r.method, intruder.bearer, "0123456789abcdef0123456789abcdef", r.body)
			if status, body, _ := send(r.method, intruder.bearer, session, r.body); status != http.StatusNotFound || body != unknown {
				t.Errorf("%s: %s of alice's session on B = %d %s; want 404 %s, as for an unknown session", intruder.name, r.method, status, body, unknown)
			}
		}
	}
	if status, body, _ := send(http.MethodPost, alice, session, call); status != http.StatusOK || !strings.Contains(body, "replica b") {
		t.Errorf("alice's call on B, taking her session over: %d %s", status, body)
	}
}
