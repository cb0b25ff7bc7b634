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
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	mcpgoserver "github.com/mark3labs/mcp-go/server"
	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// serverCPUs pins the servers (see -server-cpus).
var serverCPUs string

func main() {
	serve := flag.String("serve", "", "internal: serve this implementation (mcpdev, mcp-go, go-sdk)")
	clients := flag.Int("clients", 32, "concurrent clients")
	rounds := flag.Int("rounds", 3, "interleaved rounds of all servers; medians are reported")
	duration := flag.Duration("duration", 5*time.Second, "measuring time per server")
	flag.StringVar(&serverCPUs, "server-cpus", "", "run each server under taskset -c LIST (with the generator pinned elsewhere by http.sh -pin), so the load generator does not share the server's cores")
	cpuprofile := flag.String("cpuprofile", "", "with -serve: write the server's CPU profile to this file (stopped by SIGINT or SIGTERM)")
	target := flag.String("url", "", "drive an already running server at this URL (one run, -proto) instead of starting the three")
	proto := flag.String("proto", "legacy", "with -url: legacy (sessions) or stateless")
	failover := flag.Bool("failover", false, "with -url: count errors and go on (reconnect; session era: initialize again on 404 and resend) instead of stopping at the first; print a RESULT line with calls/s, p50/p99 and failed calls")
	spec := callSpec{header: map[string]string{}}
	flag.StringVar(&spec.tool, "tool", "echo", "with -failover: the tool to call")
	flag.StringVar(&spec.args, "args", `{"text":"hello %d"}`, "with -failover: the tool's arguments as JSON (%d: the client's number)")
	flag.StringVar(&spec.expect, "expect", "hello %d", "with -failover: text every answer must contain (%d: the client's number)")
	flag.Func("header", "with -failover: an extra request header 'Name: value' (repeatable), e.g. Mcp-Param-Genre", func(v string) error {
		k, val, ok := strings.Cut(v, ":")
		if !ok {
			return fmt.Errorf("want Name: value, got %q", v)
		}
		spec.header[strings.TrimSpace(k)] = strings.TrimSpace(val)
		return nil
	})
	freePorts := flag.Int("free-ports", 0, "print this many free TCP ports on 127.0.0.1 and exit (for scripts)")
	flag.BoolVar(&rawClient, "raw", true, "load generator: plain keep-alive connections and http.ReadResponse (false: net/http's Client, which costs about as much CPU per call as the servers)")
	flag.Parse()
	if *freePorts > 0 {
		printFreePorts(*freePorts)
		return
	}
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
	if *target != "" && *failover {
		runFailover(*target, *proto, *clients, *duration, spec)
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
		{"mcpdev", "legacy"}, {"mcpdev", "stateless"}, {"mcp-go", "legacy"}, {"go-sdk", "legacy"}, {"fixed", "legacy"},
	}
	// Rounds interleave the servers, so that a slow spell of a shared
	// machine hits all of them; each ratio is taken within a round and the
	// median over rounds is reported.
	results := map[string][]result{}
	for range *rounds {
		for _, r := range runs {
			res, err := measure(r.impl, r.proto, *clients, *duration)
			if err != nil {
				log.Fatalf("%s: %v", r.impl, err)
			}
			key := r.impl + "/" + r.proto
			results[key] = append(results[key], res)
		}
	}
	fmt.Printf("tools/call over Streamable HTTP, %d concurrent clients, %s per server, %d interleaved rounds (medians)\n", *clients, *duration, *rounds)
	fmt.Printf("%-34s %12s %12s %16s %16s\n", "server", "calls/s", "peak RSS", "server CPU/call", "load gen CPU/call")
	for _, r := range runs {
		rs := results[r.impl+"/"+r.proto]
		fmt.Printf("%-34s %12.0f %8.1f MiB %13.1f us %14.1f us\n", label(r.impl, r.proto),
			median(rs, func(x result) float64 { return x.rate }),
			median(rs, func(x result) float64 { return float64(x.rssKB) })/1024,
			median(rs, func(x result) float64 { return x.cpuUS }),
			median(rs, func(x result) float64 { return x.genUS }))
	}
	// ratio is the median over rounds of a's figure over b's.
	ratio := func(a, b string, f func(result) float64) float64 {
		var rs []result
		for i := range results[a] {
			rs = append(rs, result{rate: f(results[a][i]) / f(results[b][i])})
		}
		return median(rs, func(x result) float64 { return x.rate })
	}
	rate := func(x result) float64 { return x.rate }
	rss := func(x result) float64 { return float64(x.rssKB) }
	cpu := func(x result) float64 { return x.cpuUS }
	var each []string
	for i := range results["mcpdev/legacy"] {
		each = append(each, fmt.Sprintf("%.2f", results["mcpdev/legacy"][i].rate/results["mcp-go/legacy"][i].rate))
	}
	fmt.Printf("ratio mcpdev/mcp-go: %.2fx calls/s (stateless: %.2fx), %.2fx memory; calls/s ratio per round: %s\n",
		ratio("mcpdev/legacy", "mcp-go/legacy", rate), ratio("mcpdev/stateless", "mcp-go/legacy", rate),
		ratio("mcpdev/legacy", "mcp-go/legacy", rss), strings.Join(each, " "))
	fmt.Printf("server CPU per call mcpdev/mcp-go: %.2fx (stateless: %.2fx)\n",
		ratio("mcpdev/legacy", "mcp-go/legacy", cpu), ratio("mcpdev/stateless", "mcp-go/legacy", cpu))
	fmt.Printf("ratio mcpdev/go-sdk: %.2fx calls/s (stateless: %.2fx), %.2fx memory\n",
		ratio("mcpdev/legacy", "go-sdk/legacy", rate), ratio("mcpdev/stateless", "go-sdk/legacy", rate),
		ratio("mcpdev/legacy", "go-sdk/legacy", rss))
	fmt.Printf("ratio mcpdev/bare handler: %.2fx calls/s (stateless: %.2fx); server CPU per call %.2fx (target: >= 2x mcp-go, >= 0.6x the bare handler)\n",
		ratio("mcpdev/legacy", "fixed/legacy", rate), ratio("mcpdev/stateless", "fixed/legacy", rate),
		ratio("mcpdev/legacy", "fixed/legacy", cpu))
}

// median of f over rs.
func median(rs []result, f func(result) float64) float64 {
	v := make([]float64, len(rs))
	for i, r := range rs {
		v[i] = f(r)
	}
	sort.Float64s(v)
	if len(v) == 0 {
		return 0
	}
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}

func label(impl, proto string) string {
	if impl == "fixed" {
		return "bare net/http handler (same bytes)"
	}
	if proto == "stateless" {
		return impl + " (2026-07-28, stateless)"
	}
	return impl + " (2025-06-18, sessions)"
}

type result struct {
	rate  float64
	rssKB int64   // the server process's peak resident set (VmHWM)
	cpuUS float64 // the server process's CPU time per call, microseconds
	// genUS is the load generator's CPU time per call: when it is near
	// the server's, the generator may be what limits calls/s.
	genUS float64
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
		h = sdkhttp.Handler(s, nil)
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
	case "fixed":
		// Not an MCP server: a bare net/http handler that reads the body and
		// answers with the bytes and headers mcpdev answers a call with
		// (the id and text cut out of the request, no JSON decoding). The
		// floor under any server here.
		h = http.HandlerFunc(fixedAnswer)
	default:
		log.Fatalf("unknown implementation %q", impl)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("READY http://%s/mcp\n", ln.Addr())
	log.Fatal(streamable.NewHTTPServer(h, nil).Serve(ln))
}

// fixedAnswer is the "fixed" handler: mcpdev's answer to an echo call,
// byte for byte, headers included.
func fixedAnswer(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	id, text := cut(body, `"id":`, ','), cut(body, `"text":"`, '"')
	if id == "" {
		id = "0"
	}
	data := `{"jsonrpc":"2.0","id":` + id + `,"result":{"content":[{"type":"text","text":"` + text +
		`"}],"structuredContent":{"result":"` + text + `"}}}`
	h := w.Header()
	h.Set("Mcp-Session-Id", "fixed")
	h.Set("Content-Type", "application/json")
	io.WriteString(w, data) // net/http adds Content-Length, as for mcpdev's answers

}

// cut returns what follows after in body, up to end.
func cut(body []byte, after string, end byte) string {
	i := bytes.Index(body, []byte(after))
	if i < 0 {
		return ""
	}
	rest := body[i+len(after):]
	if j := bytes.IndexByte(rest, end); j >= 0 {
		return string(rest[:j])
	}
	return ""
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
	cpu0, gen0 := cpuTime(cmd.Process.Pid), cpuTime(os.Getpid())
	rate, calls, err := load(url, proto, clients, d)
	if err != nil {
		return result{}, err
	}
	cpu, gen := cpuTime(cmd.Process.Pid)-cpu0, cpuTime(os.Getpid())-gen0
	perCall := func(d time.Duration) float64 { return float64(d.Microseconds()) / float64(max(calls, 1)) }
	return result{rate: rate, rssKB: peakRSS(cmd.Process.Pid), cpuUS: perCall(cpu), genUS: perCall(gen)}, nil
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

// readBody reads a whole 2xx response.
func readBody(resp *http.Response, err error) (string, http.Header, error) {
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

var httpClient = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256, MaxConnsPerHost: 256}}

func post(url string, h map[string]string, body string) (string, http.Header, error) {
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range h {
		req.Header.Set(k, v)
	}
	return readBody(httpClient.Do(req))
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
			if err := client(url, proto, c, stop, &calls); err != nil {
				fail(err)
			}
		}()
	}
	start := time.Now()
	wg.Wait()
	return float64(calls.Load()) / time.Since(start).Seconds(), calls.Load(), firstErr
}

// client c opens a session (unless stateless) and calls echo until stop.
func client(url, proto string, c int, stop time.Time, calls *atomic.Int64) error {
	post := post
	var rc *rawConn
	if rawClient {
		var err error
		if rc, err = dialRaw(url); err != nil {
			return err
		}
		defer rc.close()
		post = rc.post
	}
	h := map[string]string{"MCP-Protocol-Version": "2025-06-18"}
	// Each call's body is head + its id + tail.
	head, tail := `{"jsonrpc":"2.0","id":`, fmt.Sprintf(`,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hello %d"}}}`, c)
	if proto == "stateless" {
		h = map[string]string{"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "echo"}
		tail = fmt.Sprintf(`,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hello %d"},%s}}`, c, statelessMeta)
	} else {
		_, hdr, err := post(url, h, `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}`)
		if err != nil {
			return err
		}
		h["Mcp-Session-Id"] = hdr.Get("Mcp-Session-Id")
		if _, _, err := post(url, h, `{"jsonrpc":"2.0","method":"notifications/initialized"}`); err != nil {
			return err
		}
	}
	want := []byte(fmt.Sprintf("hello %d", c))
	call := func(body []byte) ([]byte, error) {
		got, _, err := post(url, h, string(body))
		return []byte(got), err
	}
	if rc != nil {
		rc.setHeaders(h)
		call = rc.call
	}
	var body []byte
	for id := 1; time.Now().Before(stop); id++ {
		body = append(strconv.AppendInt(append(body[:0], head...), int64(id), 10), tail...)
		got, err := call(body)
		if err != nil || !bytes.Contains(got, want) {
			return fmt.Errorf("call: %q %v", got, err)
		}
		calls.Add(1)
	}
	return nil
}
