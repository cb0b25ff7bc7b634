package proxy

// Forwarding cost (issue 35): tools/call with 32 in flight against the
// same server directly and through mcpdev proxy with recording on, each a
// real process: over stdio the tutorial's 03 example, through the shim;
// over Streamable HTTP the bookshop example, through the HTTP proxy.
// Each sub-benchmark reports calls/s and the p50 and p99 latency of a
// call; bench/proxy.sh prints the ratios. $BENCH_SHIM_ENV adds one
// variable to the stdio arms' environment: MCPDEV_STATE=/proc/none makes
// the shim forward without recording (it cannot create its file), the
// floor of a process in between.

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/internal/testutil"
)

const benchWindow = 32

func BenchmarkForwardStdio32(b *testing.B) {
	server := testutil.Build(b, "../../examples/tutorial/03-field-constraints")
	mcpdev := benchMcpdev(b)
	for _, arm := range []struct {
		name string
		argv []string
	}{
		{"direct", []string{server}},
		{"shim", []string{mcpdev, "proxy", "--label", "bench", "--", server}},
	} {
		b.Run(arm.name, func(b *testing.B) { benchForwardStdio(b, arm.argv) })
	}
}

// benchMcpdev is the mcpdev binary benchmarked: this tree's, or
// $BENCH_MCPDEV (another build, or a wrapper that profiles it).
func benchMcpdev(b *testing.B) string {
	if p := os.Getenv("BENCH_MCPDEV"); p != "" {
		return p
	}
	return testutil.Build(b, "../../cmd/mcpdev")
}

// benchForwardStdio keeps 32 calls in flight on one pipe until b.N are answered.
func benchForwardStdio(b *testing.B, argv []string) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), "MCPDEV_STATE="+b.TempDir(), os.Getenv("BENCH_SHIM_ENV"))
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() { stdin.Close(); _ = cmd.Wait() }()
	out := bufio.NewReaderSize(stdout, 64<<10)
	io.WriteString(stdin, `{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"0"}}}`+"\n"+
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
	if line, err := out.ReadBytes('\n'); err != nil || !bytes.Contains(line, []byte("protocolVersion")) {
		b.Fatalf("initialize: %s %v", line, err)
	}
	n := b.N
	sent := make([]atomic.Int64, n)
	lat := make([]time.Duration, 0, n)
	window := make(chan struct{}, benchWindow)
	b.ResetTimer()
	start := time.Now()
	go func() {
		var req []byte
		for i := range n {
			window <- struct{}{}
			req = append(req[:0], `{"jsonrpc":"2.0","id":`...)
			req = strconv.AppendInt(req, int64(i), 10)
			req = append(req, `,"method":"tools/call","params":{"name":"search_books","arguments":{"query":"dune","limit":5}}}`+"\n"...)
			sent[i].Store(time.Now().UnixNano())
			if _, err := stdin.Write(req); err != nil {
				return
			}
		}
	}()
	for range n {
		line, err := out.ReadSlice('\n')
		if err != nil || !bytes.Contains(line, []byte("Found 3 books")) {
			b.Fatalf("answer: %s %v", line, err)
		}
		id := line[bytes.Index(line, []byte(`"id":`))+5:]
		i, _ := strconv.Atoi(string(id[:bytes.IndexAny(id, ",}")]))
		lat = append(lat, time.Duration(time.Now().UnixNano()-sent[i].Load()))
		<-window
	}
	reportForward(b, time.Since(start), lat)
}

func BenchmarkForwardHTTP32(b *testing.B) {
	server := testutil.Build(b, "../../examples/bookshop")
	mcpdev := benchMcpdev(b)
	direct := freeAddr(b)
	startBenchProc(b, server, "--http", direct)
	proxied := freeAddr(b)
	startBenchProc(b, mcpdev, "proxy", "--label", "bench", "--target", "http://"+direct+"/mcp", "--listen", proxied)
	for _, arm := range []struct{ name, addr string }{{"direct", direct}, {"proxy", proxied}} {
		b.Run(arm.name, func(b *testing.B) { benchForwardHTTP(b, "http://"+arm.addr+"/mcp") })
	}
}

// startBenchProc starts a server or proxy and waits until its address
// (the last argument) accepts connections.
func startBenchProc(b *testing.B, argv ...string) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), "MCPDEV_STATE="+b.TempDir())
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if c, err := net.Dial("tcp", argv[len(argv)-1]); err == nil {
			c.Close()
			return
		}
		if time.Now().After(deadline) {
			b.Fatalf("%s does not listen", argv[0])
		}
	}
}

func freeAddr(b *testing.B) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// benchForwardHTTP runs 32 clients, a session each, until b.N calls are
// answered.
func benchForwardHTTP(b *testing.B, url string) {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2 * benchWindow}}
	defer client.CloseIdleConnections()
	post := func(sid, body string) (string, string, error) {
		req, _ := http.NewRequest("POST", url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("MCP-Protocol-Version", "2025-06-18")
		if sid != "" {
			req.Header.Set("Mcp-Session-Id", sid)
		}
		resp, err := client.Do(req)
		if err != nil {
			return "", "", err
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		return string(data), resp.Header.Get("Mcp-Session-Id"), err
	}
	sids := make([]string, benchWindow)
	for w := range sids {
		_, sid, err := post("", `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}`)
		if err != nil || sid == "" {
			b.Fatalf("initialize: %v", err)
		}
		post(sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
		sids[w] = sid
	}
	var next atomic.Int64
	var mu sync.Mutex
	var lat []time.Duration
	var wg sync.WaitGroup
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_books","arguments":{"query":"dune"}}}`
	b.ResetTimer()
	start := time.Now()
	for w := range benchWindow {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			for next.Add(1) <= int64(b.N) {
				t := time.Now()
				got, _, err := post(sids[w], body)
				if err != nil || !strings.Contains(got, "Dune") {
					b.Errorf("answer: %v %.200s", err, got)
					return
				}
				mine = append(mine, time.Since(t))
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	reportForward(b, time.Since(start), lat)
}

// reportForward reports calls/s and the latency percentiles of a run.
func reportForward(b *testing.B, took time.Duration, lat []time.Duration) {
	b.StopTimer()
	if len(lat) == 0 {
		return
	}
	slices.Sort(lat)
	pct := func(p float64) float64 { return float64(lat[min(int(p*float64(len(lat))), len(lat)-1)]) / 1e6 }
	b.ReportMetric(float64(len(lat))/took.Seconds(), "calls/s")
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
}
