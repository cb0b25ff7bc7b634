package sdk_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/golang-jwt/jwt/v5"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// boundServer serves newTaskServer's tools and whoami over Streamable
// HTTP on 127.0.0.1 behind JWT auth by a (books:read needed); it returns
// the endpoint and a maker of bearer tokens for a subject and client id.
func boundServer(t *testing.T, a *authority) (endpoint string, bearer func(subject, clientID string) string, fx *taskFixture) {
	t.Helper()
	s, fx := newTaskServer(t, nil)
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (whoami, error) {
		return whoami{Subject: sdk.RequestFrom(ctx).Identity.Subject}, nil
	}, quiet("whoami"))
	mux := http.NewServeMux()
	ts := httptest.NewServer(mux)
	endpoint = ts.URL + "/mcp"
	h := sdkhttp.Handler(s, &sdkhttp.Options{Auth: jwtAuth(a)(endpoint)})
	h.Mount(mux, "/mcp")
	t.Cleanup(func() { h.Close(); ts.Close() })
	bearer = func(subject, clientID string) string {
		return "Bearer " + a.token(t, "ec-1", jwt.MapClaims{"aud": endpoint, "scope": "books:read", "sub": subject, "client_id": clientID})
	}
	return endpoint, bearer, fx
}

// sessionRequest sends one legacy-era request of session with the
// Authorization header and returns its status and body (a 200 GET
// stream: its status only).
func sessionRequest(t *testing.T, endpoint, method, authorization, session, body string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithCancel(testCtx(t))
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, endpoint, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", authorization)
	req.Header.Set("Accept", "application/json, text/event-stream")
	if method == http.MethodPost {
		req.Header.Set("Content-Type", "application/json")
	}
	if session != "" {
		req.Header.Set(streamable.HeaderSessionID, session)
		req.Header.Set(streamable.HeaderProtocolVersion, sdk.LatestLegacyVersion)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if method == http.MethodGet && resp.StatusCode == http.StatusOK {
		return resp.StatusCode, ""
	}
	data, _ := io.ReadAll(resp.Body)
	if s := resp.Header.Get(streamable.HeaderSessionID); method == http.MethodPost && session == "" {
		return resp.StatusCode, s
	}
	return resp.StatusCode, string(data)
}

// A legacy session is bound to the subject and client id of the token
// that opened it: anyone else (another user, or the same user through
// another client) sending its Mcp-Session-Id is answered exactly as for
// a session that does not exist (404), on POST, GET and DELETE, and the
// session goes on for its owner.
func TestSessionBoundToItsUser(t *testing.T) {
	endpoint, bearer, _ := boundServer(t, newAuthority(t))
	alice := bearer("alice", "app")
	status, session := sessionRequest(t, endpoint, http.MethodPost, alice, "",
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"`+sdk.LatestLegacyVersion+`","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	if status != http.StatusOK || session == "" {
		t.Fatalf("initialize: %d, session %q", status, session)
	}
	if status, body := sessionRequest(t, endpoint, http.MethodPost, alice, session, `{"jsonrpc":"2.0","method":"notifications/initialized"}`); status != http.StatusAccepted {
		t.Fatalf("notifications/initialized: %d %s", status, body)
	}
	call := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"whoami","arguments":{}}}`
	requests := []struct{ method, body string }{{http.MethodPost, call}, {http.MethodGet, ""}, {http.MethodDelete, ""}}
	unknown := map[string]string{}
	for _, r := range requests {
		st, body := sessionRequest(t, endpoint, r.method, alice, "0123456789abcdef0123456789abcdef", r.body)
		if st != http.StatusNotFound {
			t.Fatalf("%s of an unknown session: %d %s", r.method, st, body)
		}
		unknown[r.method] = body
	}
	for _, intruder := range []struct{ name, bearer string }{
		{"another user", bearer("bob", "app")},
		{"the user through another client", bearer("alice", "other-app")},
	} {
		for _, r := range requests {
			st, body := sessionRequest(t, endpoint, r.method, intruder.bearer, session, r.body)
			if st != http.StatusNotFound || body != unknown[r.method] {
				t.Errorf("%s: %s of alice's session = %d %s; want 404 %s, as for an unknown session", intruder.name, r.method, st, body, unknown[r.method])
			}
		}
	}
	if st, body := sessionRequest(t, endpoint, http.MethodPost, alice, session, call); st != http.StatusOK || !strings.Contains(body, `"structuredContent":{"subject":"alice"`) {
		t.Errorf("alice's call in her session: %d %s", st, body)
	}
	if st, body := sessionRequest(t, endpoint, http.MethodGet, alice, session, ""); st != http.StatusOK {
		t.Errorf("alice's GET stream: %d %s", st, body)
	}
	if st, body := sessionRequest(t, endpoint, http.MethodDelete, alice, session, ""); st != http.StatusNoContent {
		t.Errorf("alice's DELETE: %d %s", st, body)
	}
}

// A task is bound to the subject and client id that created it, in both
// eras (the stateless one has no session to bind it): to anyone else
// tasks/get, tasks/result, tasks/cancel and tasks/update answer "not
// found" and tasks/list leaves it out; its owner still sees it running.
func TestTaskBoundToItsUser(t *testing.T) {
	a := newAuthority(t)
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			endpoint, bearer, fx := boundServer(t, a)
			connect := func(authorization string) *sdk.Client {
				tr := streamable.NewClient(endpoint, &streamable.ClientOptions{Header: http.Header{"Authorization": {authorization}}})
				c, err := sdk.Connect(testCtx(t), tr, &sdk.ClientOptions{ProtocolVersion: era.version})
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { c.Close() })
				return c
			}
			alice := connect(bearer("alice", "app"))
			task := mustTask(t, alice, "job")
			modern := era.version == sdk.Version2026
			for _, intruder := range []struct{ name, bearer string }{
				{"another user", bearer("bob", "app")},
				{"the user through another client", bearer("alice", "other-app")},
			} {
				c := connect(intruder.bearer)
				if got, err := c.GetTask(testCtx(t), task.TaskID); rpcCode(err) != transport.CodeInvalidParams {
					t.Errorf("%s: tasks/get = %+v, %v; want not found", intruder.name, got, err)
				}
				if err := c.CancelTask(testCtx(t), task.TaskID); rpcCode(err) != transport.CodeInvalidParams {
					t.Errorf("%s: tasks/cancel = %v; want not found", intruder.name, err)
				}
				if modern {
					if err := c.UpdateTask(testCtx(t), task.TaskID, map[string]any{"q": map[string]any{}}); rpcCode(err) != transport.CodeInvalidParams {
						t.Errorf("%s: tasks/update = %v; want not found", intruder.name, err)
					}
					continue
				}
				if err := c.Call(testCtx(t), "tasks/result", map[string]any{"taskId": task.TaskID}, nil); rpcCode(err) != transport.CodeInvalidParams {
					t.Errorf("%s: tasks/result = %v; want not found", intruder.name, err)
				}
				if got, err := c.ListTasks(testCtx(t)); err != nil || len(got) != 0 {
					t.Errorf("%s: tasks/list = %+v, %v; want none", intruder.name, got, err)
				}
			}
			if got, err := alice.GetTask(testCtx(t), task.TaskID); err != nil || got.Status != sdk.TaskWorking {
				t.Errorf("alice's tasks/get = %+v, %v; want it working (not cancelled by another)", got, err)
			}
			close(fx.gate)
			if res, err := alice.WaitTask(testCtx(t), task.TaskID); err != nil || texts(res) != "done: x" {
				t.Errorf("alice's task ended with %+v, %v", res, err)
			}
		})
	}
}
