package redisstore_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport/redisstore"
	"github.com/redis/go-redis/v9"
)

// The failover tests run replicas as subprocesses of the test binary: a
// replica serves an sdk server over Streamable HTTP with the Redis store.
const (
	replicaEnv     = "REDISSTORE_TEST_REPLICA" // the Redis address
	replicaNameEnv = "REDISSTORE_TEST_NAME"
)

type stepsArgs struct {
	N int `json:"n"`
}

// runReplica serves until killed. Its tools answer with the replica's
// name: steps sends n progress notifications first; grow adds a tool, so
// every session hears tools/list_changed on its GET stream.
func runReplica(redisAddr, name string) {
	s := sdk.NewServer("replica", &sdk.ServerOptions{Stderr: io.Discard})
	sdk.Tool(s, func(ctx context.Context, a stepsArgs) (string, error) {
		for i := 1; i <= a.N; i++ {
			if err := sdk.Progress(ctx, float64(i), float64(a.N), ""); err != nil {
				return "", err
			}
		}
		return name, nil
	}, &sdk.ToolOptions{Name: "steps", Description: "Reports n steps of progress."})
	var grown atomic.Int64
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		d, err := sdk.NewTool(func(context.Context, struct{}) (string, error) { return "", nil },
			&sdk.ToolOptions{Name: fmt.Sprintf("t%d", grown.Add(1)), Description: "Added by grow."})
		if err == nil {
			err = s.AddTool(d)
		}
		return name, err
	}, &sdk.ToolOptions{Name: "grow", Description: "Adds a tool."})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("http://%s/mcp\n", ln.Addr())
	store := redisstore.New(redis.NewClient(&redis.Options{Addr: redisAddr}), nil)
	if err := sdkhttp.ServeListener(context.Background(), s, ln, &sdkhttp.Options{EventStore: store}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// replica is a running replica process.
type replica struct {
	url string
	cmd *exec.Cmd
}

func startReplica(t *testing.T, redisAddr, name string) *replica {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), replicaEnv+"="+redisAddr, replicaNameEnv+"="+name)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := &replica{cmd: cmd}
	t.Cleanup(r.kill)
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("replica %s: %v", name, err)
	}
	r.url = strings.TrimSpace(line)
	go func() { _, _ = io.Copy(io.Discard, out) }()
	return r
}

// kill ends the replica at once (SIGKILL): no draining, nothing saved.
func (r *replica) kill() {
	if r.cmd.ProcessState == nil {
		_ = r.cmd.Process.Kill()
		_ = r.cmd.Wait()
	}
}

// post sends one JSON-RPC message of a session and returns the response
// and its body.
func post(t *testing.T, url, session, body string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if session != "" {
		req.Header.Set("Mcp-Session-Id", session)
	}
	return doRead(t, req)
}

type event struct{ id, data string }

// readEvents reads SSE events until the stream ends or stop says so.
func readEvents(r io.Reader, stop func(event) bool) []event {
	var out []event
	var ev event
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "" && ev.data != "":
			out = append(out, ev)
			if stop != nil && stop(ev) {
				return out
			}
			ev = event{}
		case strings.HasPrefix(line, "id: "):
			ev.id = line[4:]
		case strings.HasPrefix(line, "data: "):
			ev.data = line[6:]
		}
	}
	return out
}

// getStream opens a GET stream of the session after lastEventID.
func getStream(t *testing.T, ctx context.Context, url, session, lastEventID string) *http.Response {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Session-Id", session)
	req.Header.Set("Last-Event-ID", lastEventID)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	if resp.StatusCode != 200 {
		body, _ := io.ReadAll(resp.Body)
		t.Fatalf("GET after %s: %d %s", lastEventID, resp.StatusCode, body)
	}
	return resp
}

const initBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"failover-test","version":"1"}}}`

// Two replicas share Redis. A client initializes on A and calls a tool
// whose progress it sees only the start of; A is killed. On B the client
// resumes with Last-Event-ID and gets the progress it missed and the
// result A had stored, then the list change A announced while nobody
// listened, and goes on calling tools in the same session.
func TestFailoverResumesOnAnotherReplica(t *testing.T) {
	redisSrv := startRedis(t)
	a, b := startReplica(t, redisSrv.addr, "A"), startReplica(t, redisSrv.addr, "B")
	resp, body := post(t, a.url, "", initBody)
	session := resp.Header.Get("Mcp-Session-Id")
	if resp.StatusCode != 200 || session == "" {
		t.Fatalf("initialize on A: %d %s", resp.StatusCode, body)
	}
	post(t, a.url, session, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	_, body = post(t, a.url, session, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"steps","arguments":{"n":3},"_meta":{"progressToken":"p"}}}`)
	onA := readEvents(strings.NewReader(body), nil)
	if len(onA) != 4 || !strings.Contains(onA[3].data, `"A"`) {
		t.Fatalf("steps on A: %q", body)
	}
	if _, body = post(t, a.url, session, `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"grow"}}`); !strings.Contains(body, `"A"`) {
		t.Fatalf("grow on A: %s", body)
	}
	a.kill()

	// The client saw the first progress only: B replays the rest.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	got := readEvents(getStream(t, ctx, b.url, session, onA[0].id).Body, nil)
	if fmt.Sprint(got) != fmt.Sprint(onA[1:]) {
		t.Errorf("resumed on B:\n got %q\nwant %q", got, onA[1:])
	}
	// The GET stream: what A sent while nobody listened, then B's own.
	events := make(chan event, 4)
	go func() {
		readEvents(getStream(t, ctx, b.url, session, "0-0").Body, func(ev event) bool { events <- ev; return false })
		close(events)
	}()
	first := <-events
	if !strings.Contains(first.data, "tools/list_changed") {
		t.Fatalf("GET stream on B replayed %q, want A's tools/list_changed", first)
	}
	if _, body = post(t, b.url, session, `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"grow"}}`); !strings.Contains(body, `"B"`) {
		t.Fatalf("grow on B in the same session: %s", body)
	}
	if next := <-events; !strings.Contains(next.data, "tools/list_changed") || next.id == first.id {
		t.Errorf("live event on B %q after %q", next, first)
	}
	_, body = post(t, b.url, session, `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"steps","arguments":{"n":2},"_meta":{"progressToken":"q"}}}`)
	if onB := readEvents(strings.NewReader(body), nil); len(onB) != 3 || !strings.Contains(onB[2].data, `"B"`) {
		t.Errorf("steps on B: %q", body)
	}
}
