package sdk_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// badIDs are request ids MCP does not allow: only strings and integers are
// ids, never null.
var badIDs = []string{`null`, `1.5`, `1.0`, `2e3`, `true`, `false`, `{}`, `{"n":1}`, `[]`, `[7]`}

// countingServer has one tool, "record", that counts its calls.
func countingServer(calls *atomic.Int32) *sdk.Server {
	s := sdk.NewServer("ids", &sdk.ServerOptions{Stderr: io.Discard})
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		calls.Add(1)
		return "recorded", nil
	}, quiet("record"))
	return s
}

// invalidRequest is the whole answer to a request with a bad id.
const invalidRequest = `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: id must be a string or an integer"}}`

// invalidRequestNull is invalidRequest for an id that is null.
const invalidRequestNull = `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: id must be a string or an integer, not null"}}`

func wantInvalid(id string) string {
	if id == "null" {
		return invalidRequestNull
	}
	return invalidRequest
}

// Over Streamable HTTP, in both eras, a request with a bad id gets 400 and
// a -32600 body with id null; the tool does not run and the server keeps
// serving.
func TestHTTPRejectsInvalidIDs(t *testing.T) {
	var calls atomic.Int32
	h := sdkhttp.Handler(countingServer(&calls), nil)
	ts := httptest.NewServer(h)
	t.Cleanup(func() { h.Close(); ts.Close() })

	post := func(headers map[string]string, body string) (int, string, http.Header) {
		t.Helper()
		req, _ := http.NewRequestWithContext(testCtx(t), "POST", ts.URL, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		for k, v := range headers {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp.StatusCode, string(data), resp.Header
	}

	status, body, header := post(nil, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"`+sdk.LatestLegacyVersion+`","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	session := header.Get(streamable.HeaderSessionID)
	if status != http.StatusOK || session == "" {
		t.Fatalf("initialize: HTTP %d, session %q: %s", status, session, body)
	}
	legacy := map[string]string{streamable.HeaderSessionID: session, streamable.HeaderProtocolVersion: sdk.LatestLegacyVersion}
	if status, body, _ := post(legacy, `{"jsonrpc":"2.0","method":"notifications/initialized"}`); status != http.StatusAccepted {
		t.Fatalf("initialized: HTTP %d %s", status, body)
	}
	stateless := map[string]string{streamable.HeaderProtocolVersion: sdk.Version2026, streamable.HeaderMethod: "tools/call", streamable.HeaderName: "record"}
	statelessParams := `{"name":"record","arguments":{},"_meta":{"` + sdk.MetaProtocolVersion + `":"` + sdk.Version2026 + `","` + sdk.MetaClientCapabilities + `":{}}}`

	for _, era := range []struct {
		name    string
		headers map[string]string
		params  string
	}{
		{"legacy", legacy, `{"name":"record","arguments":{}}`},
		{"stateless", stateless, statelessParams},
	} {
		for _, id := range badIDs {
			t.Run(era.name+"/"+id, func(t *testing.T) {
				status, body, _ := post(era.headers, `{"jsonrpc":"2.0","id":`+id+`,"method":"tools/call","params":`+era.params+`}`)
				if status != http.StatusBadRequest {
					t.Errorf("HTTP %d, want 400", status)
				}
				if d := jsonDiff(t, []byte(wantInvalid(id)), []byte(body)); d != "" {
					t.Errorf("body (-want +got):\n%s", d)
				}
			})
		}
		// Still serving: a request with a proper id runs the tool.
		status, body, _ := post(era.headers, `{"jsonrpc":"2.0","id":"ok","method":"tools/call","params":`+era.params+`}`)
		if status != http.StatusOK || !strings.Contains(body, `"text":"recorded"`) {
			t.Errorf("%s: valid call after the bad ones: HTTP %d %s", era.name, status, body)
		}
	}
	if n := calls.Load(); n != 2 {
		t.Errorf("the tool ran %d times, want 2 (only the valid calls)", n)
	}
}

// Session.Handle and Server.Handle2026, fed messages by a transport
// that does not go through transport.Decode, refuse bad ids the same way.
func TestHandleRejectsInvalidIDs(t *testing.T) {
	var calls atomic.Int32
	s := countingServer(&calls)
	ss := s.NewSession(nil)
	defer ss.Close()
	ctx := testCtx(t)
	handle := func(id, method, params string) string {
		t.Helper()
		m := &transport.Message{JSONRPC: "2.0", ID: []byte(id), Method: method, Params: []byte(params)}
		if id == "" {
			m.ID = nil
		}
		resp := ss.Handle(ctx, m)
		if resp == nil {
			return ""
		}
		return string(toJSON(t, resp))
	}
	if got := handle("1", "initialize", `{"protocolVersion":"`+sdk.LatestLegacyVersion+`","capabilities":{},"clientInfo":{"name":"t","version":"1"}}`); !strings.Contains(got, `"protocolVersion"`) {
		t.Fatalf("initialize = %s", got)
	}
	handle("", "notifications/initialized", "")
	modern := `{"name":"record","arguments":{},"_meta":{"` + sdk.MetaProtocolVersion + `":"` + sdk.Version2026 + `","` + sdk.MetaClientCapabilities + `":{}}}`
	for _, id := range badIDs {
		if d := jsonDiff(t, []byte(invalidRequest), []byte(handle(id, "tools/call", `{"name":"record","arguments":{}}`))); d != "" {
			t.Errorf("Session.Handle, id %s (-want +got):\n%s", id, d)
		}
		if d := jsonDiff(t, []byte(invalidRequest), []byte(handle(id, "tools/call", modern))); d != "" {
			t.Errorf("Session.Handle 2026 era, id %s (-want +got):\n%s", id, d)
		}
		resp := s.Handle2026(ctx, &transport.Message{JSONRPC: "2.0", ID: []byte(id), Method: "tools/call", Params: []byte(modern)}, nil)
		if d := jsonDiff(t, []byte(invalidRequest), toJSON(t, resp)); d != "" {
			t.Errorf("Handle2026, id %s (-want +got):\n%s", id, d)
		}
	}
	if got := handle(`"x"`, "tools/call", `{"name":"record","arguments":{}}`); !strings.Contains(got, `"text":"recorded"`) {
		t.Errorf("valid call = %s", got)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("the tool ran %d times, want 1", n)
	}
	// A response with an odd id is not answered (there is nothing to
	// answer), and a notification has no id at all.
	if got := handle("null", "", ""); got != "" {
		t.Errorf("response with id null answered: %s", got)
	}
}

// Over a stream (what stdio uses), in-process: each bad id is answered
// with -32600 and id null, and the connection keeps serving.
func TestServeStreamRejectsInvalidIDs(t *testing.T) {
	var calls atomic.Int32
	s := countingServer(&calls)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	conn := transport.NewStream(inR, outW, nil)
	served := make(chan error, 1)
	go func() { served <- s.Serve(context.Background(), conn); outW.Close() }()
	lines := make(chan string, 1)
	go func() {
		r := bufio.NewReader(outR)
		for {
			l, err := r.ReadString('\n')
			if err != nil {
				close(lines)
				return
			}
			lines <- strings.TrimSpace(l)
		}
	}()
	guard := testCtx(t)
	exchange := func(line string) string {
		t.Helper()
		go io.WriteString(inW, line+"\n")
		return recv(t, guard, lines, "the answer to "+line)
	}
	if got := exchange(initMsg(sdk.LatestLegacyVersion)); !strings.Contains(got, `"protocolVersion"`) {
		t.Fatalf("initialize = %s", got)
	}
	for _, id := range badIDs {
		got := exchange(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":"tools/call","params":{"name":"record","arguments":{}}}`, id))
		if d := jsonDiff(t, []byte(wantInvalid(id)), []byte(got)); d != "" {
			t.Errorf("id %s (-want +got):\n%s", id, d)
		}
		got = exchange(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":"ping"}`, id))
		if d := jsonDiff(t, []byte(wantInvalid(id)), []byte(got)); d != "" {
			t.Errorf("ping, id %s (-want +got):\n%s", id, d)
		}
	}
	if got := exchange(`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"record","arguments":{}}}`); !strings.Contains(got, `"text":"recorded"`) {
		t.Errorf("valid call = %s", got)
	}
	inW.Close()
	if err := recv(t, guard, served, "Serve to return"); err != nil {
		t.Errorf("Serve = %v", err)
	}
	if n := calls.Load(); n != 1 {
		t.Errorf("the tool ran %d times, want 1", n)
	}
}
