package tui

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/mcpdev/mcpdev/inspector/proxy"
)

// attachSession is one proxied session as mcpdev attach follows it: its
// records so far, read as JSON-RPC messages paired request with answer.
type attachSession struct {
	path   string
	header proxy.Header
	live   bool
	end    *proxy.End
	recs   []proxy.Record
	msgs   []proxy.Message
	rounds map[int]int // a 2026-era request's index → the request it continues
	tools  map[int]string
}

// add takes what a poll found and reads the messages again.
func (s *attachSession) add(u proxy.Update) {
	s.header, s.live = u.Header, u.Live
	for _, r := range u.Records {
		if r.End != nil {
			e := *r.End
			s.end = &e
		}
	}
	s.recs = append(s.recs, u.Records...)
	if len(u.Records) == 0 && s.msgs != nil {
		return
	}
	s.msgs = proxy.Analyze(s.recs)
	s.rounds, s.tools = map[int]int{}, map[int]string{}
	for i, m := range s.msgs {
		if prev := proxy.Continues(s.msgs, i); prev >= 0 {
			s.rounds[i] = prev
		}
		if m.Method == "tools/call" && m.Kind == proxy.KindRequest {
			var p struct {
				Name string `json:"name"`
			}
			if json.Unmarshal(m.Params, &p) == nil && p.Name != "" {
				s.tools[i] = p.Name
				if m.Partner >= 0 {
					s.tools[m.Partner] = p.Name
				}
			}
		}
	}
}

// callState is where a request stands.
type callState int

const (
	callNone       callState = iota // not a request
	callAnswered                    // its answer came
	callInFlight                    // no answer yet, the session is live
	callHung                        // no answer for longer than the hung limit
	callUnanswered                  // the session ended without its answer
)

// state is where request msgs[i] stands at now.
func (s *attachSession) state(i int, now time.Time, hung time.Duration) callState {
	m := s.msgs[i]
	switch {
	case m.Kind != proxy.KindRequest:
		return callNone
	case m.Partner >= 0:
		return callAnswered
	case !s.live:
		return callUnanswered
	case now.Sub(m.Time) >= hung:
		return callHung
	}
	return callInFlight
}

// counts are the session's requests in flight and hung at now.
func (s *attachSession) counts(now time.Time, hung time.Duration) (inFlight, hungN int) {
	for i := range s.msgs {
		switch s.state(i, now, hung) {
		case callInFlight:
			inFlight++
		case callHung:
			hungN++
		}
	}
	return inFlight, hungN
}

// facts are what the traffic filter reads of msgs[i].
func (s *attachSession) facts(i int, now time.Time, hung time.Duration) trafficFacts {
	m := s.msgs[i]
	f := trafficFacts{method: m.Method, tool: s.tools[i], id: m.ID, raw: m.Raw, status: []string{string(m.Kind)}}
	switch m.Dir {
	case proxy.ClientToServer:
		f.dirs = []string{"c2s", "client", "out"}
	case proxy.ServerToClient:
		f.dirs = []string{"s2c", "server", "in"}
	default:
		f.dirs = []string{"err", "stderr"}
	}
	switch m.Kind {
	case proxy.KindResult:
		f.status = append(f.status, "ok")
	case proxy.KindMalformed:
		if m.Dir == proxy.ServerToClient {
			f.status = append(f.status, "stray")
		}
	}
	switch s.state(i, now, hung) {
	case callInFlight:
		f.status = append(f.status, "pending", "inflight")
	case callHung:
		f.status = append(f.status, "pending", "hung")
	case callUnanswered:
		f.status = append(f.status, "unanswered")
	}
	if m.HTTP != nil && m.HTTP.Status != 0 {
		f.status = append(f.status, strconv.Itoa(m.HTTP.Status))
	}
	return f
}

// title names the session in the list.
func (s *attachSession) title() string {
	if s.header.Label != "" {
		return s.header.Label
	}
	return s.header.ID
}

// stateText says whether the session is live or how it ended.
func (s *attachSession) stateText() string {
	switch {
	case s.live:
		return "live"
	case s.end != nil && s.header.Transport == "stdio":
		return fmt.Sprintf("ended, exit %d", s.end.Exit)
	case s.end != nil:
		return "ended"
	}
	return "gone" // the proxy died without its end record
}
