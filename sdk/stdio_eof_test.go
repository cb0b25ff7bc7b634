package sdk_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/internal/testutil"
)

// modernMeta makes a request one of the 2026 era (2026-07-28), from a
// client declaring caps.
func modernMeta(caps string) string {
	return `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":` + caps + `}`
}

// A stdio server exits when its client closes stdin, whatever is open:
// a subscriptions/listen stream, a legacy subscription, a task (and a
// tasks/result waiting for it), a question to the client, a call that
// waits for its context or ignores it. What can still be answered is: a
// call that finishes, and a call whose question the client can no longer
// answer (an error result). The only bound is a generous one that fails
// the test when the server hangs.
func TestStdioExitsAtEOF(t *testing.T) {
	bin := testutil.Build(t, "./testdata/eofserver")
	legacy := func(caps string) string {
		return strings.Replace(legacyInit, `"capabilities":{}`, `"capabilities":`+caps, 1)
	}
	call := func(id, name, extra string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"` + name + `","arguments":{}` + extra + `}}`
	}
	cases := []struct {
		name string
		// open puts the server in the state; it returns when it is there.
		open func(r *rawServer)
		// want are texts the rest of stdout must hold, after stdin closes.
		want []string
	}{
		{"listen", func(r *rawServer) {
			r.send(`{"jsonrpc":"2.0","id":1,"method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true,"resourceSubscriptions":["note://a"]},` + modernMeta(`{}`) + `}}`)
			r.expect("notifications/subscriptions/acknowledged")
		}, nil},
		{"legacy subscribe", func(r *rawServer) {
			r.send(legacyInit, `{"jsonrpc":"2.0","method":"notifications/initialized"}`,
				`{"jsonrpc":"2.0","id":2,"method":"resources/subscribe","params":{"uri":"note://a"}}`)
			r.next()
			r.expect(`"id":2,"result"`)
		}, nil},
		{"long call", func(r *rawServer) {
			r.send(legacyInit, call("2", "wait", ""))
			r.next()
			r.stderrHas("wait: started")
		}, nil},
		{"call ignoring its context", func(r *rawServer) {
			r.send(legacyInit, call("2", "stubborn", ""))
			r.next()
			r.stderrHas("stubborn: started")
		}, nil},
		{"quick call", func(r *rawServer) {
			r.send(legacyInit, call("2", "quick", ""))
			r.next()
			r.stderrHas("quick: started")
		}, []string{`"id":2,"result"`, "quick done"}},
		{"elicitation pending", func(r *rawServer) {
			r.send(legacy(`{"elicitation":{}}`), call("2", "ask", ""))
			r.next()
			r.expect(`"method":"elicitation/create"`)
		}, []string{`"id":2,"result"`, `"isError":true`, "ask: "}},
		{"sampling pending", func(r *rawServer) {
			r.send(legacy(`{"sampling":{}}`), call("2", "sample", ""))
			r.next()
			r.expect(`"method":"sampling/createMessage"`)
		}, []string{`"id":2,"result"`, `"isError":true`, "sample: "}},
		{"legacy task and its tasks/result", func(r *rawServer) {
			r.send(legacy(`{"tasks":{}}`), call("2", "slow_task", `,"task":{"ttl":60000}`))
			r.next()
			id := taskID(t, r.expect(`"id":2,"result"`))
			r.stderrHas("wait: started")
			r.send(`{"jsonrpc":"2.0","id":3,"method":"tasks/result","params":{"taskId":"` + id + `"}}`)
		}, nil},
		{"stateless task", func(r *rawServer) {
			r.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow_task","arguments":{},` +
				modernMeta(`{"extensions":{"io.modelcontextprotocol/tasks":{}}}`) + `}}`)
			r.expect(`"id":2,"result"`)
			r.stderrHas("wait: started")
		}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := startRaw(t, bin)
			c.open(r)
			rest := strings.Join(r.restOrHang(time.Minute), "\n")
			for _, w := range c.want {
				if !strings.Contains(rest, w) {
					t.Errorf("stdout after stdin closed lacks %s:\n%s", w, rest)
				}
			}
		})
	}
}

// expect returns the server's next line holding text, skipping others.
func (r *rawServer) expect(text string) string {
	r.t.Helper()
	for {
		if line := r.next(); strings.Contains(line, text) {
			return line
		}
	}
}

// stderrHas waits until the server's stderr holds text (30s at most).
func (r *rawServer) stderrHas(text string) {
	r.t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(r.stderr.String(), text); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			r.t.Fatalf("no %q on stderr in 30s:\n%s", text, r.stderr.String())
		}
	}
}

// restOrHang is rest for a server that may not exit: one still running
// after limit is killed and fails the test.
func (r *rawServer) restOrHang(limit time.Duration) []string {
	r.t.Helper()
	got := make(chan []string, 1)
	go func() { got <- r.rest() }()
	select {
	case lines := <-got:
		return lines
	case <-time.After(limit):
		r.cmd.Process.Kill()
		<-got
		r.t.Fatalf("the server still ran %v after its stdin closed; stderr:\n%s", limit, r.stderr.String())
		return nil
	}
}

func taskID(t *testing.T, line string) string {
	t.Helper()
	var m struct {
		Result struct {
			Task struct {
				TaskID string `json:"taskId"`
			} `json:"task"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(line), &m); err != nil || m.Result.Task.TaskID == "" {
		t.Fatalf("not a task: %s (%v)", line, err)
	}
	return m.Result.Task.TaskID
}
