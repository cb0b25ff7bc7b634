package tui

import (
	"encoding/json"

	"github.com/mcpdev/mcpdev/sdk"
)

// The Traffic tab's search takes the filter syntax of mcpdev attach
// (traffic_filter.go): method:, tool:, dir:, status:, id: and words. An
// answer has its request's method and tool; its status is ok or error,
// a request's pending until an answer with its id arrives.

// factsAt is what the filter reads of message i.
func (p *trafficPane) factsAt(i int) trafficFacts {
	e := &p.msgs[i]
	f := trafficFacts{id: e.id}
	if e.dir == sdk.Sent {
		f.dirs = []string{"c2s", "client", "out"}
	} else {
		f.dirs = []string{"s2c", "server", "in"}
	}
	switch e.what {
	case "result", "error":
		f.status = []string{e.what}
		if e.what == "result" {
			f.status = append(f.status, "ok")
		}
		if req := p.requestOf(i); req >= 0 {
			f.method, f.tool = p.msgs[req].what, p.msgs[req].toolName()
		}
	default:
		f.method, f.tool = e.what, e.toolName()
		if e.id != "" {
			f.status = []string{"request"}
			if !p.answered(i) {
				f.status = append(f.status, "pending")
			}
		} else {
			f.status = []string{"notification"}
		}
	}
	return f
}

// requestOf is the index of the request answer i answers, or -1.
func (p *trafficPane) requestOf(i int) int {
	e := p.msgs[i]
	for j := i - 1; j >= 0; j-- {
		r := p.msgs[j]
		if r.id == e.id && r.dir != e.dir && r.what != "result" && r.what != "error" {
			return j
		}
	}
	return -1
}

// answered reports whether request i has an answer after it.
func (p *trafficPane) answered(i int) bool {
	e := p.msgs[i]
	for _, a := range p.msgs[i+1:] {
		if a.id == e.id && a.dir != e.dir && (a.what == "result" || a.what == "error") {
			return true
		}
	}
	return false
}

// toolName is the tool a tools/call (or a task's call) names, or "".
func (e *trafficEvent) toolName() string {
	if e.what != "tools/call" || e.tail != nil {
		return ""
	}
	var m struct {
		Params struct {
			Name string `json:"name"`
		} `json:"params"`
	}
	if json.Unmarshal(e.raw, &m) != nil {
		return ""
	}
	return m.Params.Name
}

// matches reports whether message i passes query q: its fields by the
// message's facts, its words read from the message a window at a time.
func (p *trafficPane) matches(i int, q trafficQuery) bool {
	if len(q.fields) > 0 && !(trafficQuery{fields: q.fields}).match(p.factsAt(i)) {
		return false
	}
	for _, w := range q.words {
		if !p.msgs[i].contains(w) {
			return false
		}
	}
	return true
}
