package sdk_test

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

const legacyInit = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`

// rawServer is a stdioserver process spoken to line by line.
type rawServer struct {
	t      *testing.T
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	out    *bufio.Reader
	stderr *testutil.Buffer
}

func startRaw(t *testing.T, bin string) *rawServer {
	t.Helper()
	r := &rawServer{t: t, cmd: exec.Command(bin), stderr: &testutil.Buffer{}}
	r.cmd.Stderr = r.stderr
	r.stdin, _ = r.cmd.StdinPipe()
	stdout, _ := r.cmd.StdoutPipe()
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r.out = bufio.NewReader(stdout)
	t.Cleanup(func() { r.stdin.Close(); r.cmd.Wait() })
	return r
}

func (r *rawServer) send(lines ...string) {
	r.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(r.stdin, l+"\n"); err != nil {
			r.t.Fatal(err)
		}
	}
}

// next returns the server's next line; a server silent for 30s fails
// the test.
func (r *rawServer) next() string {
	r.t.Helper()
	type read struct {
		line string
		err  error
	}
	got := make(chan read, 1)
	go func() {
		line, err := r.out.ReadString('\n')
		got <- read{line, err}
	}()
	select {
	case g := <-got:
		if g.err != nil {
			r.t.Fatalf("reading the server: %v; stderr:\n%s", g.err, r.stderr.String())
		}
		return strings.TrimSpace(g.line)
	case <-time.After(30 * time.Second):
		r.stdin.Close()
		r.t.Fatalf("no answer from the server in 30s; stderr:\n%s", r.stderr.String())
	}
	return ""
}

// rest closes stdin and returns every line the server writes until it
// exits (at EOF it answers what it received, then exits).
func (r *rawServer) rest() []string {
	r.t.Helper()
	r.stdin.Close()
	var lines []string
	for {
		line, err := r.out.ReadString('\n')
		if strings.TrimSpace(line) != "" {
			lines = append(lines, strings.TrimSpace(line))
		}
		if err != nil {
			r.cmd.Wait() // stderr is complete
			return lines
		}
	}
}

// Over stdio, a message with an id but no method, result or error is
// answered -32600 under its id, as over HTTP; a malformed response (one
// with a result) is still never answered.
func TestStdioMessageWithOnlyAnIDGetsInvalidRequest(t *testing.T) {
	r := startRaw(t, buildStdioServer(t))
	r.send(legacyInit)
	r.next()
	r.send(`{"jsonrpc":"2.0","id":7}`)
	want := `{"jsonrpc":"2.0","id":7,"error":{"code":-32600,"message":"Invalid Request: a message with an id needs a method (a request), or a result or an error (a response)"}}`
	if d := jsonDiff(t, []byte(want), []byte(r.next())); d != "" {
		t.Errorf("answer to {\"jsonrpc\":\"2.0\",\"id\":7} (-want +got):\n%s", d)
	}
	r.send(`{"jsonrpc":"1.0","id":9,"result":{}}`, `{"jsonrpc":"2.0","id":10,"method":"ping"}`)
	if got := r.next(); got != `{"jsonrpc":"2.0","id":10,"result":{}}` {
		t.Errorf("after a malformed response: %s, want the ping's answer (the response is not answered)", got)
	}
}

// A request cancelled by notifications/cancelled is not answered (the
// spec: the receiver SHOULD NOT respond), over stdio and over HTTP; the
// tool sees its context cancelled.
func TestCancelledRequestIsNotAnswered(t *testing.T) {
	t.Run("stdio", func(t *testing.T) {
		r := startRaw(t, buildStdioServer(t))
		r.send(legacyInit, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
		r.next()
		r.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"wait","arguments":{}}}`,
			`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2,"reason":"user"}}`,
			`{"jsonrpc":"2.0","id":3,"method":"ping"}`)
		lines := r.rest()
		if d := textDiff(`{"jsonrpc":"2.0","id":3,"result":{}}`, strings.Join(lines, "\n")); d != "" {
			t.Errorf("answers after the cancellation (-want +got):\n%s", d)
		}
		if !strings.Contains(r.stderr.String(), "wait: cancelled: context canceled") {
			t.Errorf("the tool did not see its cancellation; stderr:\n%s", r.stderr.String())
		}
	})
	t.Run("HTTP", func(t *testing.T) {
		s := sdk.NewServer("cancel", &sdk.ServerOptions{Stderr: io.Discard})
		started := make(chan struct{})
		var sawCancel atomic.Bool
		sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
			close(started)
			<-ctx.Done()
			sawCancel.Store(true)
			return "finished anyway", nil
		}, quiet("wait"))
		h := sdkhttp.Handler(s, nil)
		ts := httptest.NewServer(h)
		defer ts.Close()
		defer h.Close()
		session := httpInit(t, ts.URL)
		answer := make(chan string, 1)
		go func() {
			status, body := httpPost(ts.URL, session, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"wait","arguments":{}}}`)
			answer <- status + " " + body
		}()
		<-started
		httpPost(ts.URL, session, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}`)
		got := <-answer
		if strings.Contains(got, `"id":2`) || !sawCancel.Load() {
			t.Errorf("the cancelled call was answered: %s", got)
		}
	})
}

// A second initialize on a live session is refused with -32600, over
// stdio and over HTTP, and the session goes on as negotiated.
func TestSecondInitializeRefused(t *testing.T) {
	want := `{"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"Invalid Request: the session is already initialized (protocol 2025-06-18); initialize may be sent only once"}}`
	second := strings.Replace(strings.Replace(legacyInit, `"id":1`, `"id":2`, 1), "2025-06-18", "2025-03-26", 1)
	t.Run("stdio", func(t *testing.T) {
		r := startRaw(t, buildStdioServer(t))
		r.send(legacyInit)
		r.next()
		r.send(second)
		if d := jsonDiff(t, []byte(want), []byte(r.next())); d != "" {
			t.Errorf("second initialize (-want +got):\n%s", d)
		}
		r.send(`{"jsonrpc":"2.0","id":3,"method":"tools/list"}`)
		if got := r.next(); !strings.Contains(got, `"name":"barrier"`) {
			t.Errorf("tools/list after the refused initialize: %s", got)
		}
	})
	t.Run("HTTP", func(t *testing.T) {
		s := sdk.NewServer("twice", nil)
		h := sdkhttp.Handler(s, nil)
		ts := httptest.NewServer(h)
		defer ts.Close()
		defer h.Close()
		session := httpInit(t, ts.URL)
		_, body := httpPost(ts.URL, session, second)
		if d := jsonDiff(t, []byte(want), []byte(body)); d != "" {
			t.Errorf("second initialize (-want +got):\n%s", d)
		}
	})
}

// sdk.Go: a panic in a goroutine a tool started with it fails the call
// (isError, with the panic), the call waits for it, and the server keeps
// serving; outside a call the panic is still recovered.
func TestGoRecoversPanicIntoCall(t *testing.T) {
	s := sdk.NewServer("goroutines", &sdk.ServerOptions{Stderr: io.Discard})
	sdk.Tool(s, func(ctx context.Context, a struct {
		Panic bool `json:"panic"`
	}) (string, error) {
		sdk.Go(ctx, func() {
			if a.Panic {
				panic("kaboom")
			}
		})
		return "ok", nil
	}, quiet("spawn"))
	c := memClient(t, s, "", nil)
	res := callRaw(t, c, "spawn", `{"panic":true}`)
	if !res.IsError || texts(res) != "Error executing tool spawn: panic in a goroutine: kaboom" {
		t.Errorf("call with a panicking goroutine = %+v %q", res.IsError, texts(res))
	}
	if res := callRaw(t, c, "spawn", `{"panic":false}`); res.IsError || texts(res) != "ok" {
		t.Errorf("the next call = %+v %q", res.IsError, texts(res))
	}
	done := make(chan struct{})
	sdk.Go(context.Background(), func() {
		defer close(done)
		panic("outside a call")
	})
	<-done
}

func httpInit(t *testing.T, url string) string {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(legacyInit))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	id := resp.Header.Get(streamable.HeaderSessionID)
	if id == "" {
		t.Fatalf("initialize: HTTP %d, no session", resp.StatusCode)
	}
	httpPost(url, id, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return id
}

// httpPost POSTs body in session and returns the status and the body (it
// may run on a goroutine of its own: no t.Fatal).
func httpPost(url, session, body string) (string, string) {
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set(streamable.HeaderSessionID, session)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "error", err.Error()
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.Status, strings.TrimSpace(string(data))
}
