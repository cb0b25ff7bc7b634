package sdk

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"sync"

	"github.com/mcpdev/mcpdev/internal/jsonfast"
	"github.com/mcpdev/mcpdev/transport"
)

// inputRound is one run of a 2026-era handler that may ask the client
// (SEP-2322): the answers it can use (carried over in requestState from
// earlier rounds, and this request's inputResponses) and the questions it
// asked that have none yet.
type inputRound struct {
	srv     *Server
	method  string          // tools/call or prompts/get
	params  json.RawMessage // the request's: requestState is bound to its name and arguments
	mu      sync.Mutex
	answers map[string]json.RawMessage
	used    map[string]json.RawMessage // answers the run asked for: the next requestState keeps them
	asked   map[string]InputRequest
}

// roundParams are the SEP-2322 members of a retried request.
type roundParams struct {
	InputResponses json.RawMessage `json:"inputResponses"`
	RequestState   *string         `json:"requestState"`
}

// startRound starts ci's round for a stateless request (tools/call or
// prompts/get with its params raw), in ci's own memory: it checks
// requestState and collects the answers. A tampered, expired or
// misdirected requestState, or inputResponses that are not an object, is
// a -32602 error. A first request costs nothing more.
func (s *Server) startRound(ci *callInfo, method string, raw json.RawMessage) error {
	r, err := s.fillRound(&ci.roundMem, method, raw)
	ci.round = r
	return err
}

// fillRound makes r the round of a request (see startRound); nil and the
// error when it cannot be.
func (s *Server) fillRound(r *inputRound, method string, raw json.RawMessage) (*inputRound, error) {
	r.srv, r.method, r.params = s, method, raw
	if !mayRetry(raw) {
		return r, nil
	}
	var p roundParams
	if err := unmarshalParams(raw, &p); err != nil {
		return nil, err
	}
	r.answers = map[string]json.RawMessage{}
	if p.RequestState != nil {
		answers, err := s.stateKey().open(*p.RequestState, r.binding())
		if err != nil {
			return nil, err
		}
		for k, v := range answers {
			r.answers[k] = v
		}
	}
	if len(p.InputResponses) == 0 {
		return r, nil
	}
	var responses map[string]json.RawMessage
	if !isObject(p.InputResponses) || jsonfast.JSON.Unmarshal(p.InputResponses, &responses) != nil {
		return nil, transport.Errorf(transport.CodeInvalidParams, "Invalid params: inputResponses must be an object of answers keyed as the inputRequests were")
	}
	for k, v := range responses {
		if _, ok := r.answers[k]; !ok && isObject(v) {
			r.answers[k] = v // a key nobody asks for is never looked up
		}
	}
	return r, nil
}

// mayRetry reports whether params raw may hold inputResponses or
// requestState (roundParams): whether they hold the ends of those keys.
// Their capital letters are rare in JSON, so the search skips quickly
// over the params of a first request, the usual one (~13 ns for a
// stateless tools/call's, ~160 ns looking for the whole quoted keys).
func mayRetry(raw []byte) bool {
	return bytes.Contains(raw, []byte(`Responses"`)) || bytes.Contains(raw, []byte(`State"`))
}

// binding names the request for its requestState: the same state cannot
// be replayed to another tool, prompt or arguments.
func (r *inputRound) binding() string {
	p, _ := callParams(r.params)
	var v any
	canonical := []byte("null")
	if len(p.Arguments) > 0 && json.Unmarshal(p.Arguments, &v) == nil {
		canonical, _ = json.Marshal(v) // map keys sorted
	}
	sum := sha256.Sum256(append([]byte(r.method+"\x00"+p.Name+"\x00"), canonical...))
	return hex.EncodeToString(sum[:16])
}

// answer returns the answer to q, or records q to be asked and returns
// ErrInputRequired. An answer that is not an object (a number, a string)
// was never a valid one: q is asked again.
func (r *inputRound) answer(q question) (json.RawMessage, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if a, ok := r.answers[q.key]; ok {
		if r.used == nil {
			r.used = map[string]json.RawMessage{}
		}
		r.used[q.key] = a
		return a, nil
	}
	params, err := json.Marshal(q.params)
	if err != nil {
		return nil, err
	}
	if r.asked == nil {
		r.asked = map[string]InputRequest{}
	}
	r.asked[q.key] = InputRequest{Method: q.method, Params: params}
	return nil, ErrInputRequired
}

// result is the InputRequiredResult of a run that asked questions still
// unanswered, or nil when it asked none.
func (r *inputRound) result() *InputRequiredResult {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.asked) == 0 {
		return nil
	}
	return &InputRequiredResult{ResultType: ResultInputRequired, InputRequests: r.asked,
		RequestState: r.srv.stateKey().seal(r.used, r.binding())}
}

// unanswered reports whether the run asked a question with no answer yet.
func (r *inputRound) unanswered() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.asked) > 0
}

// roundAnswer answers a stateless request whose handler may ask (tools/call,
// prompts/get): an InputRequiredResult when it asked questions still
// unanswered, else what it returned, marked complete.
func roundAnswer[R any](ci *callInfo, res R, err error, complete func(R)) (any, error) {
	if ir := ci.round.result(); ir != nil && !isCancelled(err) {
		return ir, nil // the handler asked the client: answer first
	}
	if err != nil {
		return nil, err
	}
	complete(res)
	return res, nil
}

// modernCallResult is roundAnswer for tools/call.
func modernCallResult(ci *callInfo, res *CallToolResult, err error) (any, error) {
	return roundAnswer(ci, res, err, func(r *CallToolResult) { r.ResultType = ResultComplete })
}
