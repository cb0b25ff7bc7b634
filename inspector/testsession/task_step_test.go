package testsession

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
)

// NapArgs say how long nap sleeps.
type NapArgs struct {
	Ms int `json:"ms"`
}

// Nap sleeps, as a task when the client asks for one.
func Nap(ctx context.Context, a NapArgs) (string, error) {
	select {
	case <-time.After(time.Duration(a.Ms) * time.Millisecond):
		return "rested", nil
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// methodLog records the JSON-RPC methods an HTTP server is sent.
type methodLog struct {
	mu      sync.Mutex
	methods []string
}

func (l *methodLog) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		var msg struct{ Method string }
		if json.Unmarshal(body, &msg) == nil && msg.Method != "" {
			l.mu.Lock()
			l.methods = append(l.methods, msg.Method)
			l.mu.Unlock()
		}
		h.ServeHTTP(w, r)
	})
}

// tasksGot counts the tasks/get requests sent so far.
func (l *methodLog) tasksGot() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, m := range l.methods {
		if m == "tasks/get" {
			n++
		}
	}
	return n
}

// TestCallStepTaskLine: a call step with a task line under it runs the
// tool as a task (tools/call with a task, then tasks/get), one without
// it as a plain call, and a tool that runs only as a task runs as one
// with or without the line; its result is checked as any call's. Both
// eras.
func TestCallStepTaskLine(t *testing.T) {
	for _, era := range []string{"legacy", "2026"} {
		t.Run(era, func(t *testing.T) {
			s := sdk.NewServer("naps", nil)
			sdk.Tool(s, Nap, &sdk.ToolOptions{TaskSupport: sdk.TaskOptional})
			sdk.Tool(s, Nap, &sdk.ToolOptions{Name: "long_nap", TaskSupport: sdk.TaskRequired})
			var log methodLog
			srv := httptest.NewServer(log.wrap(sdkhttp.Handler(s, nil)))
			defer srv.Close()
			for _, tt := range []struct {
				step  string
				tasks bool
			}{
				{"call nap ms=300\n  task\n  text == rested\n", true},
				{"call nap ms=1\n  text == rested\n", false},
				{"call long_nap ms=300\n  text == rested\n", true},
				{"call long_nap ms=300\n  task\n  text == rested\n", true},
			} {
				path := filepath.Join(t.TempDir(), "naps.txtar")
				testutil.WriteFile(t, path, "target --protocol "+era+" "+srv.URL+"\n"+tt.step)
				before := log.tasksGot()
				var out bytes.Buffer
				if sum, err := Run(context.Background(), &out, []string{path}, nil); err != nil || sum.Passed != 1 {
					t.Fatalf("%q: %+v %v\n%s", tt.step, sum, err, out.String())
				}
				if got := log.tasksGot() > before; got != tt.tasks {
					t.Errorf("%q: ran as a task: %v, want %v", tt.step, got, tt.tasks)
				}
			}
		})
	}
}

// TestTaskLines: a task line follows a call and takes no words; a
// recorded call run as a task by choice gets one under its call line.
func TestTaskLines(t *testing.T) {
	f, err := Parse("s.txtar", []byte("target x\ncall a\n  task\n  text == ok\ncall b\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := []bool{f.Steps[0].Task, f.Steps[1].Task}; !reflect.DeepEqual(got, []bool{true, false}) {
		t.Errorf("task flags %v, want [true false]", got)
	}
	for _, tt := range []struct{ src, want string }{
		{"target a\ntask\n", "s.txtar:2: task: must follow a call (it runs the call as a task)"},
		{"target a\nread u\n  task\n", "s.txtar:3: task: must follow a call (it runs the call as a task)"},
		{"target a\ncall x\n  task now\n", "s.txtar:3: task takes nothing after it"},
	} {
		if _, err := Parse("s.txtar", []byte(tt.src)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: got %v, want %q", tt.src, err, tt.want)
		}
	}
	tg := &target.Target{Kind: target.KindHTTP, URL: "http://127.0.0.1:1/mcp"}
	res := &sdk.CallToolResult{Content: []sdk.Content{sdk.Text("ok")}}
	data, err := record(filepath.Join(t.TempDir(), "s.txtar"), tg, []Call{{Tool: "a", Result: res, Task: true}, {Tool: "b", Result: res}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "\ncall a\n  task\n  text == \"ok\"\n") || strings.Count(string(data), "task") != 1 {
		t.Errorf("recorded:\n%s\nwant a task line under call a only", data)
	}
}
