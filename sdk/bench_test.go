package sdk_test

// Benchmarks for tools/call (issue 2, "Performance"). The stdio benchmarks
// run a real subprocess over pipes: the tutorial's 03 example (full schema
// validation, defaults, structured output) and, as the reference measured in
// the same run, testdata/minimal-responder (encoding/json in and out, a
// fixed result, nothing else). Both are driven by the same raw line driver
// so that the client costs next to nothing. bench/compare.sh prints the
// ratios; peak-RSS-MiB is the server process's VmHWM after the run.

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// benchArgs and benchSearchBooks mirror examples/tutorial/03-field-constraints.
type benchArgs struct {
	// Title or author to search for.
	Query string `json:"query"`
	// Maximum number of results.
	Limit int     `json:"limit" jsonschema:"minimum=1,maximum=50,default=10"`
	Genre *string `json:"genre" jsonschema:"enum=fiction,enum=non-fiction,enum=poetry"`
}

// Search the catalog by title or author.
func benchSearchBooks(ctx context.Context, args benchArgs) (string, error) {
	where := ""
	if args.Genre != nil {
		where = " in " + *args.Genre
	}
	return fmt.Sprintf("Found 3 books matching '%s'%s (showing up to %d).", args.Query, where, args.Limit), nil
}

// benchOpts names the tool explicitly: doc comments of _test.go files are
// not read.
var benchOpts = &sdk.ToolOptions{Name: "search_books", Description: "Search the catalog by title or author."}

const benchFound = "Found 3 books matching 'dune' (showing up to 5)."

func BenchmarkCallInMemory(b *testing.B) {
	s := sdk.NewServer("Bookshop", nil)
	sdk.Tool(s, benchSearchBooks, benchOpts)
	ctx := context.Background()
	c, err := sdk.NewInMemoryClient(ctx, s, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	args := map[string]any{"query": "dune", "limit": 5}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		res, err := c.CallTool(ctx, "search_books", args, nil)
		if err != nil || res.IsError || res.Content[0].Text != benchFound {
			b.Fatalf("call: %v %+v", err, res)
		}
	}
}

// benchServers are the stdio servers under test, by sub-benchmark name.
// "floor" is the reference built with -tags floor: the same loop with the
// sdk's dependencies linked and initialised (testdata/minimal-responder/floor.go),
// the least peak RSS any server carrying them can have.
var benchServers = []struct{ name, pkg, tags string }{
	{"sdk", "../examples/tutorial/03-field-constraints", ""},
	{"reference", "./testdata/minimal-responder", ""},
	{"floor", "./testdata/minimal-responder", "floor"},
}

func BenchmarkCallStdio(b *testing.B) {
	for _, srv := range benchServers {
		b.Run(srv.name, func(b *testing.B) { benchStdio(b, srv.pkg, srv.tags, 1) })
	}
}

func BenchmarkCallStdioParallel32(b *testing.B) {
	for _, srv := range benchServers {
		b.Run(srv.name, func(b *testing.B) { benchStdio(b, srv.pkg, srv.tags, 32) })
	}
}

// BenchmarkPromptGetStdio is BenchmarkCallStdio for prompts/get: the
// review prompt of testdata/promptserver (a string, an int read from its
// string and bounded, an enum defaulted) against the reference's fixed
// answer.
func BenchmarkPromptGetStdio(b *testing.B) {
	for _, srv := range []struct{ name, pkg string }{{"sdk", "./testdata/promptserver"}, {"reference", "./testdata/minimal-responder"}} {
		b.Run(srv.name, func(b *testing.B) { benchStdioWork(b, srv.pkg, "", 1, benchPromptGet) })
	}
}

// BenchmarkResourceReadStdio is BenchmarkCallStdio for resources/read: a
// resource template of testdata/resourceserver (its {isbn} matched and
// checked against a pattern) against the reference's fixed answer.
func BenchmarkResourceReadStdio(b *testing.B) {
	for _, srv := range []struct{ name, pkg string }{{"sdk", "./testdata/resourceserver"}, {"reference", "./testdata/minimal-responder"}} {
		b.Run(srv.name, func(b *testing.B) { benchStdioWork(b, srv.pkg, "", 1, benchResourceRead) })
	}
}

// benchStdio keeps window tools/call requests in flight against a fresh
// server process until b.N calls are answered.
func benchStdio(b *testing.B, pkg, tags string, window int) {
	benchStdioWork(b, pkg, tags, window, benchToolCall)
}

// benchStdioWork is benchStdio for any request.
func benchStdioWork(b *testing.B, pkg, tags string, window int, work benchWork) {
	p := startBenchServer(b, pkg, tags)
	p.work = work
	defer p.stop(b)
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := p.cpuTime()
	p.run(b, window)
	b.StopTimer()
	b.ReportMetric(p.peakRSSMiB(b), "peak-RSS-MiB")
	b.ReportMetric(float64(p.cpuTime()-cpu0)/float64(b.N), "server-cpu-ns/op")
}

// run keeps window calls in flight until b.N are answered.
func (p *benchProc) run(b *testing.B, window int) {
	sent, answered := 0, 0
	for ; sent < min(window, b.N); sent++ {
		p.send(b, sent)
	}
	for answered < b.N {
		p.expectCall(b)
		answered++
		if sent < b.N {
			p.send(b, sent)
			sent++
		}
	}
}

type benchProc struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	out   *bufio.Reader
	req   []byte
	work  benchWork
}

// benchWork is the request a stdio benchmark repeats: what follows its id,
// and a piece of the answer that shows it was served.
type benchWork struct {
	tail string
	want []byte
}

// The tools/call, prompts/get and resources/read the stdio benchmarks repeat.
var (
	benchToolCall  = benchWork{`,"method":"tools/call","params":{"name":"search_books","arguments":{"query":"dune","limit":5}}}` + "\n", []byte(benchFound)}
	benchPromptGet = benchWork{`,"method":"prompts/get","params":{"name":"review","arguments":{"title":"Dune","stars":"4"}}}` + "\n",
		[]byte(`Write a warm review of \"Dune\" giving it 4 of 5 stars.`)}
	benchResourceRead = benchWork{`,"method":"resources/read","params":{"uri":"bookshop://books/9780441172719"}}` + "\n",
		[]byte(`"text":"Dune (9780441172719): a noble family takes over the desert planet."`)}
)

// startBenchServer builds pkg (with build tags, if any), starts it and
// completes the handshake.
func startBenchServer(b testing.TB, pkg, tags string) *benchProc {
	b.Helper()
	if tags == "" {
		tags = os.Getenv("MCPDEV_BENCH_TAGS") // bench/compare.sh's TAGS
	}
	bin := testutil.Build(b, pkg, "-tags", tags)
	cmd := exec.Command(bin)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	p := &benchProc{cmd: cmd, stdin: stdin, out: bufio.NewReaderSize(stdout, 64<<10), work: benchToolCall}
	p.handshake(b)
	return p
}

// handshake initializes the session.
func (p *benchProc) handshake(b testing.TB) {
	p.write(b, `{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"0"}}}`+"\n"+
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
	if line := p.line(b); !bytes.Contains(line, []byte(`"protocolVersion"`)) {
		b.Fatalf("initialize: %s", line)
	}
}

func (p *benchProc) write(b testing.TB, s string) {
	if _, err := io.WriteString(p.stdin, s); err != nil {
		b.Fatal(err)
	}
}

func (p *benchProc) send(b testing.TB, id int) {
	p.req = append(p.req[:0], `{"jsonrpc":"2.0","id":`...)
	p.req = strconv.AppendInt(p.req, int64(id), 10)
	p.req = append(p.req, p.work.tail...)
	if _, err := p.stdin.Write(p.req); err != nil {
		b.Fatal(err)
	}
}

func (p *benchProc) line(b testing.TB) []byte {
	line, err := p.out.ReadSlice('\n')
	if err != nil {
		b.Fatalf("read: %v", err)
	}
	return line
}

// expectCall reads one response and checks it is the expected result.
func (p *benchProc) expectCall(b *testing.B) {
	line := p.line(b)
	if !bytes.Contains(line, p.work.want) || bytes.Contains(line, []byte(`"isError"`)) || bytes.Contains(line, []byte(`"error"`)) {
		b.Fatalf("unexpected response: %s", line)
	}
}

// peakRSSMiB reads the server's high-water resident set size (Linux).
func (p *benchProc) peakRSSMiB(b *testing.B) float64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
			return kb / 1024
		}
	}
	return 0
}

// cpuTime is the server's user+system CPU time so far (Linux; 10 ms ticks).
func (p *benchProc) cpuTime() time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	f := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

func (p *benchProc) stop(b testing.TB) {
	p.stdin.Close()
	if err := p.cmd.Wait(); err != nil {
		b.Errorf("server exit: %v", err)
	}
}

// BenchmarkSessionHandle is the server's own cost per tools/call, without
// any transport: decode params, validate, run, encode the result.
func BenchmarkSessionHandle(b *testing.B) {
	ss, ctx := initializedSession(b, benchToolServer())
	line := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_books","arguments":{"query":"dune","limit":5}}}`)
	b.ReportAllocs()
	for b.Loop() {
		m, _ := transport.Decode(line)
		resp := ss.Handle(ctx, m)
		if resp.Error != nil || !bytes.Contains(resp.Result, []byte(benchFound)) {
			b.Fatalf("response: %+v", resp)
		}
	}
}

// BenchmarkServeStreamParallel32 is the stdio server loop in process (Serve
// on a newline stream over OS pipes), 32 calls in flight: the same work as
// BenchmarkCallStdioParallel32/sdk, but profilable with -cpuprofile.
func BenchmarkServeStreamParallel32(b *testing.B) {
	s := sdk.NewServer("Bookshop", nil)
	sdk.Tool(s, benchSearchBooks, benchOpts)
	inR, inW, err := os.Pipe()
	if err != nil {
		b.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		b.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- s.Serve(context.Background(), transport.NewStream(inR, outW, nil)) }()
	p := &benchProc{stdin: inW, out: bufio.NewReaderSize(outR, 64<<10), work: benchToolCall}
	p.handshake(b)
	b.ReportAllocs()
	b.ResetTimer()
	p.run(b, 32)
	b.StopTimer()
	inW.Close()
	if err := <-done; err != nil {
		b.Fatal(err)
	}
	outW.Close()
}

// BenchmarkPromptHandle is the server's own cost per prompts/get, as
// BenchmarkSessionHandle is per tools/call.
func BenchmarkPromptHandle(b *testing.B) {
	ss, ctx := initializedSession(b, benchPromptServer())
	line := []byte(strings.TrimSuffix(`{"jsonrpc":"2.0","id":1`+benchPromptGet.tail, "\n"))
	b.ReportAllocs()
	for b.Loop() {
		m, _ := transport.Decode(line)
		resp := ss.Handle(ctx, m)
		if resp.Error != nil || !bytes.Contains(resp.Result, benchPromptGet.want) {
			b.Fatalf("response: %+v", resp)
		}
	}
}

// benchReviewArgs mirror testdata/promptserver's (its Tone's constants
// are its enum; doc comments and constants of _test.go files are not
// read, so the tag says them).
type benchReviewArgs struct {
	Title string `json:"title"`
	Stars int    `json:"stars" jsonschema:"minimum=1,maximum=5"`
	Tone  string `json:"tone,omitempty" jsonschema:"enum=warm,enum=dry,enum=witty"`
}

// BenchmarkResourceHandle is the server's own cost per resources/read of a
// template, as BenchmarkSessionHandle is per tools/call.
func BenchmarkResourceHandle(b *testing.B) {
	ss, ctx := initializedSession(b, benchResourceServer())
	line := []byte(strings.TrimSuffix(`{"jsonrpc":"2.0","id":1`+benchResourceRead.tail, "\n"))
	b.ReportAllocs()
	for b.Loop() {
		m, _ := transport.Decode(line)
		resp := ss.Handle(ctx, m)
		if resp.Error != nil || !bytes.Contains(resp.Result, benchResourceRead.want) {
			b.Fatalf("response: %+v", resp)
		}
	}
}

// benchBookArgs mirror testdata/resourceserver's.
type benchBookArgs struct {
	ISBN string `json:"isbn" jsonschema:"pattern=^[0-9]{13}$"`
}

// benchToolServer serves BenchmarkSessionHandle's search_books tool.
func benchToolServer() *sdk.Server {
	s := sdk.NewServer("Bookshop", nil)
	sdk.Tool(s, benchSearchBooks, benchOpts)
	return s
}

// benchPromptServer serves BenchmarkPromptHandle's review prompt: testdata/promptserver's,
// its description included (a shorter one hid that the result did not
// fit the response's own memory: an allocation more over stdio than in
// process).
func benchPromptServer() *sdk.Server {
	s := sdk.NewServer("Bookshop", nil)
	sdk.Prompt(s, func(ctx context.Context, a benchReviewArgs) (string, error) {
		tone := a.Tone
		if tone == "" {
			tone = "warm"
		}
		return fmt.Sprintf("Write a %s review of %q giving it %d of 5 stars.", tone, a.Title, a.Stars), nil
	}, &sdk.PromptOptions{Name: "review", Description: "Review asks the model to write a short review of a book."})
	return s
}

// benchResourceServer serves BenchmarkResourceHandle's {isbn} template.
func benchResourceServer() *sdk.Server {
	s := sdk.NewServer("Bookshop", nil)
	sdk.ResourceTemplate(s, "bookshop://books/{isbn}", func(ctx context.Context, a benchBookArgs) (string, error) {
		return "Dune (" + a.ISBN + "): a noble family takes over the desert planet.", nil
	}, &sdk.ResourceOptions{Name: "book", Description: "One book."})
	return s
}

// initializedSession is an in-process session of s, initialized in the
// 2025-06-18 era, closed when tb ends; the in-process benchmarks and the
// allocation budgets send their requests to it.
func initializedSession(tb testing.TB, s *sdk.Server) (*sdk.Session, context.Context) {
	ss := s.NewSession(func(*transport.Message) error { return nil })
	tb.Cleanup(ss.Close)
	ctx := context.Background()
	init, _ := transport.Decode([]byte(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"0"}}}`))
	ss.Handle(ctx, init)
	return ss, ctx
}
