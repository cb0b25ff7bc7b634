// A hand-written MCP server (standard library only) with the odd behaviours
// the mcpdev tests need: an invalid tool schema, a JSON-RPC error, a slow
// tool, progress notifications, tools reporting their environment, a tool
// that runs only as a task (execution.taskSupport "required"; its topic
// picks how the task goes, see startTask), and
// big messages: the big tool returns a text of the given size with the
// response's id last (as the TypeScript SDK writes it), in lines of the
// given width when asked (line), and with
// RAW_TOOLS_PAD=N tools/list is padded to about N bytes.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  any             `json:"result,omitempty"`
	Error   any             `json:"error,omitempty"`
}

var (
	mu  sync.Mutex
	out = json.NewEncoder(os.Stdout)
)

func send(m message) {
	m.JSONRPC = "2.0"
	mu.Lock()
	defer mu.Unlock()
	out.Encode(m)
}

const tools = `[
 {"name":"echo","description":"Echo the arguments back.","inputSchema":{"type":"object","properties":{
   "message":{"type":"string"},"count":{"type":"integer","minimum":0},"ratio":{"type":"number"},
   "loud":{"type":"boolean"},"tags":{"type":"array","items":{"type":"string"}},
   "mode":{"enum":["a","b"]},"meta":{"type":"object"}},"required":["message"]}},
 {"name":"bad_schema","inputSchema":{"type":"object","properties":{"x":{"type":"integr"}}}},
 {"name":"rpc_error","inputSchema":{"type":"object"}},
 {"name":"slow","inputSchema":{"type":"object","properties":{"ms":{"type":"integer"}}}},
 {"name":"progress","inputSchema":{"type":"object","properties":{"steps":{"type":"integer"},"ms":{"type":"integer"}}}},
 {"name":"env","inputSchema":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}},
 {"name":"cwd","inputSchema":{"type":"object"}},
 {"name":"research","description":"Runs only as a task.","inputSchema":{"type":"object","properties":{"topic":{"type":"string"}}},"execution":{"taskSupport":"required"}},
 {"name":"big","description":"Return a text of the given size.","inputSchema":{"type":"object","properties":{"bytes":{"type":"integer","minimum":0},"line":{"type":"integer","minimum":0}},"required":["bytes"]}}
]`

func main() {
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var m message
		if json.Unmarshal(sc.Bytes(), &m) != nil || len(m.ID) == 0 {
			continue
		}
		switch m.Method {
		case "initialize":
			send(message{ID: m.ID, Result: map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{"tools": map[string]any{}}, "serverInfo": map[string]any{"name": "raw", "version": "1"}}})
		case "tools/list":
			send(message{ID: m.ID, Result: map[string]any{"tools": json.RawMessage(paddedTools())}})
		case "tools/call":
			if isTaskCall(m) {
				startTask(m)
				continue
			}
			go call(m)
		case "tasks/get", "tasks/result", "tasks/cancel":
			serveTask(m)
		default:
			send(message{ID: m.ID, Error: map[string]any{"code": -32601, "message": "Method not found"}})
		}
	}
}

type callParams struct {
	Name      string         `json:"name"`
	Arguments map[string]any `json:"arguments"`
	Meta      struct {
		ProgressToken json.RawMessage `json:"progressToken"`
	} `json:"_meta"`
}

func text(s string) map[string]any {
	return map[string]any{"content": []any{map[string]any{"type": "text", "text": s}}}
}

func call(m message) {
	var p callParams
	json.Unmarshal(m.Params, &p)
	num := func(k string, def float64) float64 {
		if v, ok := p.Arguments[k].(float64); ok {
			return v
		}
		return def
	}
	switch p.Name {
	case "echo":
		b, _ := json.Marshal(p.Arguments)
		r := text(string(b))
		r["structuredContent"] = p.Arguments
		send(message{ID: m.ID, Result: r})
	case "rpc_error":
		send(message{ID: m.ID, Error: map[string]any{"code": -32000, "message": "database is down"}})
	case "slow":
		time.Sleep(time.Duration(num("ms", 5000)) * time.Millisecond)
		send(message{ID: m.ID, Result: text("finally")})
	case "progress":
		steps := int(num("steps", 5))
		for i := 1; i <= steps; i++ {
			time.Sleep(time.Duration(num("ms", 100)) * time.Millisecond)
			if len(p.Meta.ProgressToken) > 0 {
				send(message{Method: "notifications/progress", Params: json.RawMessage(fmt.Sprintf(`{"progressToken":%s,"progress":%d,"total":%d}`, p.Meta.ProgressToken, i, steps))})
			}
		}
		send(message{ID: m.ID, Result: text(fmt.Sprintf("done after %d steps", steps))})
	case "env":
		name, _ := p.Arguments["name"].(string)
		send(message{ID: m.ID, Result: text(os.Getenv(name))})
	case "big":
		sendBig(m.ID, int(num("bytes", 0)), int(num("line", 0)))
	case "cwd":
		wd, _ := os.Getwd()
		send(message{ID: m.ID, Result: text(wd)})
	case "research":
		send(message{ID: m.ID, Error: map[string]any{"code": -32601, "message": "Tool research requires task-augmented execution"}})
	default:
		send(message{ID: m.ID, Error: map[string]any{"code": -32602, "message": "Unknown tool: " + p.Name}})
	}
}

// sendBig answers with a text of n bytes, the id after the result; with
// line > 1, a newline ends every line bytes of the message (of which its
// escape is two).
func sendBig(id json.RawMessage, n, line int) {
	mu.Lock()
	defer mu.Unlock()
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	w.WriteString(`{"result":{"content":[{"type":"text","text":"`)
	chunk := strings.Repeat("x", 64<<10)
	if line > 1 {
		chunk = strings.Repeat(strings.Repeat("x", line-1)+`\n`, max(64<<10/line, 1))
	}
	for n > 0 {
		k := min(n, len(chunk))
		if chunk[k-1] == '\\' {
			k++ // not half an escape
		}
		w.WriteString(chunk[:k])
		n -= k
	}
	fmt.Fprintf(w, `"}]},"jsonrpc":"2.0","id":%s}`+"\n", id)
	w.Flush()
}

// paddedTools is the tool list, with one more tool whose description
// makes the answer about RAW_TOOLS_PAD bytes long.
func paddedTools() string {
	n, _ := strconv.Atoi(os.Getenv("RAW_TOOLS_PAD"))
	if n <= 0 {
		return tools
	}
	pad := `{"name":"padding","description":"` + strings.Repeat("p", n) + `","inputSchema":{"type":"object"}}`
	return strings.TrimSuffix(strings.TrimSpace(tools), "]") + "," + pad + "]"
}

// research called with a task (2025-11-25) creates one; its topic says
// how it goes, one step per tasks/get:
//
//	hostile  status messages with escape sequences and \r, then one of a
//	         megabyte, then completed
//	cancel   cancelled by the server ("stopped by the operator")
//	fail     failed; tasks/result answers a JSON-RPC error
//	forever  working until tasks/cancel (which it reports on stderr)
//	other    working ("step 1"), then completed
type task struct {
	id, topic string
	polls     int
	cancelled bool
}

var (
	tasksMu sync.Mutex
	tasks   = map[string]*task{}
)

func isTaskCall(m message) bool {
	var p struct {
		Name string          `json:"name"`
		Task json.RawMessage `json:"task"`
	}
	json.Unmarshal(m.Params, &p)
	return p.Name == "research" && len(p.Task) > 0
}

func startTask(m message) {
	var p callParams
	json.Unmarshal(m.Params, &p)
	topic, _ := p.Arguments["topic"].(string)
	tasksMu.Lock()
	t := &task{id: fmt.Sprintf("task-%d", len(tasks)+1), topic: topic}
	tasks[t.id] = t
	tasksMu.Unlock()
	send(message{ID: m.ID, Result: map[string]any{"task": state(t, "working", "queued")}})
}

func state(t *task, status, msg string) map[string]any {
	return map[string]any{"taskId": t.id, "status": status, "statusMessage": msg, "pollInterval": 20,
		"createdAt": "2026-01-01T00:00:00Z", "lastUpdatedAt": "2026-01-01T00:00:00Z"}
}

func serveTask(m message) {
	var p struct {
		TaskID string `json:"taskId"`
	}
	json.Unmarshal(m.Params, &p)
	tasksMu.Lock()
	defer tasksMu.Unlock()
	t := tasks[p.TaskID]
	switch {
	case t == nil:
		send(message{ID: m.ID, Error: map[string]any{"code": -32602, "message": "no task " + p.TaskID}})
	case m.Method == "tasks/cancel":
		t.cancelled = true
		fmt.Fprintf(os.Stderr, "raw: %s cancelled\n", t.id)
		send(message{ID: m.ID, Result: state(t, "cancelled", "cancelled by request")})
	case m.Method == "tasks/result" && t.topic == "fail":
		send(message{ID: m.ID, Error: map[string]any{"code": -32000, "message": "the lab burned down"}})
	case m.Method == "tasks/result":
		send(message{ID: m.ID, Result: text("research on " + t.topic + " done")})
	default:
		t.polls++
		send(message{ID: m.ID, Result: poll(t)})
	}
}

// poll is the task's state at its nth tasks/get.
func poll(t *task) map[string]any {
	if t.cancelled {
		return state(t, "cancelled", "cancelled by request")
	}
	switch {
	case t.topic == "cancel":
		return state(t, "cancelled", "stopped by the operator")
	case t.topic == "fail":
		return state(t, "failed", "the lab burned down")
	case t.topic == "forever":
		return state(t, "working", "still thinking")
	case t.topic == "hostile" && t.polls == 1:
		return state(t, "working", "\x1b]52;c;cHduZWQ=\x07\x1b[2Jstep one\roverwritten")
	case t.topic == "hostile" && t.polls == 2:
		return state(t, "working", strings.Repeat("m", 1<<20))
	case t.polls == 1:
		return state(t, "working", "step 1")
	}
	return state(t, "completed", "done")
}
