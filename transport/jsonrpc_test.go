package transport_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/transport"
)

func TestDecode(t *testing.T) {
	tests := []struct {
		name     string
		in       string
		wantCode int    // 0: no error
		wantID   string // id returned with the message or the error ("" none)
		kind     string // request, notification, response ("" when not checked)
	}{
		{"request", `{"jsonrpc":"2.0","id":1,"method":"ping"}`, 0, "1", "request"},
		{"string id", `{"jsonrpc":"2.0","id":"abc","method":"tools/list","params":{}}`, 0, `"abc"`, "request"},
		{"negative id", `{"jsonrpc":"2.0","id":-7,"method":"ping"}`, 0, "-7", "request"},
		{"notification", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, 0, "", "notification"},
		{"result", `{"jsonrpc":"2.0","id":3,"result":{}}`, 0, "3", "response"},
		{"error response", `{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"no"}}`, 0, "3", "response"},
		{"error response null id", `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"bad"}}`, 0, "null", ""},
		{"surrounding space", "  \t{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\r\n", 0, "1", "request"},
		{"null params", `{"jsonrpc":"2.0","id":1,"method":"ping","params":null}`, 0, "1", "request"},

		{"empty", ``, transport.CodeParseError, "", ""},
		{"blank", "   \n", transport.CodeParseError, "", ""},
		{"garbage", `hello`, transport.CodeParseError, "", ""},
		{"truncated object", `{"jsonrpc":"2.0","id":1,`, transport.CodeParseError, "", ""},
		{"truncated batch", `[{"jsonrpc":"2.0"`, transport.CodeParseError, "", ""},
		{"trailing garbage", `{"jsonrpc":"2.0","id":1,"method":"ping"} x`, transport.CodeParseError, "", ""},
		{"batch", `[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]`, transport.CodeInvalidRequest, "", ""},
		{"empty batch", `[]`, transport.CodeInvalidRequest, "", ""},
		{"number", `42`, transport.CodeInvalidRequest, "", ""},
		{"string", `"ping"`, transport.CodeInvalidRequest, "", ""},
		{"null", `null`, transport.CodeInvalidRequest, "", ""},
		{"missing jsonrpc", `{"id":1,"method":"ping"}`, transport.CodeInvalidRequest, "1", ""},
		{"wrong jsonrpc", `{"jsonrpc":"1.0","id":1,"method":"ping"}`, transport.CodeInvalidRequest, "1", ""},
		// A request whose id is not a string or an integer is invalid; its
		// id could not be determined, so the answer's id is null (and the
		// message still reads as a request, which must be answered).
		{"null id", `{"jsonrpc":"2.0","id":null,"method":"ping"}`, transport.CodeInvalidRequest, "null", "request"},
		{"null id tools/call", `{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"x"}}`, transport.CodeInvalidRequest, "null", "request"},
		{"float id", `{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, transport.CodeInvalidRequest, "null", "request"},
		{"float id 1.0", `{"jsonrpc":"2.0","id":1.0,"method":"ping"}`, transport.CodeInvalidRequest, "null", "request"},
		{"exponent id", `{"jsonrpc":"2.0","id":1e3,"method":"ping"}`, transport.CodeInvalidRequest, "null", "request"},
		{"object id", `{"jsonrpc":"2.0","id":{},"method":"ping"}`, transport.CodeInvalidRequest, "null", "request"},
		{"object id with members", `{"jsonrpc":"2.0","id":{"a":[1]},"method":"ping"}`, transport.CodeInvalidRequest, "null", "request"},
		{"array id", `{"jsonrpc":"2.0","id":[1],"method":"ping"}`, transport.CodeInvalidRequest, "null", "request"},
		{"bool id", `{"jsonrpc":"2.0","id":true,"method":"ping"}`, transport.CodeInvalidRequest, "null", "request"},
		{"false id", `{"jsonrpc":"2.0","id":false,"method":"ping"}`, transport.CodeInvalidRequest, "null", "request"},
		{"escaped method, null id", `{"jsonrpc":"2.0","id":null,"method":"p\u0069ng"}`, transport.CodeInvalidRequest, "null", "request"},
		{"bad id and bad jsonrpc", `{"jsonrpc":"1.0","id":{},"method":"ping"}`, transport.CodeInvalidRequest, "null", "request"},
		{"null id on a result", `{"jsonrpc":"2.0","id":null,"result":{}}`, transport.CodeInvalidRequest, "null", "response"},
		{"float id on a result", `{"jsonrpc":"2.0","id":2.5,"result":{}}`, transport.CodeInvalidRequest, "null", "response"},
		{"method not a string, id kept", `{"jsonrpc":"2.0","id":9,"method":5}`, transport.CodeInvalidRequest, "9", ""},
		{"jsonrpc a number, request kept", `{"jsonrpc":2,"id":9,"method":"ping"}`, transport.CodeInvalidRequest, "9", "request"},
		{"jsonrpc a number, null id", `{"jsonrpc":2,"id":null,"method":"ping"}`, transport.CodeInvalidRequest, "null", "request"},
		{"jsonrpc a number, object id", `{"jsonrpc":2,"id":{"a":1},"method":"ping"}`, transport.CodeInvalidRequest, "null", "request"},
		{"jsonrpc a number, notification", `{"jsonrpc":2,"method":"x"}`, transport.CodeInvalidRequest, "", "notification"},
		{"params a number", `{"jsonrpc":"2.0","id":4,"method":"ping","params":3}`, transport.CodeInvalidRequest, "4", ""},
		{"params a string", `{"jsonrpc":"2.0","id":4,"method":"ping","params":"x"}`, transport.CodeInvalidRequest, "4", ""},
		{"neither method nor id", `{"jsonrpc":"2.0"}`, transport.CodeInvalidRequest, "", ""},
		{"response without result", `{"jsonrpc":"2.0","id":5}`, transport.CodeInvalidRequest, "5", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := transport.Decode([]byte(tt.in))
			gotCode := 0
			if err != nil {
				gotCode = err.Code
				if !strings.HasPrefix(err.Message, map[int]string{transport.CodeParseError: "Parse error", transport.CodeInvalidRequest: "Invalid Request"}[err.Code]) {
					t.Errorf("message %q does not name the error kind", err.Message)
				}
			}
			if gotCode != tt.wantCode {
				t.Fatalf("Decode(%s) code = %d (%v), want %d", tt.in, gotCode, err, tt.wantCode)
			}
			gotID := ""
			if m != nil {
				gotID = string(m.ID)
			}
			if gotID != tt.wantID {
				t.Errorf("id = %q, want %q", gotID, tt.wantID)
			}
			if err == nil && m == nil {
				t.Fatal("no message and no error")
			}
			if tt.kind != "" {
				got := map[bool]string{true: "request"}[m.IsRequest()] + map[bool]string{true: "notification"}[m.IsNotification()] + map[bool]string{true: "response"}[m.IsResponse()]
				if got != tt.kind {
					t.Errorf("kind = %q, want %q", got, tt.kind)
				}
			}
		})
	}
}

// A message that decodes encodes back to the same JSON value.
func TestDecodeRoundTrip(t *testing.T) {
	for _, in := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"a":[1,2.5,"s",null,true]}}}`,
		`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":1}}`,
		`{"jsonrpc":"2.0","id":"a","result":{"content":[]}}`,
		`{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"Unknown tool: x","data":{"k":1}}}`,
	} {
		t.Run(in[:40], func(t *testing.T) {
			m, derr := transport.Decode([]byte(in))
			if derr != nil {
				t.Fatal(derr)
			}
			if d := diff(canonical(t, []byte(in)), canonical(t, mustJSON(t, m))); d != "" {
				t.Errorf("round trip (-want +got):\n%s", d)
			}
		})
	}
}

func TestConstructors(t *testing.T) {
	req, err := transport.NewRequest(7, "tools/list", map[string]any{"cursor": "c"})
	if err != nil {
		t.Fatal(err)
	}
	notif, _ := transport.NewNotification("notifications/initialized", nil)
	res, _ := transport.NewResult(json.RawMessage(`"x"`), map[string]int{"n": 1})
	rawParams, _ := transport.NewRequest(8, "ping", json.RawMessage(`{"a":1}`))
	tests := []struct {
		name string
		m    *transport.Message
		want string
	}{
		{"request", req, `{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{"cursor":"c"}}`},
		{"notification without params", notif, `{"jsonrpc":"2.0","method":"notifications/initialized"}`},
		{"result", res, `{"jsonrpc":"2.0","id":"x","result":{"n":1}}`},
		{"raw params kept", rawParams, `{"jsonrpc":"2.0","id":8,"method":"ping","params":{"a":1}}`},
		{"error with unknown id is null", transport.NewErrorResponse(nil, transport.Errorf(transport.CodeParseError, "Parse error: %s", "x")),
			`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: x"}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if d := diff(canonical(t, []byte(tt.want)), canonical(t, mustJSON(t, tt.m))); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
			if _, derr := transport.Decode(mustJSON(t, tt.m)); derr != nil {
				t.Errorf("constructed message does not decode: %v", derr)
			}
		})
	}
}

func TestErrorCode(t *testing.T) {
	rpc := transport.Errorf(transport.CodeInvalidParams, "Unknown tool: %s", "x")
	tests := []struct {
		name string
		err  error
		want int
	}{
		{"direct", rpc, transport.CodeInvalidParams},
		{"wrapped", fmt.Errorf("call: %w", rpc), transport.CodeInvalidParams},
		{"decode error", &transport.DecodeError{Err: transport.Errorf(transport.CodeParseError, "p")}, transport.CodeParseError},
		{"plain", errors.New("x"), 0},
		{"nil", nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := transport.ErrorCode(tt.err); got != tt.want {
				t.Errorf("ErrorCode = %d, want %d", got, tt.want)
			}
		})
	}
	if got, want := rpc.Error(), "jsonrpc error -32602: Unknown tool: x"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	withData := &transport.Error{Code: -32022, Message: "Unsupported", Data: json.RawMessage(`{"supported":["a"]}`)}
	if got, want := withData.Error(), `jsonrpc error -32022: Unsupported (data: {"supported":["a"]})`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}
