package sdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mcpdev/mcpdev/transport"
)

// capabilities are what the client declares: one per question hook set.
func (c *Client) capabilities() map[string]any {
	caps := map[string]any{}
	elicit := map[string]any{}
	if c.opts.OnElicit != nil {
		elicit["form"] = struct{}{}
	}
	if c.opts.OnElicitURL != nil {
		elicit["url"] = struct{}{}
	}
	if len(elicit) > 0 {
		caps["elicitation"] = elicit
	}
	if c.opts.OnSample != nil {
		sampling := map[string]any{}
		if c.opts.SamplingTools {
			sampling["tools"] = struct{}{}
		}
		caps["sampling"] = sampling
	}
	if c.opts.OnRoots != nil {
		caps["roots"] = map[string]any{"listChanged": true}
	}
	return caps
}

// answers reports whether a hook answers server requests of method.
func (c *Client) answers(method string) bool {
	switch method {
	case "elicitation/create":
		return c.opts.OnElicit != nil || c.opts.OnElicitURL != nil
	case "sampling/createMessage":
		return c.opts.OnSample != nil
	case "roots/list":
		return c.opts.OnRoots != nil
	}
	return false
}

// answerQuestion answers server request m with its hook; a request the
// server cancelled meanwhile is not answered.
func (c *Client) answerQuestion(m *transport.Message) {
	ctx, cancel := context.WithCancel(context.Background())
	key := string(m.ID)
	c.mu.Lock()
	if c.asked == nil {
		c.asked = map[string]context.CancelFunc{}
	}
	c.asked[key] = cancel
	c.mu.Unlock()
	result, err := c.answer(ctx, m.Method, m.Params)
	c.mu.Lock()
	delete(c.asked, key)
	c.mu.Unlock()
	if ctx.Err() != nil {
		return
	}
	cancel()
	var resp *transport.Message
	if err == nil {
		resp, err = transport.NewResult(m.ID, result)
	}
	if tag := relatedTaskOf(m.Params); err == nil && tag != nil {
		resp.Result = withMetaEntry(resp.Result, relatedTaskMeta, tag) // a task's question: so is its answer
	}
	if err != nil {
		var rpcErr *transport.Error
		if !errors.As(err, &rpcErr) {
			rpcErr = transport.Errorf(transport.CodeInternalError, "%s: %v", m.Method, err)
		}
		resp = transport.NewErrorResponse(m.ID, rpcErr)
	}
	_ = c.send(context.Background(), resp)
}

// questionCancelled cancels the hook answering the request a server's
// notifications/cancelled names.
func (c *Client) questionCancelled(raw json.RawMessage) {
	var p CancelledParams
	if json.Unmarshal(raw, &p) != nil {
		return
	}
	c.mu.Lock()
	cancel := c.asked[string(p.RequestID)]
	c.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// answer runs the hook for one question, in either era.
func (c *Client) answer(ctx context.Context, method string, raw json.RawMessage) (any, error) {
	switch method {
	case "elicitation/create":
		var p ElicitParams
		if err := unmarshalParams(raw, &p); err != nil {
			return nil, err
		}
		hook := c.opts.OnElicit
		if p.Mode == "url" {
			hook = c.opts.OnElicitURL
		}
		if hook == nil {
			return nil, transport.Errorf(transport.CodeInvalidParams, "Invalid params: this client does not answer %s elicitations", modeName(p.Mode))
		}
		res, err := hook(ctx, &p)
		if err == nil && res == nil {
			return nil, errNoAnswer
		}
		if err == nil && res.Action == ActionAccept && p.Mode != "url" {
			res.Content = withDefaults(p.RequestedSchema, res.Content)
		}
		return res, err
	case "sampling/createMessage":
		var p CreateMessageParams
		if err := unmarshalParams(raw, &p); err != nil || c.opts.OnSample == nil {
			return nil, orMissing(err, method)
		}
		res, err := c.opts.OnSample(ctx, &p)
		if err == nil && res == nil {
			return nil, errNoAnswer
		}
		return res, err
	case "roots/list":
		if c.opts.OnRoots == nil {
			return nil, orMissing(nil, method)
		}
		roots, err := c.opts.OnRoots(ctx)
		if roots == nil {
			roots = []Root{}
		}
		return &ListRootsResult{Roots: roots}, err
	}
	return nil, orMissing(nil, method)
}

// errNoAnswer is a hook that returned neither an answer nor an error.
var errNoAnswer = transport.Errorf(transport.CodeInternalError, "the client's hook returned no answer")

func modeName(mode string) string {
	if mode == "" {
		return "form"
	}
	return mode
}

func orMissing(err error, method string) error {
	if err != nil {
		return err
	}
	return transport.Errorf(transport.CodeMethodNotFound, "Method not found: %s (this client declared no capability for it)", method)
}

// RootsChanged tells the server the roots changed
// (notifications/roots/list_changed); it asks again with roots/list. In
// the 2026 era there is no session to tell: it does nothing.
func (c *Client) RootsChanged(ctx context.Context) error {
	if c.modern {
		return nil
	}
	return c.Notify(ctx, "notifications/roots/list_changed", nil)
}

// callMaybeRounds is call, driving InputRequiredResult rounds in the
// 2026 era.
func (c *Client) callMaybeRounds(ctx context.Context, method string, params map[string]any, result any, onProgress func(ProgressParams)) error {
	if c.modern {
		return c.callRounds(ctx, method, params, result, onProgress)
	}
	return c.call(ctx, method, params, result, onProgress)
}

// maxInputRounds bounds the InputRequiredResult rounds of one request.
const maxInputRounds = 16

// ErrTooManyRounds is returned when a server keeps answering a request
// with InputRequiredResult past maxInputRounds rounds.
var ErrTooManyRounds = errors.New("sdk: the server kept asking for input")

// callRounds sends a 2026-era request that may be answered with an
// InputRequiredResult (SEP-2322): it answers every input request with the
// hooks and sends the request again with the answers and requestState,
// until the result is complete. params is changed.
func (c *Client) callRounds(ctx context.Context, method string, params map[string]any, result any, onProgress func(ProgressParams)) error {
	for round := 0; ; round++ {
		var raw json.RawMessage
		if err := c.call(ctx, method, params, &raw, onProgress); err != nil {
			return err
		}
		var ir InputRequiredResult
		if json.Unmarshal(raw, &ir) != nil || ir.ResultType != ResultInputRequired {
			if err := json.Unmarshal(raw, result); err != nil {
				return fmt.Errorf("sdk: decode %s result: %w", method, err)
			}
			return nil
		}
		if round == maxInputRounds {
			return fmt.Errorf("%s: %w (%d rounds)", method, ErrTooManyRounds, round)
		}
		responses := make(map[string]any, len(ir.InputRequests))
		for key, q := range ir.InputRequests {
			ans, err := c.answer(ctx, q.Method, q.Params)
			if err != nil {
				return fmt.Errorf("%s: answering the server's %s (%q): %w", method, q.Method, key, err)
			}
			responses[key] = ans
		}
		params["inputResponses"] = responses
		if ir.RequestState != "" {
			params["requestState"] = ir.RequestState
		} else {
			delete(params, "requestState")
		}
	}
}

// withDefaults fills the fields an accepted form left out with the
// defaults its schema declares (SEP-1034), so that the server gets them
// whatever the hook did with them.
func withDefaults(schema, content json.RawMessage) json.RawMessage {
	var doc struct {
		Properties map[string]struct {
			Default json.RawMessage `json:"default"`
		} `json:"properties"`
	}
	if json.Unmarshal(schema, &doc) != nil {
		return content
	}
	answer := map[string]json.RawMessage{}
	if len(content) > 0 && json.Unmarshal(content, &answer) != nil {
		return content // not an object: the server says what is wrong
	}
	filled := false
	for name, p := range doc.Properties {
		if _, ok := answer[name]; !ok && len(p.Default) > 0 {
			answer[name], filled = p.Default, true
		}
	}
	if !filled {
		return content
	}
	out, err := json.Marshal(answer)
	if err != nil {
		return content
	}
	return out
}
