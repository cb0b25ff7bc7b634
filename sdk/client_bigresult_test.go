package sdk_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// A tools/call result of megabytes costs the client what the transport
// allocates to read the frame, and its text decoded once, in memory of the
// text's size. Through encoding/json the text cost twice its size (its
// unquoting buffer beside the string), which set the inspector's peak
// while a big result arrived (issue 31).
func TestCallToolDecodesABigTextOnce(t *testing.T) {
	text := strings.Repeat(strings.Repeat("x", 98)+"\n", 40000) // 4 MB, each line an escape
	quoted, _ := json.Marshal(text)
	// The message after its id, as bytes the peer writes as they are (a
	// string would be copied into bytes while the call is measured).
	frame := []byte(`"result":{"content":[{"type":"text","text":` + string(quoted) + `}]}}` + "\n")
	cr, sw := io.Pipe()
	sr, cw := io.Pipe()
	go scriptedPeer(sr, sw, frame)
	c, err := sdk.Connect(testCtx(t), transport.NewStream(cr, cw, &transport.StreamOptions{MaxMessageSize: 64 << 20, Closer: closers{cr, cw}}), &sdk.ClientOptions{ProtocolVersion: "2025-06-18"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	res, err := c.CallTool(testCtx(t), "big", nil, nil)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Content) != 1 || res.Content[0].Text != text {
		t.Fatalf("the result's text is not the one sent (%d blocks)", len(res.Content))
	}
	read := readCost(t, append([]byte(`{"jsonrpc":"2.0","id":2,`), frame...))
	if x := float64(after.TotalAlloc-before.TotalAlloc-read) / float64(len(frame)); x > 1.3 {
		t.Errorf("beyond the %d bytes the transport allocates to read it, the call allocated %.2f× its %d-byte message, want at most 1.3×", read, x, len(frame))
	}
}

// readCost is what the transport allocates to read line.
func readCost(t *testing.T, line []byte) uint64 {
	c := transport.NewStream(bytes.NewReader(line), io.Discard, &transport.StreamOptions{MaxMessageSize: 64 << 20})
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := c.Read(testCtx(t))
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	return after.TotalAlloc - before.TotalAlloc
}

// scriptedPeer answers initialize, and tools/call with its id and the
// rest of the message, frame, after it.
func scriptedPeer(r io.Reader, w io.WriteCloser, frame []byte) {
	defer w.Close()
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		_ = json.Unmarshal(sc.Bytes(), &m)
		switch m.Method {
		case "initialize":
			_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":`+string(m.ID)+`,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"big","version":"1"}}}`+"\n")
		case "tools/call":
			_, _ = io.WriteString(w, `{"jsonrpc":"2.0","id":`+string(m.ID)+",")
			_, _ = w.Write(frame)
		}
	}
}

// closers closes each of its pipes.
type closers []io.Closer

func (cs closers) Close() error {
	for _, c := range cs {
		_ = c.Close()
	}
	return nil
}
