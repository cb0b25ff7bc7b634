package sdk_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// roundClient is a stateless client that declares elicitation, sampling and
// roots but sends rounds itself (Client.Call does not drive them).
func roundClient(t *testing.T, s *sdk.Server) *sdk.Client {
	return memClient(t, s, sdk.Version2026, &sdk.ClientOptions{
		OnElicit: answerWith(sdk.ActionCancel, ""),
		OnSample: func(context.Context, *sdk.CreateMessageParams) (*sdk.CreateMessageResult, error) { return nil, nil },
		OnRoots:  func(context.Context) ([]sdk.Root, error) { return nil, nil },
	})
}

// round sends tools/call for tool with extra params and returns the raw
// result.
func round(t *testing.T, c *sdk.Client, tool string, extra map[string]any) (json.RawMessage, error) {
	t.Helper()
	params := map[string]any{"name": tool, "arguments": map[string]any{}}
	for k, v := range extra {
		params[k] = v
	}
	var raw json.RawMessage
	err := c.Call(testCtx(t), "tools/call", params, &raw)
	return raw, err
}

func inputRequired(t *testing.T, raw json.RawMessage) sdk.InputRequiredResult {
	t.Helper()
	var ir sdk.InputRequiredResult
	if err := json.Unmarshal(raw, &ir); err != nil || ir.ResultType != sdk.ResultInputRequired || ir.RequestState == "" {
		t.Fatalf("want an InputRequiredResult with requestState, got %s (%v)", raw, err)
	}
	return ir
}

func keys(m map[string]sdk.InputRequest) string {
	var out []string
	for k, v := range m {
		out = append(out, k+"="+v.Method)
	}
	return strings.Join(sortStrings(out), " ")
}

func sortStrings(s []string) []string {
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s
}

var accepted = map[string]any{"action": "accept", "content": map[string]any{"name": "Ada", "room": "single"}}

func TestMissingAnswersAreAskedAgainAndUnaskedOnesIgnored(t *testing.T) {
	c := roundClient(t, askServer())
	raw, err := round(t, c, "ask_all", nil)
	if err != nil {
		t.Fatal(err)
	}
	first := inputRequired(t, raw)
	if got, want := keys(first.InputRequests), "elicitation-1=elicitation/create roots-3=roots/list sampling-2=sampling/createMessage"; got != want {
		t.Fatalf("round 1 asks %q, want %q", got, want)
	}
	// Only the elicitation answered (the roots answer is not an object),
	// plus an answer nobody asked for.
	raw, err = round(t, c, "ask_all", map[string]any{"requestState": first.RequestState,
		"inputResponses": map[string]any{"elicitation-1": accepted, "roots-3": 12345, "bogus": accepted}})
	if err != nil {
		t.Fatal(err)
	}
	second := inputRequired(t, raw)
	if got, want := keys(second.InputRequests), "roots-3=roots/list sampling-2=sampling/createMessage"; got != want {
		t.Fatalf("round 2 asks %q, want %q", got, want)
	}
	raw, err = round(t, c, "ask_all", map[string]any{"requestState": second.RequestState, "inputResponses": map[string]any{
		"sampling-2": map[string]any{"role": "assistant", "content": map[string]any{"type": "text", "text": "hi"}, "model": "m"},
		"roots-3":    map[string]any{"roots": []any{map[string]any{"uri": "file:///x"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	var res sdk.CallToolResult
	if err := json.Unmarshal(raw, &res); err != nil || len(res.Content) != 1 || res.Content[0].Text != "Ada / hi / 1 roots" {
		t.Errorf("round 3: %s (%v)", raw, err)
	}
}

func TestBadRequestStateOrInputResponsesAreRefused(t *testing.T) {
	s := askServer()
	c := roundClient(t, s)
	raw, err := round(t, c, "two_steps", nil)
	if err != nil {
		t.Fatal(err)
	}
	state := inputRequired(t, raw).RequestState
	expired := sdk.NewServer("expiring", &sdk.ServerOptions{InputTTL: time.Nanosecond})
	sdk.Tool(expired, func(ctx context.Context, _ struct{}) (string, error) {
		n, _, err := sdk.Elicit[Name](ctx, "Who?")
		return n.Name, err
	}, &sdk.ToolOptions{Name: "two_steps", Description: "Asks."})
	ec := roundClient(t, expired)
	raw, err = round(t, ec, "two_steps", nil)
	if err != nil {
		t.Fatal(err)
	}
	expiredState := inputRequired(t, raw).RequestState
	answer := map[string]any{"elicitation-1": accepted}
	tests := []struct {
		name   string
		c      *sdk.Client
		tool   string
		params map[string]any
		want   string
	}{
		{"tampered", c, "two_steps", map[string]any{"requestState": state + "-TAMPERED", "inputResponses": answer}, "integrity check"},
		{"forged payload", c, "two_steps", map[string]any{"requestState": "e30." + strings.SplitN(state, ".", 2)[1], "inputResponses": answer}, "integrity check"},
		{"another tool", c, "book", map[string]any{"requestState": state, "inputResponses": answer}, "another request"},
		{"another server", ec, "two_steps", map[string]any{"requestState": state, "inputResponses": answer}, "integrity check"},
		{"expired", ec, "two_steps", map[string]any{"requestState": expiredState, "inputResponses": answer}, "expired"},
		{"inputResponses null", c, "two_steps", map[string]any{"inputResponses": nil}, "inputResponses must be an object"},
		{"inputResponses a list", c, "two_steps", map[string]any{"inputResponses": []any{1}}, "inputResponses must be an object"},
	}
	for _, tt := range tests {
		_, err := round(t, tt.c, tt.tool, tt.params)
		if transport.ErrorCode(err) != transport.CodeInvalidParams || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want -32602 saying %q", tt.name, err, tt.want)
		}
	}
	// The server goes on: the valid state still works.
	raw, err = round(t, c, "two_steps", map[string]any{"requestState": state, "inputResponses": answer})
	if err != nil {
		t.Fatal(err)
	}
	if got := keys(inputRequired(t, raw).InputRequests); got != "elicitation-2=elicitation/create" {
		t.Errorf("after the bad rounds: asks %q", got)
	}
}

func TestHostileAnswerFailsTheToolNotTheServer(t *testing.T) {
	c := roundClient(t, askServer())
	for _, bad := range []any{
		map[string]any{"action": "maybe"},
		map[string]any{"action": "accept", "content": "not an object"},
		map[string]any{"action": "accept", "content": map[string]any{"name": strings.Repeat("\x1b[2J\r\x00", 1000), "room": 7}},
	} {
		raw, err := round(t, c, "book", map[string]any{"inputResponses": map[string]any{"elicitation-1": bad}})
		if err != nil {
			t.Fatal(err)
		}
		var res sdk.CallToolResult
		if err := json.Unmarshal(raw, &res); err != nil || !res.IsError || !strings.Contains(res.Content[0].Text, "does not fit") {
			t.Errorf("answer %v: %s", bad, raw)
		}
	}
}

// rawPeer is a hand-driven client of a server on an in-memory pipe.
type rawPeer struct {
	t    *testing.T
	conn transport.Conn
}

func newRawPeer(t *testing.T, s *sdk.Server, caps string) *rawPeer {
	serverConn, clientConn := transport.NewPipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = s.Serve(ctx, serverConn); close(done) }()
	t.Cleanup(func() { cancel(); clientConn.Close(); <-done })
	p := &rawPeer{t: t, conn: clientConn}
	p.send(`{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":` + caps + `,"clientInfo":{"name":"raw","version":"1"}}}`)
	p.read()
	p.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return p
}

func (p *rawPeer) send(frame string) {
	p.t.Helper()
	m, derr := transport.Decode([]byte(frame))
	if derr != nil {
		p.t.Fatalf("bad test frame %s: %v", frame, derr)
	}
	if err := p.conn.Write(testCtx(p.t), m); err != nil {
		p.t.Fatal(err)
	}
}

func (p *rawPeer) read() *transport.Message {
	p.t.Helper()
	m, err := p.conn.Read(testCtx(p.t))
	if err != nil {
		p.t.Fatal(err)
	}
	return m
}

// TestLateAnswerAfterCancellationIsDropped: the client cancels a call
// while the server waits for its elicitation, then answers anyway; the
// server tells the client it gave up the question, never answers the
// cancelled call, drops the late answer and stray ones, and serves on.
func TestLateAnswerAfterCancellationIsDropped(t *testing.T) {
	p := newRawPeer(t, askServer(), `{"elicitation":{}}`)
	p.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"book","arguments":{}}}`)
	q := p.read()
	if q.Method != "elicitation/create" {
		t.Fatalf("want elicitation/create, got %+v", q)
	}
	p.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"user left"}}`)
	gaveUp := p.read()
	if gaveUp.Method != "notifications/cancelled" || !strings.Contains(string(gaveUp.Params), string(q.ID)) {
		t.Fatalf("want the server's notifications/cancelled for request %s, got %s %s", q.ID, gaveUp.Method, gaveUp.Params)
	}
	p.send(`{"jsonrpc":"2.0","id":` + string(q.ID) + `,"result":{"action":"accept","content":{"name":"late","room":"single"}}}`)
	p.send(`{"jsonrpc":"2.0","id":987654,"result":{"action":"accept"}}`)
	p.send(`{"jsonrpc":"2.0","id":987655,"error":{"code":-1,"message":"\u001b[2Jstray"}}`)
	p.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"book","arguments":{}}}`)
	q2 := p.read()
	if q2.Method != "elicitation/create" || string(q2.ID) == string(q.ID) {
		t.Fatalf("want a new elicitation/create, got %+v", q2)
	}
	p.send(`{"jsonrpc":"2.0","id":` + string(q2.ID) + `,"error":{"code":-32603,"message":"the person closed the window"}}`)
	res := p.read()
	if string(res.ID) != "2" || !strings.Contains(string(res.Result), "the client answered elicitation/create with error -32603") {
		t.Fatalf("want call 2's tool error, got id %s result %s error %v", res.ID, res.Result, res.Error)
	}
}
