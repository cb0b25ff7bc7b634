package sdk_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// BenchmarkHTTPCallParallel32 is tools/call over Streamable HTTP on
// loopback, in process (so -cpuprofile shows the server's handler next to
// net/http), 32 concurrent clients with a session each, as
// bench/http.sh drives the servers. Figures against mcp-go and go-sdk come
// from bench/http.sh; this one is for profiling.
func BenchmarkHTTPCallParallel32(b *testing.B) {
	s := sdk.NewServer("bench", &sdk.ServerOptions{Version: "1.0.0"})
	sdk.Tool(s, HTTPEcho, &sdk.ToolOptions{Name: "echo", Description: "Echo."})
	h := sdkhttp.Handler(s, nil)
	defer h.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	srv := streamable.NewHTTPServer(h, nil)
	go srv.Serve(ln)
	defer srv.Close()
	url := "http://" + ln.Addr().String() + "/mcp"
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	defer client.CloseIdleConnections()
	post := func(sid, body string) (string, string) {
		req, _ := http.NewRequest("POST", url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("MCP-Protocol-Version", "2025-06-18")
		if sid != "" {
			req.Header.Set("Mcp-Session-Id", sid)
		}
		resp, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		return string(data), resp.Header.Get("Mcp-Session-Id")
	}
	var n atomic.Int64
	b.SetParallelism(max(1, 32/runtime.GOMAXPROCS(0)))
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		c := n.Add(1)
		_, sid := post("", `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}`)
		post(sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
		want := "hello " + strconv.FormatInt(c, 10)
		body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"` + want + `"}}}`
		for pb.Next() {
			if got, _ := post(sid, body); !strings.Contains(got, want) {
				b.Fatalf("response: %s", got)
			}
		}
	})
}

// BenchmarkHTTPHandle is one tools/call through the Streamable HTTP
// handler's ServeHTTP, without a connection: the request and the response
// writer are reused, so ns/op and allocs/op are the handler's own (and the
// sdk's below it), apart from net/http's request parsing and socket I/O.
// Both eras: a session-era call (Mcp-Session-Id) and a stateless
// 2026-07-28 one. cpu-ns/op is the process's CPU time per call, the
// garbage collector's included: steadier than ns/op on a shared machine.
func BenchmarkHTTPHandle(b *testing.B) {
	s := sdk.NewServer("bench", &sdk.ServerOptions{Version: "1.0.0"})
	sdk.Tool(s, HTTPEcho, &sdk.ToolOptions{Name: "echo", Description: "Echo."})
	h := sdkhttp.Handler(s, nil)
	defer h.Close()
	sessions := map[string]string{"MCP-Protocol-Version": "2025-06-18"}
	init := `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}`
	rec := serveOnce(b, h, sessions, init)
	sessions[streamable.HeaderSessionID] = rec.Header().Get(streamable.HeaderSessionID)
	serveOnce(b, h, sessions, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	stateless := map[string]string{"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "echo"}
	// Below the handler: the same call decoded and handled by a session
	// in process, its response not encoded. The difference is what HTTP
	// costs.
	b.Run("session-only", func(b *testing.B) {
		ss := s.NewSession(func(*transport.Message) error { return nil })
		defer ss.Close()
		m, _ := transport.Decode([]byte(init))
		ss.Handle(context.Background(), m)
		line := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hello 1"}}}`)
		b.ReportAllocs()
		cpu0 := processCPU()
		for b.Loop() {
			m, _ := transport.Decode(line)
			if resp := ss.Handle(context.Background(), m); resp.Error != nil {
				b.Fatal(resp.Error)
			}
		}
		b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/op")
	})
	for _, c := range []struct {
		name    string
		header  map[string]string
		body    string
		handler http.Handler
	}{
		// The floor: a bare handler answering the same bytes (as
		// bench/http.sh's), so that sessions minus bare is what the sdk
		// costs above net/http's own handler interface.
		{"bare", sessions, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hello 1"}}}`, http.HandlerFunc(bareAnswer)},
		{"sessions", sessions, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hello 1"}}}`, h},
		{"stateless", stateless, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hello 1"},` +
			`"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`, h},
	} {
		b.Run(c.name, func(b *testing.B) {
			r, body := benchRequest(c.header, c.body)
			w := &benchWriter{header: http.Header{}}
			b.ReportAllocs()
			cpu0 := processCPU()
			for b.Loop() {
				body.Reset(c.body)
				clear(w.header)
				w.buf = w.buf[:0]
				w.status = 0
				c.handler.ServeHTTP(w, r)
			}
			b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/op")
			if w.status != http.StatusOK || !strings.Contains(string(w.buf), `"text":"hello 1"`) {
				b.Fatalf("HTTP %d: %s", w.status, w.buf)
			}
		})
	}
}

// bareAnswer answers an echo call with the bytes and headers the sdk
// answers it with, reading the id and text out of the body without
// decoding JSON: what net/http's handler interface costs at least.
func bareAnswer(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	id, text := cutAfter(body, `"id":`, ','), cutAfter(body, `"text":"`, '"')
	data := `{"jsonrpc":"2.0","id":` + id + `,"result":{"content":[{"type":"text","text":"` + text +
		`"}],"structuredContent":{"result":"` + text + `"}}}`
	h := w.Header()
	h.Set("Mcp-Session-Id", "bare")
	h.Set("Content-Type", "application/json")
	io.WriteString(w, data)
}

// cutAfter returns what follows after in body, up to end.
func cutAfter(body []byte, after string, end byte) string {
	_, rest, _ := strings.Cut(string(body), after)
	v, _, _ := strings.Cut(rest, string(end))
	return v
}

// serveOnce sends one message through h and fails unless it is answered
// with a 2xx status.
func serveOnce(b testing.TB, h http.Handler, header map[string]string, body string) *benchWriter {
	r, _ := benchRequest(header, body)
	w := &benchWriter{header: http.Header{}}
	h.ServeHTTP(w, r)
	if w.status/100 != 2 {
		b.Fatalf("HTTP %d: %s", w.status, w.buf)
	}
	return w
}

// benchRequest is a POST to /mcp from a loopback client, as net/http's
// server hands it to a handler (the local address in its context).
func benchRequest(header map[string]string, body string) (*http.Request, *strings.Reader) {
	rd := strings.NewReader(body)
	r, _ := http.NewRequest("POST", "http://127.0.0.1:8000/mcp", io.NopCloser(rd))
	r.Host = "127.0.0.1:8000"
	r.ContentLength = int64(len(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range header {
		r.Header.Set(k, v)
	}
	local := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8000}
	return r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, local)), rd
}

// benchWriter is a reusable http.ResponseWriter.
type benchWriter struct {
	header http.Header
	status int
	buf    []byte
}

func (w *benchWriter) Header() http.Header { return w.header }

func (w *benchWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

func (w *benchWriter) Write(p []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	w.buf = append(w.buf, p...)
	return len(p), nil
}

func (w *benchWriter) Flush() {}

// SetReadDeadline and SetWriteDeadline succeed, as on net/http's own
// writer (http.ResponseController finds them).
func (w *benchWriter) SetReadDeadline(time.Time) error  { return nil }
func (w *benchWriter) SetWriteDeadline(time.Time) error { return nil }
