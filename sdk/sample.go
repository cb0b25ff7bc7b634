package sdk

import (
	"context"
	"encoding/json"
	"strings"
)

// Sample asks the client's model to generate a message (sampling; the
// client usually lets its user review the request and the answer). p
// holds the conversation, the system prompt, model preferences, the
// token limit (default 1000) and, per SEP-1577, tools the model may call
// and the tool choice. The client must have declared sampling (and
// sampling.tools to pass Tools). A result with no content, or no role, is
// an *AnswerError. In the 2026 era the first run returns
// ErrInputRequired: return it from the handler.
//
// Sampling is deprecated in the 2026-07-28 protocol (SEP-2577) but still
// served in both eras.
func Sample(ctx context.Context, p CreateMessageParams, opts ...*AskOptions) (*CreateMessageResult, error) {
	if p.MaxTokens <= 0 {
		p.MaxTokens = 1000
	}
	q := question{method: "sampling/createMessage", capability: "sampling", params: p}
	if len(p.Tools) > 0 || p.ToolChoice != nil {
		q.sub = "tools"
	}
	raw, err := ask(ctx, q, opts)
	if err != nil {
		return nil, err
	}
	var res CreateMessageResult
	if err := json.Unmarshal(raw, &res); err != nil {
		return nil, &AnswerError{Method: q.method, Problems: []Violation{{Message: "not a CreateMessageResult: " + err.Error()}}}
	}
	var problems []Violation
	if c := strings.TrimSpace(string(res.Content)); c == "" || c == "null" || c == "[]" || c == "{}" {
		problems = append(problems, Violation{Path: "content", Message: "Field required: the model's answer has no content", Type: "missing"})
	}
	if res.Role == "" {
		problems = append(problems, Violation{Path: "role", Message: "Field required", Type: "missing"})
	}
	if len(problems) > 0 {
		return nil, &AnswerError{Method: q.method, Problems: problems}
	}
	return &res, nil
}

// Roots asks the client which directories (or files) the server may work
// in. The client must have declared the roots capability. In the stateless
// era the first run returns ErrInputRequired: return it from the handler.
//
// Roots are deprecated in the 2026-07-28 protocol (SEP-2577) but still
// served in both eras.
func Roots(ctx context.Context, opts ...*AskOptions) ([]Root, error) {
	raw, err := ask(ctx, question{method: "roots/list", capability: "roots", params: struct{}{}}, opts)
	if err != nil {
		return nil, err
	}
	var res struct {
		Roots *[]Root `json:"roots"`
	}
	if err := json.Unmarshal(raw, &res); err != nil || res.Roots == nil {
		msg := "Field required: a ListRootsResult has a roots list"
		if err != nil {
			msg = "not a ListRootsResult: " + err.Error()
		}
		return nil, &AnswerError{Method: "roots/list", Problems: []Violation{{Path: "roots", Message: msg, Type: "missing"}}}
	}
	return *res.Roots, nil
}
