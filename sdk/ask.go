package sdk

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/mcpdev/mcpdev/internal/jsonenc"
	"github.com/mcpdev/mcpdev/transport"
)

// Asking the client: Elicit, ElicitURL, Sample and Roots put a question to
// the client from inside a tool (or prompt) handler, the same way in both
// eras. In a session they send the request and wait for the answer; in the
// 2026 era the first run of the handler collects the questions, the
// request is answered with an InputRequiredResult, and when the client
// sends it again with the answers the handler runs again and the same call
// returns the answer.

// ErrInputRequired is what Elicit, Sample and Roots return in the
// 2026 era while the client has not answered yet: return it (or any
// error) from the handler, and the SDK answers the request with an
// InputRequiredResult listing every question asked in this run. To ask
// several questions in one round, make the calls first and check their
// errors after:
//
//	name, _, err1 := sdk.Elicit[Name](ctx, "Who are you?")
//	roots, err2 := sdk.Roots(ctx)
//	if err := errors.Join(err1, err2); err != nil {
//		return "", err
//	}
var ErrInputRequired = errors.New("sdk: the client's input is required first (the request is answered with an InputRequiredResult and runs again with the answers)")

// ErrNotInCall is returned by Elicit, Sample and Roots outside a tool,
// prompt or resource handler.
var ErrNotInCall = errors.New("sdk: asking the client needs the context of a request handler")

// ErrBadAnswer is wrapped by the errors for an answer from the client
// that does not fit the question (an elicitation that breaks its schema,
// a sampling result with no content, roots that are not a list).
var ErrBadAnswer = errors.New("sdk: the client's answer does not fit the question")

// ErrAskOptions is the error of a question given more than one
// *AskOptions: which one holds would be a guess.
var ErrAskOptions = errors.New("sdk: a question takes at most one *AskOptions: merge them into one")

// AskOptions tunes one question; every field is optional. Elicit,
// ElicitURL, Sample and Roots take at most one (more is ErrAskOptions).
type AskOptions struct {
	// Key names the question among the inputRequests of a 2026-era
	// InputRequiredResult (default: the method and the question's number
	// in the handler's run, e.g. "elicitation-1"). Give questions stable
	// keys when the handler may ask them in a different order.
	Key string
}

// question is one request a handler puts to the client.
type question struct {
	key        string
	method     string
	params     any
	capability string // the client capability it needs
	sub        string // and its member, when it needs one ("url" of elicitation)
}

// ask puts q to the client of the call whose context ctx is and returns
// the client's raw result.
func ask(ctx context.Context, q question, opts []*AskOptions) (json.RawMessage, error) {
	if len(opts) > 1 {
		return nil, ErrAskOptions
	}
	ci := callFrom(ctx)
	if ci == nil {
		return nil, ErrNotInCall
	}
	if err := ci.needCapability(q.capability, q.sub); err != nil {
		return nil, err
	}
	n := ci.asked.Add(1)
	q.key = q.method[:questionPrefix(q.method)] + "-" + strconv.FormatInt(int64(n), 10)
	if len(opts) > 0 && opts[0] != nil && opts[0].Key != "" {
		q.key = opts[0].Key
	}
	if e := ci.currentTask(); e != nil {
		return e.ask(ctx, ci, q)
	}
	if ci.round != nil {
		return ci.round.answer(q)
	}
	if ci.session == nil {
		return nil, transport.Errorf(transport.CodeInternalError, "sdk: %s needs a session or a stateless request", q.method)
	}
	return ci.session.request(ctx, ci.notify, q.method, q.params)
}

// questionPrefix is the length of method's first word ("sampling" of
// sampling/createMessage).
func questionPrefix(method string) int {
	for i := range method {
		if method[i] == '/' {
			return i
		}
	}
	return len(method)
}

// needCapability fails with the spec's -32021 error unless the client
// declared capability (and, when sub is set, its member sub). An
// elicitation capability without members means form mode.
func (ci *callInfo) needCapability(capability, sub string) error {
	raw, ok := ci.clientCaps[capability]
	if ok && sub != "" {
		var members map[string]json.RawMessage
		_ = json.Unmarshal(raw, &members)
		_, ok = members[sub]
	}
	if ok {
		return nil
	}
	name := capability
	required := map[string]any{capability: struct{}{}}
	if sub != "" {
		name += "." + sub
		required[capability] = map[string]any{sub: struct{}{}}
	}
	data, _ := jsonenc.Marshal(map[string]any{"requiredCapabilities": required})
	return &transport.Error{Code: transport.CodeMissingCapability,
		Message: "Missing required client capability: the client did not declare " + name + ", so the server cannot ask it", Data: data}
}
