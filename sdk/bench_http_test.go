package sdk_test

import (
	"io"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// BenchmarkHTTPCallParallel32 is tools/call over Streamable HTTP on
// loopback, in process (so -cpuprofile shows the server's handler next to
// net/http), 32 concurrent clients with a session each, as
// bench/http.sh drives the servers. Figures against mcp-go and go-sdk come
// from bench/http.sh; this one is for profiling.
func BenchmarkHTTPCallParallel32(b *testing.B) {
	s := sdk.NewServer("bench", &sdk.ServerOptions{Version: "1.0.0"})
	sdk.Tool(s, HTTPEcho, &sdk.ToolOptions{Name: "echo", Description: "Echo."})
	h := s.HTTPHandler(nil)
	defer h.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	srv := transport.NewHTTPServer(h, nil)
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
