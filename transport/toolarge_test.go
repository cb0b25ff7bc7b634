package transport_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/mcpdev/mcpdev/transport"
)

// readTooLarge reads one frame from in with a limit of max and returns the
// DecodeError it must produce.
func readTooLarge(t *testing.T, in io.Reader, max int) *transport.DecodeError {
	t.Helper()
	c := transport.NewStream(in, io.Discard, &transport.StreamOptions{MaxMessageSize: max})
	_, err := c.Read(context.Background())
	var de *transport.DecodeError
	if !errors.As(err, &de) {
		t.Fatalf("Read = %v, want a *DecodeError", err)
	}
	return de
}

// A line over the limit is skipped as it streams past, and what the
// receiver needs is read on the way: the id (wherever it sits: the
// TypeScript SDK writes it after the result), the method, and whether it
// was a response, with the size and the limit.
func TestOversizeMessageKeepsItsID(t *testing.T) {
	pad := strings.Repeat("x", 3000)
	tests := []struct {
		name, line       string
		id, method, kind string
		response         bool
	}{
		{"id first", `{"jsonrpc":"2.0","id":5,"result":{"text":"` + pad + `"}}`, "5", "", "response", true},
		{"id last", `{"result":{"content":[{"type":"text","text":"` + pad + `"}]},"jsonrpc":"2.0","id":5}`, "5", "", "response", true},
		{"string id", `{"result":"` + pad + `","id":"a\"b","jsonrpc":"2.0"}`, `"a\"b"`, "", "response", true},
		{"error response", `{"jsonrpc":"2.0","id":8,"error":{"code":1,"message":"` + pad + `"}}`, "8", "", "response", true},
		{"request", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"x":"` + pad + `"}}`, "3", "tools/call", "request", false},
		{"notification", `{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"` + pad + `"}}`, "", "notifications/message", "notification", false},
		{"ids inside params are not the id", `{"jsonrpc":"2.0","method":"n","params":{"id":9,"a":[{"id":10}],"s":"` + pad + `"}}`, "", "n", "notification", false},
		{"id with spaces around", `{ "id" : 12 , "result" : "` + pad + `" }`, "12", "", "response", true},
		{"case-folded name, as encoding/json reads it", `{"ID":6,"Result":"` + pad + `"}`, "6", "", "response", true},
		{"last id wins", `{"id":1,"id":2,"result":"` + pad + `"}`, "2", "", "response", true},
		{"escaped name is not recognised", `{"\u0069d":4,"method":"m","x":"` + pad + `"}`, "", "m", "notification", false},
		{"object id becomes null", `{"id":{"a":1},"method":"m","p":"` + pad + `"}`, "null", "m", "request", false},
		{"float id becomes null", `{"id":1.5,"result":"` + pad + `"}`, "null", "", "response", true},
		{"an id but no result", `{"id":7,"params":"` + pad + `"}`, "7", "", "message", false},
		{"not JSON", strings.Repeat("hello ", 600), "", "", "message", false},
		{"a JSON array", `[{"id":1,"result":"` + pad + `"}]`, "", "", "message", false},
	}
	for _, tt := range tests {
		for _, mode := range []string{"whole", "byte by byte"} {
			t.Run(tt.name+"/"+mode, func(t *testing.T) {
				var in io.Reader = strings.NewReader(tt.line + "\n" + ping + "\n")
				if mode != "whole" {
					in = iotest.OneByteReader(in)
				}
				c := transport.NewStream(in, io.Discard, &transport.StreamOptions{MaxMessageSize: 2048})
				_, err := c.Read(context.Background())
				var de *transport.DecodeError
				if !errors.As(err, &de) || !errors.Is(err, transport.ErrTooLarge) {
					t.Fatalf("Read = %v, want a *DecodeError matching ErrTooLarge", err)
				}
				var id, method string
				if de.Msg != nil {
					id, method = string(de.Msg.ID), de.Msg.Method
				}
				got := fmt.Sprintf("id=%s method=%s response=%v size=%d limit=%d", id, method, de.IsResponse(), de.Size, de.Limit)
				want := fmt.Sprintf("id=%s method=%s response=%v size=%d limit=2048", tt.id, tt.method, tt.response, len(tt.line))
				if d := diff(want, got); d != "" {
					t.Errorf("(-want +got):\n%s", d)
				}
				wantErr := fmt.Sprintf("transport: %s too large: %d bytes (%s), over the 2 KiB limit", tt.kind, len(tt.line), transport.FormatSize(int64(len(tt.line))))
				if err.Error() != wantErr {
					t.Errorf("error = %q, want %q", err, wantErr)
				}
				if !bytes.Equal(de.Line, []byte(tt.line[:1024])) {
					t.Errorf("Line = %q…, want the first KiB of the frame", de.Line[:min(len(de.Line), 40)])
				}
				// The stream goes on with the next message.
				if ev := readEvent(t, c); ev != "msg "+ping {
					t.Errorf("after the oversize line: %s, want the ping", ev)
				}
			})
		}
	}
}

// The limit counts the message, not its line end; memory stays bounded: a
// 64 MiB line through a 1 MiB limit is read with a buffer that never grows
// past the limit (the allocations stay far below the line's size).
func TestOversizeLineIsNotBuffered(t *testing.T) {
	const size = 64 << 20
	head := `{"result":{"text":"`
	tail := `"},"jsonrpc":"2.0","id":42}` + "\n"
	r := io.MultiReader(strings.NewReader(head), &repeatReader{b: 'x', n: size - len(head) - len(tail) + 1}, strings.NewReader(tail))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	de := readTooLarge(t, r, 1<<20)
	runtime.ReadMemStats(&after)
	if string(de.Msg.ID) != "42" || de.Size != size {
		t.Fatalf("id %s, size %d; want 42, %d", de.Msg.ID, de.Size, size)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 8<<20 {
		t.Errorf("reading a 64 MiB line over a 1 MiB limit allocated %d bytes", grew)
	}
}

// A frame over the limit is refused having allocated no more than 1.2×
// the limit (the frame itself streams past into the scan), however it
// arrives: in one line twice the limit, or read a byte at a time. A frame
// within the limit is kept once and decoded where it lies: about twice
// its size allocated (its pieces, then the frame), not the four times of
// a buffer grown by doubling and then copied.
func TestFrameMemoryWithinLimit(t *testing.T) {
	const limit = 8 << 20
	head := `{"result":{"text":"`
	tail := `"},"jsonrpc":"2.0","id":42}` + "\n"
	frame := func(size int) io.Reader {
		return io.MultiReader(strings.NewReader(head), &repeatReader{b: 'x', n: size - len(head) - len(tail) + 1}, strings.NewReader(tail))
	}
	tests := []struct {
		name   string
		size   int
		budget float64 // allocations allowed, in multiples of the limit
	}{
		{"twice the limit", 2 * limit, 1.2},
		{"just over the limit", limit + 1, 1.2},
		{"just within the limit", limit, 2.2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := transport.NewStream(frame(tt.size), io.Discard, &transport.StreamOptions{MaxMessageSize: limit})
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			m, err := c.Read(context.Background())
			runtime.ReadMemStats(&after)
			var de *transport.DecodeError
			switch {
			case tt.size > limit && (!errors.As(err, &de) || de.Size != tt.size):
				t.Fatalf("Read = %v, want a *DecodeError of a %d-byte frame", err, tt.size)
			case tt.size <= limit && (err != nil || string(m.ID) != "42"):
				t.Fatalf("Read = %v, %v; want the message", m, err)
			}
			grew := after.TotalAlloc - before.TotalAlloc
			if float64(grew) > tt.budget*limit {
				t.Errorf("reading a %d-byte frame through a %d-byte limit allocated %d bytes (%.2f× the limit), want ≤ %.1f×", tt.size, limit, grew, float64(grew)/limit, tt.budget)
			}
		})
	}
}

// repeatReader yields n copies of b.
type repeatReader struct {
	b byte
	n int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := min(len(p), r.n)
	for i := range k {
		p[i] = r.b
	}
	r.n -= k
	return k, nil
}

func TestFormatSize(t *testing.T) {
	tests := []struct {
		n    int64
		want string
	}{
		{0, "0 B"}, {512, "512 B"}, {1024, "1 KiB"}, {1536, "1.5 KiB"}, {4 << 20, "4 MiB"},
		{5000000, "4.8 MiB"}, {256 << 20, "256 MiB"}, {3 << 30, "3 GiB"},
	}
	for _, tt := range tests {
		if got := transport.FormatSize(tt.n); got != tt.want {
			t.Errorf("FormatSize(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

// FuzzOversizeFrame: whatever the frame, reading it over the limit never
// panics and goes on with the next message; for a valid message, the id
// and the method read on the way are the ones Decode reads.
func FuzzOversizeFrame(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Add([]byte(`{"result":{"a":[1,{"b":"}"}]},"jsonrpc":"2.0","id":"x\\"y"}`))
	f.Add([]byte(`{"ID":3,"jsonrpc":"2.0","Result":{}}`))
	f.Add([]byte(`{"jsonrpc":"2.0","id":-0,"result":{}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		data = bytes.ReplaceAll(data, []byte("\n"), []byte(" "))
		if len(bytes.TrimSpace(data)) == 0 {
			return
		}
		for len(data) <= len(ping) { // over the limit, which the ping is not
			data = append(data, ' ')
		}
		c := transport.NewStream(bytes.NewReader(append(data, "\n"+ping+"\n"...)), io.Discard, &transport.StreamOptions{MaxMessageSize: len(ping)})
		_, err := c.Read(context.Background())
		var de *transport.DecodeError
		if !errors.As(err, &de) || de.Size == 0 {
			t.Fatalf("Read = %v, want a frame over the limit", err)
		}
		if m, err := c.Read(context.Background()); err != nil || m.Method != "ping" {
			t.Fatalf("after the frame: %v, %v", m, err)
		}
		m, derr := transport.Decode(data)
		if derr != nil || bytes.IndexByte(data, '\\') >= 0 || len(data) > 900 {
			return // escapes, or values longer than the scan keeps
		}
		var id, method string
		if de.Msg != nil {
			id, method = string(de.Msg.ID), de.Msg.Method
		}
		if id != string(m.ID) || method != m.Method {
			t.Fatalf("scan read id %q method %q; Decode read id %q method %q\n%q", id, method, m.ID, m.Method, data)
		}
		if de.IsResponse() != m.IsResponse() {
			t.Fatalf("scan says response=%v, Decode %v: %q", de.IsResponse(), m.IsResponse(), data)
		}
	})
}
