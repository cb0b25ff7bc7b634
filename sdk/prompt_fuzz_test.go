package sdk_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// FuzzPromptRequests sends prompts/get and completion/complete with any
// params a client could send: every answer is a result or a -32602 (never
// a panic, a -32603 or an empty answer), and a result's arguments passed
// the argument struct's checks.
func FuzzPromptRequests(f *testing.F) {
	for _, seed := range []string{
		`{"name":"plan_trip","arguments":{"city":"Oslo","days":"3"}}`,
		`{"name":"plan_trip","arguments":{"city":"Oslo","days":"3","mood":"calm","budget":"1e3","kids":"on","sights":"[\"a\"]"}}`,
		`{"name":"plan_trip","arguments":{"days":"1_000","zzz":null}}`,
		`{"name":"plan_trip","arguments":"x"}`,
		`{"name":7}`,
		`{"ref":{"type":"ref/prompt","name":"plan_trip"},"argument":{"name":"mood","value":"c"}}`,
		`{"ref":{"type":"ref/resource","uri":"x"},"argument":{"name":"mood","value":"c"},"context":{"arguments":{"a":"b"}}}`,
		`null`, `[]`, `{}`,
	} {
		f.Add(seed, true)
		f.Add(seed, false)
	}
	s := sdk.NewServer("fuzz", nil)
	sdk.Prompt(s, func(ctx context.Context, a tripArgs) (string, error) {
		if a.Days < 1 || a.Days > 14 {
			panic("arguments that break the schema reached the prompt")
		}
		return "ok", nil
	}, &sdk.PromptOptions{Name: "plan_trip", Description: "d"})
	ss := s.NewSession(func(*transport.Message) error { return nil })
	defer ss.Close()
	ctx := context.Background()
	init, _ := transport.Decode([]byte(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"fuzz","version":"0"}}}`))
	ss.Handle(ctx, init)
	f.Fuzz(func(t *testing.T, params string, get bool) {
		if !json.Valid([]byte(params)) {
			return
		}
		method := "completion/complete"
		if get {
			method = "prompts/get"
		}
		m := &transport.Message{JSONRPC: "2.0", ID: json.RawMessage("1"), Method: method, Params: json.RawMessage(params)}
		resp := ss.Handle(ctx, m)
		if resp == nil {
			t.Fatalf("%s %s: no answer", method, params)
		}
		if resp.Error != nil && resp.Error.Code != transport.CodeInvalidParams {
			t.Fatalf("%s %s: %+v", method, params, resp.Error)
		}
	})
}
