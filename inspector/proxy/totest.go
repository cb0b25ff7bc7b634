package proxy

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/inspector/testsession"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// WriteTest writes a captured session as a mcpdev test session file at
// path: the client's tool calls, resource reads and prompts as steps (with
// the answers it gave the server's questions), the server's answers as
// their expectations, and the captured server as the target (mcpdev test
// FILE -- CMD runs it against another). Values that cannot repeat — ids,
// session and task ids, times — are matched loosely, as in every recorded
// session.
func WriteTest(path string, s Summary, recs []Record) (int, error) {
	t, err := captureTarget(s)
	if err != nil {
		return 0, err
	}
	calls := Calls(Analyze(recs))
	if len(calls) == 0 {
		return 0, errors.New("the session has no answered tools/call, resources/read or prompts/get to test")
	}
	return len(calls), testsession.WriteRecord(path, t, calls)
}

func captureTarget(s Summary) (*target.Target, error) {
	switch {
	case s.Transport == "http" && s.Target != "":
		return &target.Target{Kind: target.KindHTTP, URL: s.Target}, nil
	case len(s.Command) > 0:
		return &target.Target{Kind: target.KindCommand, Command: s.Command[0], Args: s.Command[1:], Dir: s.Cwd}, nil
	}
	return nil, fmt.Errorf("session %s names no server to test", s.ID)
}

// Calls turns a session's messages into the steps of a test session: each
// answered tools/call, resources/read and prompts/get from the client, in
// the order they were sent. A 2026-era call answered with input_required
// and sent again with the client's inputResponses is one step, whose
// answers are those responses; in a legacy session the server's
// elicitation and sampling requests while a call was open are its answers.
func Calls(msgs []Message) []testsession.Call {
	schemas := map[string]json.RawMessage{} // tool → input schema, from the last tools/list
	var calls []testsession.Call
	byRequest := map[int]int{} // index of the request → its call in calls
	var open []int             // requests of calls still open, in order
	settled := map[int]bool{}  // calls with their final answer
	for _, m := range msgs {
		switch {
		case m.Dir == ClientToServer && m.Kind == KindRequest:
			if c, ok := stepOf(m); ok {
				if cont := continued(msgs, byRequest, m); cont >= 0 {
					byRequest[m.Index] = cont
					calls[cont].Answers = append(calls[cont].Answers, roundAnswers(msgs, calls[cont], m)...)
				} else {
					byRequest[m.Index] = len(calls)
					calls = append(calls, c)
				}
				open = append(open, m.Index)
			}
		case m.Dir == ServerToClient && m.Kind == KindRequest:
			// A legacy-era question: it belongs to the call open last.
			if len(open) > 0 && m.Partner >= 0 {
				i := byRequest[open[len(open)-1]]
				if a, ok := legacyAnswer(m, msgs[m.Partner]); ok {
					calls[i].Answers = append(calls[i].Answers, a)
				}
			}
		case m.Dir == ServerToClient && (m.Kind == KindResult || m.Kind == KindError) && m.Partner >= 0:
			req := msgs[m.Partner]
			if req.Method == "tools/list" {
				collectSchemas(m.Result, schemas)
			}
			i, ok := byRequest[req.Index]
			if !ok {
				continue
			}
			open = slices.DeleteFunc(open, func(x int) bool { return x == req.Index })
			settled[i] = settle(&calls[i], m, schemas)
		}
	}
	var out []testsession.Call
	for i, c := range calls {
		if settled[i] {
			out = append(out, c)
		}
	}
	return out
}

type callParams struct {
	Name           string            `json:"name"`
	Arguments      json.RawMessage   `json:"arguments"`
	URI            string            `json:"uri"`
	InputResponses json.RawMessage   `json:"inputResponses"`
	PromptArgs     map[string]string `json:"-"`
}

// stepOf reads a client request as a step; false for a request a test
// session does not replay (initialize, lists, pings…).
func stepOf(m Message) (testsession.Call, bool) {
	var p callParams
	_ = json.Unmarshal(m.Params, &p)
	switch m.Method {
	case "tools/call":
		return testsession.Call{Tool: p.Name, Args: p.Arguments}, p.Name != ""
	case "resources/read":
		return testsession.Call{Step: "read", Tool: p.URI}, p.URI != ""
	case "prompts/get":
		var args struct {
			Arguments map[string]string `json:"arguments"`
		}
		_ = json.Unmarshal(m.Params, &args)
		return testsession.Call{Step: "prompt", Tool: p.Name, PromptArgs: args.Arguments}, p.Name != ""
	}
	return testsession.Call{}, false
}

// continued finds the call a 2026-era request continues (see Continues);
// -1 when it is a call of its own.
func continued(msgs []Message, byRequest map[int]int, m Message) int {
	if prev := Continues(msgs, m.Index); prev >= 0 {
		if i, ok := byRequest[prev]; ok {
			return i
		}
	}
	return -1
}

func isInputRequired(result json.RawMessage) bool {
	var r struct {
		ResultType string `json:"resultType"`
	}
	return json.Unmarshal(result, &r) == nil && r.ResultType == sdk.ResultInputRequired
}

// roundAnswers are the answers a continued request carries, in the order
// of their keys.
func roundAnswers(msgs []Message, c testsession.Call, m Message) []testsession.Answer {
	var p struct {
		InputResponses map[string]json.RawMessage `json:"inputResponses"`
	}
	_ = json.Unmarshal(m.Params, &p)
	// The questions are in the input_required answer just before.
	var questions map[string]sdk.InputRequest
	for j := m.Index - 1; j >= 0; j-- {
		if msgs[j].Dir == ServerToClient && isInputRequired(msgs[j].Result) {
			var ir sdk.InputRequiredResult
			_ = json.Unmarshal(msgs[j].Result, &ir)
			questions = ir.InputRequests
			break
		}
	}
	var out []testsession.Answer
	for _, key := range slices.Sorted(maps.Keys(p.InputResponses)) {
		q := questions[key]
		if a, ok := answerTo(q.Method, q.Params, p.InputResponses[key]); ok {
			out = append(out, a)
		}
	}
	return out
}

// legacyAnswer is the answer the client gave a server request.
func legacyAnswer(q, a Message) (testsession.Answer, bool) {
	return answerTo(q.Method, q.Params, a.Result)
}

func answerTo(method string, params, result json.RawMessage) (testsession.Answer, bool) {
	switch method {
	case "elicitation/create":
		var p sdk.ElicitParams
		_ = json.Unmarshal(params, &p)
		var r sdk.ElicitResult
		if json.Unmarshal(result, &r) != nil {
			return testsession.ElicitAnswer(p.RequestedSchema, nil), true
		}
		return testsession.ElicitAnswer(p.RequestedSchema, &r), true
	case "sampling/createMessage":
		var r sdk.CreateMessageResult
		if json.Unmarshal(result, &r) != nil {
			return testsession.SampleAnswer(nil, errors.New("no answer")), true
		}
		return testsession.SampleAnswer(&r, nil), true
	}
	return testsession.Answer{}, false // roots/list and pings are answered by the runner itself
}

func collectSchemas(result json.RawMessage, into map[string]json.RawMessage) {
	var r struct {
		Tools []struct {
			Name        string          `json:"name"`
			InputSchema json.RawMessage `json:"inputSchema"`
		} `json:"tools"`
	}
	if json.Unmarshal(result, &r) == nil {
		for _, t := range r.Tools {
			into[t.Name] = t.InputSchema
		}
	}
}

// settle records a call's answer: a result, or an error the step expects
// as rpcError; false when it is not the end of the call (input_required)
// or cannot be read.
func settle(c *testsession.Call, m Message, schemas map[string]json.RawMessage) bool {
	if m.Kind == KindError {
		var e transport.Error
		if json.Unmarshal(m.Error, &e) != nil {
			return false
		}
		c.Err = &e
		return true
	}
	if isInputRequired(m.Result) {
		return false
	}
	switch c.Step {
	case "":
		var r sdk.CallToolResult
		if json.Unmarshal(m.Result, &r) != nil {
			return false
		}
		c.Result = &r
		c.Schema = schemas[c.Tool]
	case "read":
		var r sdk.ReadResourceResult
		if json.Unmarshal(m.Result, &r) != nil {
			return false
		}
		c.Text = contentsText(&r)
	case "prompt":
		var r sdk.GetPromptResult
		if json.Unmarshal(m.Result, &r) != nil {
			return false
		}
		c.Text = messagesText(&r)
	}
	return true
}
