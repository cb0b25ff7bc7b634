package sdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sync"

	"github.com/mcpdev/mcpdev/internal/jsonenc"
	"github.com/mcpdev/mcpdev/internal/jsonfast"
	"github.com/mcpdev/mcpdev/internal/pydantic"
	"github.com/mcpdev/mcpdev/internal/validate"
	"github.com/mcpdev/mcpdev/sdk/internal/infer"
	"github.com/mcpdev/mcpdev/transport"
)

// Elicit asks the person behind the client to fill in a form whose fields
// are T's (see the package's elicitation schema rules: flat string,
// number, integer, boolean and enum fields with titles, descriptions and
// defaults) and returns what they entered with how they answered. Only
// when the action is ActionAccept is the T filled in.
//
//	type Dates struct {
//		From string `json:"from" jsonschema:"format=date,title=Arrival"`
//		To   string `json:"to" jsonschema:"format=date,title=Departure"`
//	}
//	dates, action, err := sdk.Elicit[Dates](ctx, "Which dates?")
//
// The client must have declared the elicitation capability (else the
// error is the spec's -32021). An accepted answer that breaks the schema
// is an *AnswerError listing every problem. In the 2026 era the first
// run returns ErrInputRequired: return it from the handler.
//
// In the 2026 era (2026-07-28) the handler runs again per input
// round: there is no session to wait in, so the first run ends at Elicit
// (ErrInputRequired), the client answers, and the whole handler runs
// again from the top, Elicit now returning the answer. Code before Elicit
// therefore runs twice for one question (once more per further round).
// Keep side effects (writes, payments, mail) after the last question, or
// make them safe to repeat:
//
//	func Book(ctx context.Context, a BookArgs) (string, error) {
//		room, err := findRoom(ctx, a) // a read: safe to run twice
//		if err != nil {
//			return "", err
//		}
//		ok, action, err := sdk.Elicit[Confirm](ctx, "Book "+room+"?")
//		if err != nil {
//			return "", err // ErrInputRequired, the first time
//		}
//		if action != sdk.ActionAccept || !ok.Yes {
//			return "Not booked", nil
//		}
//		return reserve(ctx, room) // the side effect: once, after the answer
//	}
//
// In a session (the legacy era) and in a task, Elicit waits for the
// answer and the handler runs once.
func Elicit[T any](ctx context.Context, message string, opts ...*AskOptions) (T, ElicitAction, error) {
	var zero T
	f, err := formOf(reflect.TypeFor[T]())
	if err != nil {
		return zero, "", err
	}
	raw, err := ask(ctx, question{method: "elicitation/create", capability: "elicitation",
		params: ElicitParams{Message: message, RequestedSchema: f.schema}}, opts)
	if err != nil {
		return zero, "", err
	}
	res, err := decodeElicitResult(raw)
	if err != nil || res.Action != ActionAccept {
		return zero, res.Action, err
	}
	if err := f.check(res.Content); err != nil {
		return zero, res.Action, err
	}
	var out T
	if err := decodeAnswer(res.Content, reflect.ValueOf(&out).Elem()); err != nil {
		return zero, res.Action, err
	}
	return out, res.Action, nil
}

// ElicitURL asks the person to open url (URL-mode elicitation, SEP-1036:
// for what must not pass through the client, such as credentials or a
// payment) and returns their answer; the result of the visit reaches the
// server out of band. id names this elicitation (see ElicitationComplete).
// The client must have declared elicitation.url.
func ElicitURL(ctx context.Context, message, url, id string, opts ...*AskOptions) (ElicitAction, error) {
	raw, err := ask(ctx, question{method: "elicitation/create", capability: "elicitation", sub: "url",
		params: ElicitParams{Mode: "url", Message: message, URL: url, ElicitationID: id}}, opts)
	if err != nil {
		return "", err
	}
	res, err := decodeElicitResult(raw)
	return res.Action, err
}

// ElicitationComplete tells the client that the URL-mode elicitation id
// finished (notifications/elicitation/complete), so it can retry what
// needed it. It is a no-op outside a handler.
func ElicitationComplete(ctx context.Context, id string) error {
	ci := callFrom(ctx)
	if ci == nil || ci.notify == nil {
		return nil
	}
	m, err := transport.NewNotification("notifications/elicitation/complete", map[string]string{"elicitationId": id})
	if err != nil {
		return err
	}
	return ci.notify(m)
}

// URLElicitation is one URL the client must have the person open before
// the request can succeed (URLElicitationRequired).
type URLElicitation struct {
	Mode          string `json:"mode"` // "url"
	ElicitationID string `json:"elicitationId"`
	URL           string `json:"url"`
	Message       string `json:"message"`
}

// URLElicitationRequired is the -32042 error (URLElicitationRequiredError)
// a handler returns when the request cannot go on until the person visits
// each URL; the client shows them and may retry after
// notifications/elicitation/complete.
func URLElicitationRequired(message string, elicitations ...URLElicitation) error {
	for i := range elicitations {
		elicitations[i].Mode = "url"
	}
	data, _ := jsonenc.Marshal(map[string]any{"elicitations": elicitations})
	if message == "" {
		message = "URL elicitation required"
	}
	return &transport.Error{Code: transport.CodeURLElicitationNeeded, Message: message, Data: data}
}

// URLElicitationsOf returns the URLs of a -32042 error (nil for any other).
func URLElicitationsOf(err error) []URLElicitation {
	var e *transport.Error
	if !errors.As(err, &e) || e.Code != transport.CodeURLElicitationNeeded {
		return nil
	}
	var d struct {
		Elicitations []URLElicitation `json:"elicitations"`
	}
	_ = json.Unmarshal(e.Data, &d)
	return d.Elicitations
}

// AnswerError is an answer from the client that does not fit the question
// asked: every problem, worded as Pydantic words them. It wraps
// ErrBadAnswer.
type AnswerError struct {
	Method   string
	Problems []Violation
}

func (e *AnswerError) Error() string {
	return "sdk: the client's answer to " + e.Method + " does not fit: " + pydantic.Render("answer", toPydantic(e.Problems))
}

func (e *AnswerError) Unwrap() error { return ErrBadAnswer }

func toPydantic(vs []Violation) []pydantic.Violation {
	out := make([]pydantic.Violation, len(vs))
	for i, v := range vs {
		out[i] = pydantic.Violation(v)
	}
	return out
}

func decodeElicitResult(raw json.RawMessage) (ElicitResult, error) {
	var res ElicitResult
	if err := json.Unmarshal(raw, &res); err != nil {
		return res, &AnswerError{Method: "elicitation/create", Problems: []Violation{{Message: "not an ElicitResult: " + err.Error()}}}
	}
	switch res.Action {
	case ActionAccept, ActionDecline, ActionCancel:
		return res, nil
	}
	return ElicitResult{}, &AnswerError{Method: "elicitation/create", Problems: []Violation{{Path: "action", Message: "Input should be 'accept', 'decline' or 'cancel'", Type: "literal_error", Input: string(res.Action)}}}
}

// form is a struct type's requested schema, compiled to check answers.
type form struct {
	schema   json.RawMessage
	compiled *validate.Schema
	order    pydantic.Order
}

var elicitForms sync.Map // reflect.Type → *form

func formOf(t reflect.Type) (*form, error) {
	if f, ok := elicitForms.Load(t); ok {
		return f.(*form), nil
	}
	raw, err := elicitSchema(t)
	if err != nil {
		return nil, err
	}
	compiled, err := compileSchema(withFormats(plainEnums(raw), infer.Deref(t)))
	if err != nil {
		return nil, fmt.Errorf("sdk: elicitation form %v: %w", t, err)
	}
	order, _ := pydantic.NewOrder(raw)
	f := &form{schema: raw, compiled: compiled, order: order}
	elicitForms.Store(t, f)
	return f, nil
}

// check validates accepted content against the form's schema.
func (f *form) check(content json.RawMessage) error {
	// Numbers stay as sent (json.Number), as a tool's arguments do, so
	// a refusal says input_type=int for 0, as Pydantic does, not float.
	v, err := decodeArgs(content)
	if err != nil {
		return &AnswerError{Method: "elicitation/create", Problems: []Violation{{Message: err.Error()}}}
	}
	if vs := violations(f.compiled, v, pydantic.Options{Order: f.order}); len(vs) > 0 {
		return &AnswerError{Method: "elicitation/create", Problems: vs}
	}
	return nil
}

// decodeAnswer stores checked content into dst as a tool's arguments
// are stored: url.URL places parsed (url_form.go), what a type's own
// UnmarshalText or UnmarshalJSON refuses worded at its path.
func decodeAnswer(content json.RawMessage, dst reflect.Value) error {
	t := dst.Type()
	refused := func(vs []Violation) error {
		dst.SetZero()
		return &AnswerError{Method: "elicitation/create", Problems: vs}
	}
	v, err := decodeArgs(content)
	if err != nil {
		return refused([]Violation{{Message: err.Error()}})
	}
	data := []byte(content)
	if holdsURL(t) {
		if data, err = jsonfast.JSON.Marshal(stripURLs(t, v)); err != nil {
			return refused([]Violation{{Message: err.Error()}})
		}
	}
	if err := json.Unmarshal(data, dst.Addr().Interface()); err != nil {
		return refused(decodeViolations(t, v, err))
	}
	var vs []Violation
	if fillURLs(t, v, dst, nil, &vs); len(vs) > 0 {
		return refused(vs)
	}
	return nil
}

// withFormats adds to raw, a form's schema as validated, the formats its
// fields' types are checked by and the published schema leaves out (a
// uuid, an address).
func withFormats(raw json.RawMessage, t reflect.Type) json.RawMessage {
	var doc map[string]any
	props, _ := doc["properties"].(map[string]any)
	changed := false
	for _, sf := range infer.VisibleFields(t) {
		f := elicitFormat(infer.Deref(sf.Type), true)
		if f == "" {
			continue
		}
		if props == nil {
			if json.Unmarshal(raw, &doc) != nil {
				return raw
			}
			props, _ = doc["properties"].(map[string]any)
		}
		name, _ := infer.JSONName(sf)
		if p, ok := props[name].(map[string]any); ok && p["format"] == nil {
			p["format"], changed = f, true
		}
	}
	if !changed {
		return raw
	}
	out, err := json.Marshal(doc)
	if err != nil {
		return raw
	}
	return out
}

// plainEnums rewrites titled enums (oneOf or items.anyOf of const and
// title) as plain enums, for validation: a value outside them is then one
// problem, "Input should be 'a' or 'b'", not one per choice.
func plainEnums(raw json.RawMessage) json.RawMessage {
	var doc map[string]any
	if json.Unmarshal(raw, &doc) != nil {
		return raw
	}
	props, _ := doc["properties"].(map[string]any)
	for _, p := range props {
		prop, _ := p.(map[string]any)
		flattenChoices(prop, "oneOf")
		if items, ok := prop["items"].(map[string]any); ok {
			flattenChoices(items, "anyOf")
		}
	}
	out, err := json.Marshal(doc)
	if err != nil {
		return raw
	}
	return out
}

func flattenChoices(s map[string]any, key string) {
	choices, ok := s[key].([]any)
	if !ok {
		return
	}
	var enum []any
	for _, c := range choices {
		if m, ok := c.(map[string]any); ok {
			enum = append(enum, m["const"])
		}
	}
	delete(s, key)
	s["enum"] = enum
}
