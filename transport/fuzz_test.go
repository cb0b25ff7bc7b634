package transport_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/mcpdev/mcpdev/transport"
)

var fuzzSeeds = []string{
	ping,
	`{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"name":"t","arguments":{"a":[1,{"b":null}]}}}`,
	`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}`,
	`{"jsonrpc":"2.0","id":3,"result":{"content":[{"type":"text","text":"hi"}]}}`,
	`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x","data":[1]}}`,
	`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`,
	`{"jsonrpc":"2.0","id":1.0,"method":"ping"}`,
	`{"jsonrpc":"2.0","id":1e3,"method":"ping","params":7}`,
	`{"jsonrpc":"2.0","id":1,"method":"ping"} {}`,
	`{"id":{"a":1},"jsonrpc":2}`,
	"\xff\xfe{",
	"{\"jsonrpc\":\"2.0\",\"id\":\"a\xffb\",\"method\":\"ping\"}",
	"{\"jsonrpc\":\"2.0\",\"id\":\"a\xffb\",\"method\":7}",
	`"\ud800"`,
	`{"jsonrpc":"2.0","id":1,"method":"p","params":{"s":"\u0000"}}`,
	// ids a request may not carry: answered as Invalid Request, id null.
	`{"jsonrpc":"2.0","id":null,"method":"ping"}`,
	`{"jsonrpc":"2.0","id":1.5,"method":"tools/call","params":{"name":"t"}}`,
	`{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`,
	`{"jsonrpc":"2.0","id":[1],"method":"ping"}`,
	`{"jsonrpc":"2.0","id":true,"method":"ping"}`,
	`{"jsonrpc":"2.0","id":null,"result":{}}`,
	`{"jsonrpc":2,"id":null,"method":"ping"}`,
	`{"jsonrpc":2,"id":7,"method":"ping"}`,
}

// FuzzDecode: Decode never panics; it returns a message or an error with a
// JSON-RPC code; a decoded message encodes and decodes to the same JSON.
func FuzzDecode(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, derr := transport.Decode(data)
		if derr != nil {
			if derr.Code != transport.CodeParseError && derr.Code != transport.CodeInvalidRequest {
				t.Fatalf("error code %d for %q", derr.Code, data)
			}
			if m != nil && len(m.ID) > 0 && !transport.ValidID(m.ID) && string(m.ID) != "null" {
				t.Fatalf("salvaged id %q is neither a string, an integer nor null (%q)", m.ID, data)
			}
			if m != nil {
				checkIDAsEncodingJSON(t, data, m.ID)
			}
			return
		}
		if m == nil {
			t.Fatal("nil message without an error")
		}
		if len(m.ID) > 0 && !transport.ValidID(m.ID) && (string(m.ID) != "null" || m.Error == nil || m.Method != "") {
			t.Fatalf("accepted id %s on a message that is not an error response: %q", m.ID, data)
		}
		checkIDAsEncodingJSON(t, data, m.ID)
		if !m.IsRequest() && !m.IsNotification() && !m.IsResponse() && string(m.ID) != "null" {
			t.Fatalf("decoded message is neither request, notification nor response: %q", data)
		}
		enc, err := json.Marshal(m)
		if err != nil {
			t.Fatalf("decoded message does not encode: %v (%q)", err, data)
		}
		m2, derr := transport.Decode(enc)
		if derr != nil {
			t.Fatalf("re-encoded message does not decode: %v\nin:  %q\nenc: %s", derr, data, enc)
		}
		enc2, _ := json.Marshal(m2)
		if !bytes.Equal(enc, enc2) {
			t.Fatalf("round trip changed the message:\n%s\n%s", enc, enc2)
		}
	})
}

// FuzzStream: reading any byte stream (with a small line limit, in odd
// chunk sizes) never panics and ends in io.EOF after at most one event per
// line; a valid message written to a stream reads back unchanged even after
// the garbage.
func FuzzStream(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s+"\n"+s), uint8(0))
	}
	f.Add([]byte("\n\n\r\n"), uint8(1))
	f.Add(bytes.Repeat([]byte("a"), 300), uint8(2))
	f.Fuzz(func(t *testing.T, data []byte, mode uint8) {
		var r io.Reader = bytes.NewReader(data)
		switch mode % 3 {
		case 1:
			r = iotest.OneByteReader(r)
		case 2:
			r = iotest.HalfReader(r)
		}
		c := transport.NewStream(r, io.Discard, &transport.StreamOptions{MaxMessageSize: 128})
		ctx := context.Background()
		lines := bytes.Count(data, []byte("\n")) + 1
		for i := 0; ; i++ {
			if i > lines {
				t.Fatalf("more than %d events from %d lines", i, lines)
			}
			m, err := c.Read(ctx)
			var de *transport.DecodeError
			switch {
			case err == nil:
				if m == nil {
					t.Fatal("nil message without an error")
				}
				continue
			case errors.As(err, &de):
				if de.Err == nil {
					t.Fatal("DecodeError without an *Error")
				}
				continue
			case errors.Is(err, io.EOF):
			default:
				t.Fatalf("Read: %v", err)
			}
			break
		}

		// Round trip through a stream: garbage line, then a valid message.
		m, derr := transport.Decode(data)
		if derr != nil {
			return
		}
		var buf bytes.Buffer
		w := transport.NewStream(bytes.NewReader(nil), &buf, nil)
		if err := w.Write(ctx, m); err != nil {
			t.Fatal(err)
		}
		in := append([]byte("garbage\n"), buf.Bytes()...)
		rc := transport.NewStream(bytes.NewReader(in), io.Discard, nil)
		if _, err := rc.Read(ctx); !errors.As(err, new(*transport.DecodeError)) {
			t.Fatalf("garbage read as %v", err)
		}
		got, err := rc.Read(ctx)
		if err != nil {
			t.Fatalf("valid message after garbage: %v", err)
		}
		want, _ := json.Marshal(m)
		have, _ := json.Marshal(got)
		if !bytes.Equal(want, have) {
			t.Fatalf("stream round trip:\nwant %s\ngot  %s", want, have)
		}
	})
}

// checkIDAsEncodingJSON: a string id Decode kept reads as encoding/json
// reads the message's id into a string, and is valid UTF-8 (an answer
// echoes it).
func checkIDAsEncodingJSON(t *testing.T, data, id []byte) {
	t.Helper()
	if len(id) == 0 || id[0] != '"' {
		return
	}
	if !utf8.Valid(id) {
		t.Fatalf("id %q is not valid UTF-8 (%q)", id, data)
	}
	var got string
	var want struct{ ID string }
	if json.Unmarshal(id, &got) != nil || json.Unmarshal(data, &want) == nil && got != want.ID {
		t.Fatalf("id %q reads as %q; encoding/json reads %q (%q)", id, got, want.ID, data)
	}
}
