package tui

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/inspector/proxy"
	"github.com/mcpdev/mcpdev/internal/peers"
)

// latency ends a request's row answered (1.2ms, 1.5s under load).
var latency = regexp.MustCompile(`#\d+ [0-9.]+(µs|ms|s)$`)

// liveShim is the stdio shim (proxy.RunStdio) running server-everything
// in front of a client that writes JSON-RPC lines.
type liveShim struct {
	in      *io.PipeWriter
	answers chan string
	done    chan int
}

func startShim(t *testing.T, dir string, command ...string) *liveShim {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &liveShim{in: inW, answers: make(chan string, 64), done: make(chan int, 1)}
	go func() {
		code, _ := proxy.RunStdio(context.Background(), proxy.StdioOptions{Command: command, Label: "everything", Dir: dir}, inR, outW, io.Discard)
		outW.Close()
		s.done <- code
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			s.answers <- sc.Text()
		}
		close(s.answers)
	}()
	t.Cleanup(func() { inW.Close() })
	return s
}

// ask sends a request and waits for the line answering its id.
func (s *liveShim) ask(t *testing.T, id int, method, params string) string {
	t.Helper()
	fmt.Fprintf(s.in, `{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`+"\n", id, method, params)
	want := fmt.Sprintf(`"id":%d`, id)
	for {
		select {
		case a, ok := <-s.answers:
			if !ok {
				t.Fatalf("the shim closed before answering %s", method)
			}
			if strings.Contains(a, want) && !strings.Contains(a, `"method"`) {
				return a
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("no answer to %s", method)
		}
	}
}

// pollUntil polls the sessions directory, as the running view does, until
// the view holds a row with all of parts.
func pollUntil(t *testing.T, m *attachModel, parts ...string) string {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		m.Update(m.poll(0)())
		v := attachView(m)
		if rowOf(v, parts...) != "" {
			return v
		}
		if time.Now().After(deadline) {
			t.Fatalf("no row with %q:\n%s", parts, v)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// A real client session through the shim shows up live in mcpdev attach,
// whether the view or the shim starts first; neither is told of the other
// but through the sessions directory (which does not exist yet).
func TestAttachShowsALiveShimInBothOrders(t *testing.T) {
	node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
	for _, attachFirst := range []bool{true, false} {
		t.Run(fmt.Sprintf("attach first %v", attachFirst), func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "state", "sessions")
			open := func() *attachModel {
				m := newAttach(AttachOptions{Dir: dir})
				m.Update(tea.WindowSizeMsg{Width: 160, Height: 50})
				return m
			}
			var m *attachModel
			if attachFirst {
				m = open()
				pollUntil(t, m, "No sessions yet")
			}
			shim := startShim(t, dir, node, files[0], "stdio")
			shim.ask(t, 1, "initialize", `{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"attach-test","version":"1"}}`)
			fmt.Fprintln(shim.in, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
			if a := shim.ask(t, 2, "tools/call", `{"name":"echo","arguments":{"message":"seen live"}}`); !strings.Contains(a, "Echo: seen live") {
				t.Fatalf("echo answered %s", a)
			}
			if !attachFirst {
				m = open()
			}
			pollUntil(t, m, "● live", "everything")
			v := pollUntil(t, m, "← result tools/call echo #2")
			for _, req := range []string{"→ initialize #1", "→ tools/call echo #2"} {
				if !latency.MatchString(strings.TrimSpace(rowOf(v, req))) {
					t.Fatalf("%s is not shown with its answer's latency:\n%s", req, v)
				}
			}
			// The client leaves; the server exits; the view sees the session end.
			shim.in.Close()
			select {
			case <-shim.done:
			case <-time.After(20 * time.Second):
				t.Fatal("the shim did not end after its client left")
			}
			pollUntil(t, m, "ended, exit", "everything")
		})
	}
}
