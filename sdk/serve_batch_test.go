package sdk_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// countedWriter counts the writes Serve makes to its output (each one
// write system call on a pipe).
type countedWriter struct {
	w      io.Writer
	writes atomic.Int64
}

func (c *countedWriter) Write(p []byte) (int, error) {
	c.writes.Add(1)
	return c.w.Write(p)
}

// pipedServer serves s over a stream connection whose input the test
// writes to and whose output it reads, counting the server's writes. The
// session is initialized; the count starts after.
type pipedServer struct {
	t   *testing.T
	in  io.WriteCloser
	out *bufio.Reader
	cw  *countedWriter
}

func servePiped(t *testing.T, s *sdk.Server) *pipedServer {
	sr, cw := io.Pipe()
	cr, sw := io.Pipe()
	p := &pipedServer{t: t, in: cw, out: bufio.NewReader(cr), cw: &countedWriter{w: sw}}
	done := make(chan error, 1)
	go func() { done <- s.Serve(context.Background(), transport.NewStream(sr, p.cw, nil)) }()
	t.Cleanup(func() {
		cw.Close()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	p.send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}` + "\n")
	p.line()
	p.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")
	p.cw.writes.Store(0)
	return p
}

func (p *pipedServer) send(s string) {
	if _, err := io.WriteString(p.in, s); err != nil {
		p.t.Fatal(err)
	}
}

// line reads the server's next line; a server that never writes it fails
// the test when testCtx's guard expires instead of hanging it.
func (p *pipedServer) line() string {
	got := make(chan string, 1)
	go func() {
		l, _ := p.out.ReadString('\n')
		got <- l
	}()
	select {
	case l := <-got:
		return l
	case <-testCtx(p.t).Done():
		p.t.Fatal("no answer")
		return ""
	}
}

// callLine is a tools/call request of tool name with the given id.
func callLine(id int, name string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":{"to":1}}}`, id, name) + "\n"
}

// Calls that arrive together (a client keeping many in flight) are
// answered with fewer writes than answers: each answer waits in the
// buffer while the next request is already there.
func TestPipelinedCallsShareWrites(t *testing.T) {
	defer sdk.SetHandOffAfter(time.Hour)() // every call answered by the reader, however busy the machine
	s := sdk.NewServer("batch", nil)
	sdk.Tool(s, countTo, quiet("count"))
	p := servePiped(t, s)
	var batch strings.Builder
	const calls = 32
	for i := 1; i <= calls; i++ {
		batch.WriteString(callLine(i, "count"))
	}
	p.send(batch.String())
	for i := 1; i <= calls; i++ {
		if l := p.line(); !strings.Contains(l, fmt.Sprintf(`"id":%d,`, i)) || strings.Contains(l, `"isError"`) {
			t.Fatalf("answer %d: %s", i, l)
		}
	}
	if n := p.cw.writes.Load(); n >= calls {
		t.Errorf("%d answers took %d writes, want fewer", calls, n)
	}
}

// A lone call's answer is written at once: the server does not wait for
// the rest of a request it has only begun to receive.
func TestLoneCallAnsweredBeforeMoreInput(t *testing.T) {
	defer sdk.SetHandOffAfter(time.Hour)() // no watchdog tick sends anything
	s := sdk.NewServer("batch", nil)
	sdk.Tool(s, countTo, quiet("count"))
	p := servePiped(t, s)
	next := callLine(2, "count")
	p.send(callLine(1, "count") + next[:20])
	if l := p.line(); !strings.Contains(l, `"id":1,`) {
		t.Fatalf("answer: %s", l)
	}
	p.send(next[20:])
	if l := p.line(); !strings.Contains(l, `"id":2,`) {
		t.Fatalf("answer: %s", l)
	}
}

// An answer held back because more input was buffered does not wait for
// a slow call that arrived after it.
func TestAnswerNotHeldBehindSlowCall(t *testing.T) {
	release := make(chan struct{})
	s := sdk.NewServer("batch", nil)
	sdk.Tool(s, countTo, quiet("count"))
	sdk.Tool(s, func(ctx context.Context, a countArgs) (int, error) {
		<-release
		return a.To, nil
	}, quiet("slow"))
	p := servePiped(t, s)
	p.send(callLine(1, "count") + callLine(2, "slow"))
	if l := p.line(); !strings.Contains(l, `"id":1,`) {
		t.Fatalf("first answer: %s", l)
	}
	close(release)
	if l := p.line(); !strings.Contains(l, `"id":2,`) {
		t.Fatalf("second answer: %s", l)
	}
}
