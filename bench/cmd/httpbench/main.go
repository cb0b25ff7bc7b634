// Command httpbench compares Streamable HTTP tools/call throughput of
// mcpdev's sdk with github.com/mark3labs/mcp-go and
// github.com/modelcontextprotocol/go-sdk serving the same echo tool. Each
// server runs in its own process (so memory is measured apart: peak RSS);
// one load generator drives them all with the same raw requests over
// loopback: N concurrent clients, each with its own session
// (initialize, then tools/call in a loop), protocol 2025-06-18. mcpdev is
// also measured in the stateless 2026-07-28 era. Run it with bench/http.sh.
package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"runtime/pprof"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	mcpgoserver "github.com/mark3labs/mcp-go/server"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// serverCPUs pins the servers (see -server-cpus).
var serverCPUs string

func main() {
	serve := flag.String("serve", "", "internal: serve this implementation (mcpdev, mcp-go, go-sdk)")
	clients := flag.Int("clients", 32, "concurrent clients")
	duration := flag.Duration("duration", 5*time.Second, "measuring time per server")
	flag.StringVar(&serverCPUs, "server-cpus", "", "run each server under taskset -c LIST (with the generator pinned elsewhere by http.sh -pin), so the load generator does not share the server's cores")
	cpuprofile := flag.String("cpuprofile", "", "with -serve: write the server's CPU profile to this file (stopped by SIGINT or SIGTERM)")
	target := flag.String("url", "", "drive an already running server at this URL (one run, -proto) instead of starting the three")
	proto := flag.String("proto", "legacy", "with -url: legacy (sessions) or stateless")
	flag.Parse()
	if *serve != "" {
		if *cpuprofile != "" {
			f, err := os.Create(*cpuprofile)
			if err != nil {
				log.Fatal(err)
			}
			if err := pprof.StartCPUProfile(f); err != nil {
				log.Fatal(err)
			}
			sig := make(chan os.Signal, 1)
			signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
			go func() {
				<-sig
				pprof.StopCPUProfile()
				f.Close()
				os.Exit(0)
			}()
		}
		serveImpl(*serve)
		return
	}
	if *target != "" {
		rate, calls, err := load(*target, *proto, *clients, *duration)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s (%s): %.0f calls/s, %d calls\n", *target, *proto, rate, calls)
		return
	}
	runs := []struct{ impl, proto string }{
		{"mcpdev", "legacy"}, {"mcpdev", "stateless"}, {"mcp-go", "legacy"}, {"go-sdk", "legacy"},
	}
	results := map[string]result{}
	for _, r := range runs {
		res, err := measure(r.impl, r.proto, *clients, *duration)
		if err != nil {
			log.Fatalf("%s: %v", r.impl, err)
		}
		results[r.impl+"/"+r.proto] = res
	}
	fmt.Printf("tools/call over Streamable HTTP, %d concurrent clients, %s per server\n", *clients, *duration)
	fmt.Printf("%-34s %12s %12s %16s\n", "server", "calls/s", "peak RSS", "server CPU/call")
	base := results["mcp-go/legacy"]
	for _, r := range runs {
		res := results[r.impl+"/"+r.proto]
		fmt.Printf("%-34s %12.0f %8.1f MiB %13.1f us\n", label(r.impl, r.proto), res.rate, float64(res.rssKB)/1024, res.cpuUS)
	}
	ours := results["mcpdev/legacy"]
	fmt.Printf("ratio mcpdev/mcp-go: %.2fx calls/s (stateless: %.2fx), %.2fx memory\n",
		ours.rate/base.rate, results["mcpdev/stateless"].rate/base.rate, float64(ours.rssKB)/float64(base.rssKB))
	fmt.Printf("server CPU per call mcpdev/mcp-go: %.2fx (stateless: %.2fx)\n", ours.cpuUS/base.cpuUS, results["mcpdev/stateless"].cpuUS/base.cpuUS)
	gs := results["go-sdk/legacy"]
	fmt.Printf("ratio mcpdev/go-sdk: %.2fx calls/s (stateless: %.2fx), %.2fx memory\n",
		ours.rate/gs.rate, results["mcpdev/stateless"].rate/gs.rate, float64(ours.rssKB)/float64(gs.rssKB))
}

func label(impl, proto string) string {
	if proto == "stateless" {
		return impl + " (2026-07-28, stateless)"
	}
	return impl + " (2025-06-18, sessions)"
}

type result struct {
	rate  float64
	rssKB int64   // the server process's peak resident set (VmHWM)
	cpuUS float64 // the server process's CPU time per call, microseconds
}

// EchoArgs is the echo tool's input.
type EchoArgs struct {
	Text string `json:"text" jsonschema:"the text to echo"`
}

// Echo returns its text.
func Echo(ctx context.Context, a EchoArgs) (string, error) { return a.Text, nil }

func serveImpl(impl string) {
	var h http.Handler
	switch impl {
	case "mcpdev":
		s := sdk.NewServer("bench", &sdk.ServerOptions{Version: "1.0.0"})
		sdk.Tool(s, Echo, &sdk.ToolOptions{Description: "Echo the text."})
		h = s.HTTPHandler(nil)
	case "mcp-go":
		s := mcpgoserver.NewMCPServer("bench", "1.0.0")
		s.AddTool(mcpgo.NewTool("echo", mcpgo.WithDescription("Echo the text."), mcpgo.WithString("text", mcpgo.Required())),
			func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
				return mcpgo.NewToolResultText(req.GetString("text", "")), nil
			})
		h = mcpgoserver.NewStreamableHTTPServer(s)
	case "go-sdk":
		s := gosdk.NewServer(&gosdk.Implementation{Name: "bench", Version: "1.0.0"}, nil)
		gosdk.AddTool(s, &gosdk.Tool{Name: "echo", Description: "Echo the text."},
			func(ctx context.Context, req *gosdk.CallToolRequest, in EchoArgs) (*gosdk.CallToolResult, any, error) {
				return &gosdk.CallToolResult{Content: []gosdk.Content{&gosdk.TextContent{Text: in.Text}}}, nil, nil
			})
		h = gosdk.NewStreamableHTTPHandler(func(*http.Request) *gosdk.Server { return s }, nil)
	default:
		log.Fatalf("unknown implementation %q", impl)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("READY http://%s/mcp\n", ln.Addr())
	log.Fatal(transport.NewHTTPServer(h, nil).Serve(ln))
}

// measure starts impl in a child process and drives it.
func measure(impl, proto string, clients int, d time.Duration) (result, error) {
	self, _ := os.Executable()
	cmd := exec.Command(self, "-serve", impl)
	if serverCPUs != "" {
		cmd = exec.Command("taskset", "-c", serverCPUs, self, "-serve", impl)
	}
	cmd.Stderr = os.Stderr
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		return result{}, err
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		return result{}, fmt.Errorf("server did not start: %v", err)
	}
	url := strings.TrimSpace(strings.TrimPrefix(line, "READY "))
	cpu0 := cpuTime(cmd.Process.Pid)
	rate, calls, err := load(url, proto, clients, d)
	if err != nil {
		return result{}, err
	}
	cpu := cpuTime(cmd.Process.Pid) - cpu0
	return result{rate: rate, rssKB: peakRSS(cmd.Process.Pid), cpuUS: float64(cpu.Microseconds()) / float64(max(calls, 1))}, nil
}

// cpuTime is a process's user+system CPU time so far (Linux, 10 ms ticks);
// it is less sensitive to other load on the machine than calls/s.
func cpuTime(pid int) time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	f := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	var utime, stime int64
	fmt.Sscan(f[11], &utime)
	fmt.Sscan(f[12], &stime)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

func peakRSS(pid int) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			var kb int64
			fmt.Sscan(strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(l, "VmHWM:"), "kB")), &kb)
			return kb
		}
	}
	return 0
}

var httpClient = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256, MaxConnsPerHost: 256}}

func post(url string, h map[string]string, body string) (string, http.Header, error) {
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range h {
		req.Header.Set(k, v)
	}
	resp, err := httpClient.Do(req)
	if err != nil {
		return "", nil, err
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	_, err = io.Copy(&b, resp.Body)
	if resp.StatusCode/100 != 2 {
		return "", nil, fmt.Errorf("HTTP %d: %s", resp.StatusCode, b.String())
	}
	return b.String(), resp.Header, err
}

const statelessMeta = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`

// load runs clients concurrent callers for d and returns calls/s and the
// number of calls.
func load(url, proto string, clients int, d time.Duration) (float64, int64, error) {
	var calls atomic.Int64
	var firstErr error
	var once sync.Once
	fail := func(err error) { once.Do(func() { firstErr = err }) }
	stop := time.Now().Add(d)
	var wg sync.WaitGroup
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h := map[string]string{"MCP-Protocol-Version": "2025-06-18"}
			body := func(id int) string {
				return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hello %d"}}}`, id, c)
			}
			if proto == "stateless" {
				h = map[string]string{"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "echo"}
				body = func(id int) string {
					return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hello %d"},%s}}`, id, c, statelessMeta)
				}
			} else {
				_, hdr, err := post(url, h, `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}`)
				if err != nil {
					fail(err)
					return
				}
				h["Mcp-Session-Id"] = hdr.Get("Mcp-Session-Id")
				if _, _, err := post(url, h, `{"jsonrpc":"2.0","method":"notifications/initialized"}`); err != nil {
					fail(err)
					return
				}
			}
			want := fmt.Sprintf("hello %d", c)
			for id := 1; time.Now().Before(stop); id++ {
				got, _, err := post(url, h, body(id))
				if err != nil || !strings.Contains(got, want) {
					fail(fmt.Errorf("call: %q %v", got, err))
					return
				}
				calls.Add(1)
			}
		}()
	}
	start := time.Now()
	wg.Wait()
	return float64(calls.Load()) / time.Since(start).Seconds(), calls.Load(), firstErr
}
