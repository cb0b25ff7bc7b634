package proxy

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"time"
)

// Kind classifies a frame.
type Kind string

// The kinds of frame.
const (
	KindRequest      Kind = "request"
	KindNotification Kind = "notification"
	KindResult       Kind = "result"
	KindError        Kind = "error"
	KindBatch        Kind = "batch"
	KindMalformed    Kind = "malformed" // not JSON-RPC (from the server on stdout: stray output)
	KindStderr       Kind = "stderr"
	KindHTTP         Kind = "http" // an HTTP request or answer without a JSON-RPC message (202, 401, an SSE stream opening…)
)

// Message is one frame of a session, read as JSON-RPC and matched with
// its partner: a request with its answer, and the other way round.
type Message struct {
	Index  int // among the session's frames
	Time   time.Time
	Dir    Direction
	Raw    []byte
	Kind   Kind
	ID     string // the id's JSON text ("1", "\"a\""); "" when none
	Method string // a request's or notification's; an answer's, from its request
	// Params, Result, Error: the member of that name, raw.
	Params, Result, Error json.RawMessage
	Partner               int           // the index of the matched request or answer; -1: none
	Latency               time.Duration // an answer's time since its request
	HTTP                  *HTTPInfo     // the HTTP proxy's details
}

type rpcFrame struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`
}

// Analyze reads a session's frames as JSON-RPC messages, in the order of
// their times, and pairs each answer with its request (same id, opposite
// direction). The shim stamps a frame before forwarding it but records
// each direction on its own, so an answer may be written to the file
// before its request: the times, not the lines, give the order.
func Analyze(recs []Record) []Message {
	var out []Message
	open := map[[2]string]int{} // (direction of the request, id) → index
	frames := make([]Record, 0, len(recs))
	for _, r := range recs {
		if r.IsFrame() {
			frames = append(frames, r)
		}
	}
	slices.SortStableFunc(frames, func(a, b Record) int { return a.Time.Compare(b.Time) })
	for _, r := range frames {
		m := Message{Index: len(out), Time: r.Time, Dir: r.Dir, Raw: r.Bytes(), Partner: -1, HTTP: r.HTTP}
		classify(&m)
		if m.Kind == KindMalformed && m.HTTP != nil && (len(bytes.TrimSpace(m.Raw)) == 0 || m.HTTP.Status >= 300) {
			m.Kind = KindHTTP
		}
		switch m.Kind {
		case KindRequest:
			open[[2]string{string(m.Dir) + exchange(m, m.Dir), m.ID}] = m.Index
		case KindResult, KindError:
			key := [2]string{string(opposite(m.Dir)) + exchange(m, opposite(m.Dir)), m.ID}
			if i, ok := open[key]; ok {
				delete(open, key)
				m.Partner, out[i].Partner = i, m.Index
				m.Method = out[i].Method
				m.Latency = m.Time.Sub(out[i].Time)
			}
		}
		out = append(out, m)
	}
	return out
}

func classify(m *Message) {
	if m.Dir == ServerStderr {
		m.Kind = KindStderr
		return
	}
	b := bytes.TrimSpace(m.Raw)
	if len(b) > 0 && b[0] == '[' && json.Valid(b) {
		m.Kind = KindBatch
		return
	}
	var f rpcFrame
	if json.Unmarshal(b, &f) != nil || f.JSONRPC != "2.0" {
		m.Kind = KindMalformed
		return
	}
	if len(f.ID) > 0 && !bytes.Equal(f.ID, []byte("null")) {
		m.ID = string(f.ID)
	}
	m.Method, m.Params, m.Result, m.Error = f.Method, f.Params, f.Result, f.Error
	switch {
	case f.Method != "" && m.ID != "":
		m.Kind = KindRequest
	case f.Method != "":
		m.Kind = KindNotification
	case f.Error != nil:
		m.Kind = KindError
	case f.Result != nil:
		m.Kind = KindResult
	default:
		m.Kind = KindMalformed
	}
}

func opposite(d Direction) Direction {
	if d == ClientToServer {
		return ServerToClient
	}
	return ClientToServer
}

// exchange scopes a client's request id to its HTTP exchange: the answer
// to a POST comes back in that POST's response (two clients of one HTTP
// proxy may use the same ids). A server's request, and anything over
// stdio, is matched by id alone.
func exchange(m Message, requestDir Direction) string {
	if m.HTTP == nil || m.HTTP.Request == 0 || requestDir != ClientToServer {
		return ""
	}
	return "#" + strconv.Itoa(m.HTTP.Request)
}
