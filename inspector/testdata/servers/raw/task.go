package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
)

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
