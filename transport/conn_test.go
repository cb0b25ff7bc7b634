package transport_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"testing/iotest"

	"github.com/mcpdev/mcpdev/transport"
)

// event is what one Read returned, as text: "msg <json>", "err <code>",
// "eof", "closed" or "error <text>".
func readEvent(t *testing.T, c transport.Conn) string {
	t.Helper()
	m, err := c.Read(context.Background())
	var de *transport.DecodeError
	switch {
	case err == nil:
		return "msg " + string(mustJSON(t, m))
	case errors.As(err, &de):
		id := ""
		if de.Msg != nil {
			id = " id=" + string(de.Msg.ID)
		}
		return fmt.Sprintf("err %d%s", de.Err.Code, id)
	case errors.Is(err, io.EOF):
		return "eof"
	case errors.Is(err, transport.ErrClosed):
		return "closed"
	}
	return "error " + err.Error()
}

// readAll reads events until EOF (or an unexpected error).
func readAll(t *testing.T, c transport.Conn) []string {
	t.Helper()
	var out []string
	for range 100 {
		ev := readEvent(t, c)
		out = append(out, ev)
		if ev == "eof" || ev == "closed" || strings.HasPrefix(ev, "error") {
			return out
		}
	}
	t.Fatal("no EOF after 100 reads")
	return nil
}

const ping = `{"jsonrpc":"2.0","id":1,"method":"ping"}`

func TestStreamFraming(t *testing.T) {
	long := `{"jsonrpc":"2.0","id":2,"method":"x","params":{"pad":"` + strings.Repeat("a", 100) + `"}}`
	tests := []struct {
		name  string
		in    string
		max   int
		wrap  func(io.Reader) io.Reader
		wants []string
	}{
		{"one message", ping + "\n", 0, nil, []string{"msg " + ping, "eof"}},
		{"CRLF and blank lines", "\n\r\n  \n" + ping + "\r\n\n", 0, nil, []string{"msg " + ping, "eof"}},
		{"byte by byte", ping + "\n" + ping + "\n", 0, iotest.OneByteReader, []string{"msg " + ping, "msg " + ping, "eof"}},
		{"half reads", ping + "\n" + ping + "\n", 0, iotest.HalfReader, []string{"msg " + ping, "msg " + ping, "eof"}},
		{"EOF mid-line, complete message", ping, 0, nil, []string{"msg " + ping, "eof"}},
		{"EOF mid-line, truncated message", ping + "\n" + `{"jsonrpc":"2.0","id":3,"me`, 0, nil, []string{"msg " + ping, "err -32700", "eof"}},
		{"garbage line then a message", "hello world\n" + ping + "\n", 0, nil, []string{"err -32700", "msg " + ping, "eof"}},
		{"batch rejected, connection usable", `[` + ping + `]` + "\n" + ping + "\n", 0, nil, []string{"err -32600", "msg " + ping, "eof"}},
		{"invalid request keeps its id", `{"jsonrpc":"1.0","id":7,"method":"x"}` + "\n" + ping + "\n", 0, nil, []string{"err -32600 id=7", "msg " + ping, "eof"}},
		{"oversized line skipped, its id read", long + "\n" + ping + "\n", 64, nil, []string{"err -32600 id=2", "msg " + ping, "eof"}},
		{"oversized line byte by byte", long + "\n" + ping + "\n", 64, iotest.OneByteReader, []string{"err -32600 id=2", "msg " + ping, "eof"}},
		{"oversized line at EOF", ping + "\n" + long, 64, nil, []string{"msg " + ping, "err -32600 id=2", "eof"}},
		{"line exactly at the limit", ping + "\n", len(ping), nil, []string{"msg " + ping, "eof"}},
		{"line one byte over the limit", ping + "\n" + ping + "\n", len(ping) - 1, nil, []string{"err -32600 id=1", "err -32600 id=1", "eof"}},
		{"oversized beyond the read buffer", `{"x":"` + strings.Repeat("b", 200<<10) + `"}` + "\n" + ping + "\n", 1024, nil, []string{"err -32600", "msg " + ping, "eof"}},
		{"large message within the limit", `{"jsonrpc":"2.0","method":"n","params":{"x":"` + strings.Repeat("c", 300<<10) + `"}}` + "\n", 0, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r io.Reader = strings.NewReader(tt.in)
			if tt.wrap != nil {
				r = tt.wrap(r)
			}
			c := transport.NewStream(r, io.Discard, &transport.StreamOptions{MaxMessageSize: tt.max})
			got := readAll(t, c)
			want := tt.wants
			if want == nil { // the input itself, then EOF
				want = []string{"msg " + strings.TrimSpace(tt.in), "eof"}
			}
			if d := diff(strings.Join(want, "\n"), strings.Join(got, "\n")); d != "" {
				t.Errorf("events (-want +got):\n%s", d)
			}
		})
	}
}

// The default limit is at least 4 MiB: a 4 MiB message passes.
func TestStreamDefaultLimit(t *testing.T) {
	if transport.DefaultMaxMessageSize < 4<<20 {
		t.Fatalf("DefaultMaxMessageSize = %d, want at least 4 MiB", transport.DefaultMaxMessageSize)
	}
	body := `{"jsonrpc":"2.0","method":"n","params":{"x":"` + strings.Repeat("d", 4<<20-64) + `"}}`
	over := `{"jsonrpc":"2.0","method":"n","params":{"x":"` + strings.Repeat("d", transport.DefaultMaxMessageSize) + `"}}`
	c := transport.NewStream(strings.NewReader(body+"\n"+over+"\n"+ping+"\n"), io.Discard, nil)
	got := readAll(t, c)
	if len(got) != 4 || !strings.HasPrefix(got[0], "msg ") || got[1] != "err -32600 id=" || got[2] != "msg "+ping || got[3] != "eof" {
		short := make([]string, len(got))
		for i, g := range got {
			short[i] = g[:min(len(g), 40)]
		}
		t.Errorf("events = %q", short)
	}
}

func TestStreamWrite(t *testing.T) {
	var buf bytes.Buffer
	c := transport.NewStream(strings.NewReader(""), &buf, nil)
	ctx := context.Background()
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Go(func() {
			m, _ := transport.NewRequest(int64(i), "m", map[string]string{"s": "line\nbreak"})
			if err := c.Write(ctx, m); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	// Every line is one whole message (concurrent writes never interleave,
	// and a newline inside a string is escaped).
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 50 {
		t.Fatalf("%d lines, want 50", len(lines))
	}
	seen := map[string]bool{}
	for _, l := range lines {
		m, derr := transport.Decode([]byte(l))
		if derr != nil {
			t.Fatalf("line %q: %v", l, derr)
		}
		seen[string(m.ID)] = true
	}
	if len(seen) != 50 {
		t.Errorf("%d distinct ids, want 50", len(seen))
	}
	c.Close()
	if err := c.Write(ctx, &transport.Message{JSONRPC: "2.0", Method: "x"}); !errors.Is(err, transport.ErrClosed) {
		t.Errorf("Write after Close = %v, want ErrClosed", err)
	}
	if _, err := c.Read(ctx); !errors.Is(err, transport.ErrClosed) {
		t.Errorf("Read after Close = %v, want ErrClosed", err)
	}
}

// Close unblocks a Read waiting on a reader when a Closer is given.
func TestStreamCloseUnblocksRead(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	c := transport.NewStream(pr, io.Discard, &transport.StreamOptions{Closer: pr})
	got := make(chan string)
	go func() { got <- readEvent(t, c) }()
	c.Close()
	if ev := <-got; ev != "closed" {
		t.Errorf("Read = %s, want closed", ev)
	}
}

func TestPipe(t *testing.T) {
	a, b := transport.NewPipe()
	ctx := context.Background()
	for i := int64(1); i <= 3; i++ {
		m, _ := transport.NewRequest(i, "ping", nil)
		if err := a.Write(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	got, err := b.Read(ctx)
	if err != nil || string(got.ID) != "1" || got.Method != "ping" {
		t.Fatalf("Read = %+v, %v", got, err)
	}
	resp, _ := transport.NewResult(got.ID, map[string]int{})
	if err := b.Write(ctx, resp); err != nil {
		t.Fatal(err)
	}
	if m, err := a.Read(ctx); err != nil || string(m.Result) != "{}" {
		t.Fatalf("response = %+v, %v", m, err)
	}
	// Messages sent before Close are still delivered, then EOF.
	a.Close()
	var ids []string
	for {
		m, err := b.Read(ctx)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, string(m.ID))
	}
	if d := diff("2\n3", strings.Join(ids, "\n")); d != "" {
		t.Errorf("ids after close (-want +got):\n%s", d)
	}
	if err := b.Write(ctx, resp); !errors.Is(err, transport.ErrClosed) {
		t.Errorf("Write after Close = %v, want ErrClosed", err)
	}
}

func TestPipeReadHonoursContext(t *testing.T) {
	a, _ := transport.NewPipe()
	defer a.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := a.Read(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Read = %v, want context.Canceled", err)
	}
}

// A pipe copies through JSON: the receiver cannot alias the sender's
// buffers, and a message that would not decode is reported as on a wire.
func TestPipeCopies(t *testing.T) {
	a, b := transport.NewPipe()
	defer a.Close()
	ctx := context.Background()
	params := []byte(`{"k":"v"}`)
	m := &transport.Message{JSONRPC: "2.0", Method: "n", Params: params}
	if err := a.Write(ctx, m); err != nil {
		t.Fatal(err)
	}
	params[2] = 'X'
	got, err := b.Read(ctx)
	if err != nil || string(got.Params) != `{"k":"v"}` {
		t.Fatalf("Read = %s, %v", got.Params, err)
	}
	if err := a.Write(ctx, &transport.Message{JSONRPC: "1.0", ID: []byte("4"), Method: "x"}); err != nil {
		t.Fatal(err)
	}
	if ev := readEvent(t, b); ev != "err -32600 id=4" {
		t.Errorf("Read = %s, want err -32600 id=4", ev)
	}
}

// A line over the limit is skipped, but its DecodeError keeps its start
// and its length, so a client can say what the server printed.
func TestOversizedLineKeepsItsStart(t *testing.T) {
	long := `{"jsonrpc":"2.0","id":2,"result":{"pad":"` + strings.Repeat("a", 300<<10) + `"}}`
	tests := []struct {
		name string
		in   string
		max  int
		wrap func(io.Reader) io.Reader
		line string
	}{
		{"beyond the read buffer", long + "\n", 1024, nil, long},
		{"byte by byte", long + "\r\n", 1024, iotest.OneByteReader, long},
		{"just over the limit", ping + "\n", len(ping) - 1, nil, ping},
		{"at EOF", long, 4096, nil, long},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r io.Reader = strings.NewReader(tt.in)
			if tt.wrap != nil {
				r = tt.wrap(r)
			}
			c := transport.NewStream(r, io.Discard, &transport.StreamOptions{MaxMessageSize: tt.max})
			_, err := c.Read(context.Background())
			var de *transport.DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("Read: %v, want a DecodeError", err)
			}
			want := tt.line[:min(len(tt.line), 1024)]
			if string(de.Line) != want || de.Size != len(tt.line) {
				t.Errorf("Line %q… (%d bytes), Size %d; want %q… (%d bytes), Size %d",
					de.Line[:min(len(de.Line), 40)], len(de.Line), de.Size, want[:min(len(want), 40)], len(want), len(tt.line))
			}
		})
	}
}
