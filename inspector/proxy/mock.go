package proxy

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"sync"

	"github.com/mcpdev/mcpdev/internal/termtext"
)

// A Mock answers a client as a captured server did: each request gets the
// answer recorded for the same method and params (ids, _meta and the
// client's own name aside), in the order they were recorded (the last
// again once they run out). A request the capture never answered gets a
// JSON-RPC error that says so, and a line on the mock's log.
type Mock struct {
	answers map[string][]json.RawMessage // key → recorded answers (the frame minus its id)
	used    map[string]int
	mu      sync.Mutex
	log     io.Writer
}

// NewMock reads a capture's answered requests.
func NewMock(recs []Record, log io.Writer) *Mock {
	m := &Mock{answers: map[string][]json.RawMessage{}, used: map[string]int{}, log: log}
	msgs := Analyze(recs)
	for _, msg := range msgs {
		if msg.Dir != ClientToServer || msg.Kind != KindRequest || msg.Partner < 0 {
			continue
		}
		ans := msgs[msg.Partner]
		if isInputRequired(ans.Result) {
			continue // the mock answers the call that came back with the answers
		}
		k := requestKey(msg.Method, msg.Params)
		m.answers[k] = append(m.answers[k], answerBody(ans))
	}
	return m
}

// Requests says how many distinct requests the mock can answer.
func (m *Mock) Requests() int { return len(m.answers) }

// answerBody is an answer without its id: {"result":…} or {"error":…}.
func answerBody(a Message) json.RawMessage {
	if a.Kind == KindError {
		b, _ := json.Marshal(map[string]json.RawMessage{"error": a.Error})
		return b
	}
	b, _ := json.Marshal(map[string]json.RawMessage{"result": a.Result})
	return b
}

// sameWhatever are requests answered alike whatever their params say
// beyond a cursor: the handshake and the lists.
var sameWhatever = map[string]bool{"initialize": true, "server/discover": true, "ping": true}

// requestKey is what makes two requests the same question.
func requestKey(method string, params json.RawMessage) string {
	if sameWhatever[method] {
		return method
	}
	p := map[string]any{}
	if t := bytes.TrimSpace(params); len(t) == 0 || bytes.Equal(t, []byte("null")) {
		params = []byte("{}") // absent and empty params ask the same
	}
	if json.Unmarshal(params, &p) != nil || p == nil {
		return method + " " + string(bytes.TrimSpace(params))
	}
	delete(p, "_meta")
	delete(p, "inputResponses")
	delete(p, "requestState")
	b, _ := json.Marshal(p) // encoding/json sorts map keys
	return method + " " + string(b)
}

// Answer returns the frame answering one request frame; nil for a
// notification or an answer (nothing to say back).
func (m *Mock) Answer(frame []byte) []byte {
	var req rpcFrame
	if json.Unmarshal(frame, &req) != nil || req.JSONRPC != "2.0" {
		return errorFrame(json.RawMessage("null"), -32700, "Parse error: mcpdev mock reads one JSON-RPC message per line")
	}
	if req.Method == "" || len(req.ID) == 0 {
		return nil
	}
	k := requestKey(req.Method, req.Params)
	m.mu.Lock()
	list := m.answers[k]
	i := m.used[k]
	if i < len(list) {
		m.used[k]++
	}
	m.mu.Unlock()
	if len(list) == 0 {
		fmt.Fprintf(m.log, "mcpdev mock: no recorded answer for %s\n", termtext.Line(termtext.Clip(k, 300)))
		return errorFrame(req.ID, -32601, "mcpdev mock: the capture has no answer to this request: "+termtext.Clip(k, 300)+" (recorded: "+m.recorded(req.Method)+")")
	}
	body := list[min(i, len(list)-1)]
	out := []byte(`{"jsonrpc":"2.0","id":`)
	out = append(out, req.ID...)
	out = append(out, ',')
	return append(out, body[1:]...)
}

// recorded lists what the capture answered for a method, for an error.
func (m *Mock) recorded(method string) string {
	var keys []string
	for k := range m.answers {
		if strings.HasPrefix(k, method+" ") || k == method {
			keys = append(keys, termtext.Clip(k, 120))
		}
	}
	if len(keys) == 0 {
		return "nothing for " + method
	}
	sort.Strings(keys)
	return strings.Join(keys, "; ")
}

func errorFrame(id json.RawMessage, code int, msg string) []byte {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
	return b
}

// ServeStdio answers newline-delimited requests from in on out until in
// closes or ctx ends.
func (m *Mock) ServeStdio(ctx context.Context, in io.Reader, out io.Writer) error {
	r := bufio.NewReaderSize(in, 1<<20)
	for ctx.Err() == nil {
		line, err := r.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			if ans := m.Answer(bytes.TrimSpace(line)); ans != nil {
				if _, werr := out.Write(append(ans, '\n')); werr != nil {
					return werr
				}
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
	return ctx.Err()
}

// ServeHTTP answers Streamable HTTP: a POSTed request gets its recorded
// answer as JSON, a notification or answer 202 Accepted; the mock opens
// no stream (GET is 405) and keeps no session (DELETE is 204).
func (m *Mock) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodPost:
	case http.MethodDelete:
		w.WriteHeader(http.StatusNoContent)
		return
	default:
		w.Header().Set("Allow", "POST, DELETE")
		http.Error(w, "mcpdev mock serves POST only (no event stream)", http.StatusMethodNotAllowed)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	ans := m.Answer(bytes.TrimSpace(body))
	if ans == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(ans)
}
