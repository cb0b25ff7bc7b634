package testsession

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"sync"

	"github.com/mcpdev/mcpdev/inspector/args"
	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/sdk"
)

// Answer is a scripted answer to a question the server asks during a call
// or prompt step, written on its own line under the step:
//
//	answer key=value…      accept the next form (values coerced by its schema; a URL: no values)
//	answer-url ACTION      answer the next elicitation, a URL, with accept, decline or cancel
//	decline | cancel       the next elicitation
//	sample-reply TEXT      the next sampling request's reply ("Go-quoted", 'literal' or bare)
//	sample-decline         refuse the next sampling request
//
// A recorded session writes the answers a person gave the same way.
type Answer struct {
	Line  int
	Kind  string   // "answer", "answer-url", "decline", "cancel", "sample-reply", "sample-decline"
	Words []string // answer: the key=value pairs; answer-url: the action; sample-reply: the reply
}

// answerKinds are the answer lines, by whether they answer sampling.
var answerKinds = map[string]bool{"answer": false, "answer-url": false, "decline": false, "cancel": false, "sample-reply": true, "sample-decline": true}

// answerable are the steps answers may follow: the ones that can ask.
var answerable = map[string]bool{"call": true, "prompt": true}

func (f *File) parseAnswer(n int, kind, rest string) error {
	if len(f.Steps) == 0 || !answerable[f.Steps[len(f.Steps)-1].Kind] {
		return fmt.Errorf("%s: an answer must follow a call or prompt", kind)
	}
	a := &Answer{Line: n, Kind: kind}
	switch kind {
	case "answer":
		words, err := target.SplitWords(rest)
		if err != nil {
			return err
		}
		a.Words = words
	case "sample-reply":
		text, err := unquoteValue(rest)
		if err != nil {
			return err
		}
		a.Words = []string{text}
	case "answer-url":
		action, err := call.ParseURLAnswer(rest)
		if err != nil {
			return fmt.Errorf("answer-url %w", err)
		}
		a.Words = []string{string(action)}
	default:
		if rest != "" {
			return fmt.Errorf("%s takes nothing after it", kind)
		}
	}
	step := f.Steps[len(f.Steps)-1]
	step.Answers = append(step.Answers, a)
	return nil
}

// script hands a step's answers out as the server asks, and notes what
// went wrong: a question with no answer left, an answer that does not fit.
type script struct {
	mu               sync.Mutex
	elicit, sample   []*Answer
	problems         []string
	elicits, samples int // questions asked
}

func newScript(answers []*Answer) *script {
	s := &script{}
	for _, a := range answers {
		if answerKinds[a.Kind] {
			s.sample = append(s.sample, a)
		} else {
			s.elicit = append(s.elicit, a)
		}
	}
	return s
}

func (s *script) problem(format string, v ...any) {
	s.problems = append(s.problems, fmt.Sprintf(format, v...))
}

// finish returns the problems, with the answers the server never asked for.
func (s *script) finish() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, a := range append(s.elicit, s.sample...) {
		s.problem("line %d: %s was not used: the server asked no more questions of its kind", a.Line, a.Kind)
	}
	s.elicit, s.sample = nil, nil
	return s.problems
}

func (s *script) elicitation(_ context.Context, p *sdk.ElicitParams) (*sdk.ElicitResult, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.elicits++
	if len(s.elicit) == 0 {
		s.problem("the server asked %q (elicitation %d) and the step has no answer left for it: add answer key=value…, decline or cancel (it was cancelled)", p.Message, s.elicits)
		return &sdk.ElicitResult{Action: sdk.ActionCancel}, nil
	}
	a := s.elicit[0]
	s.elicit = s.elicit[1:]
	switch {
	case a.Kind == "answer-url" && p.Mode != "url":
		s.problem("line %d: answer-url answers a URL, but the server asked %q with a form (it was cancelled): write answer key=value…", a.Line, p.Message)
		return &sdk.ElicitResult{Action: sdk.ActionCancel}, nil
	case a.Kind == "answer-url":
		return &sdk.ElicitResult{Action: sdk.ElicitAction(a.Words[0])}, nil
	case a.Kind != "answer":
		return &sdk.ElicitResult{Action: sdk.ElicitAction(a.Kind)}, nil
	case p.Mode == "url":
		if len(a.Words) > 0 {
			s.problem("line %d: the server asked to open a URL: answer takes no values there", a.Line)
		}
		return &sdk.ElicitResult{Action: sdk.ActionAccept}, nil
	}
	argv, err := args.Coerce(p.RequestedSchema, a.Words, nil)
	if err != nil {
		s.problem("line %d: %v (the form was cancelled)", a.Line, err)
		return &sdk.ElicitResult{Action: sdk.ActionCancel}, nil
	}
	return &sdk.ElicitResult{Action: sdk.ActionAccept, Content: args.MarshalOrdered(argv, a.Words)}, nil
}

func (s *script) sampling(_ context.Context, p *sdk.CreateMessageParams) (*sdk.CreateMessageResult, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.samples++
	if len(s.sample) == 0 {
		s.problem("the server asked for a sampling reply (request %d) and the step has none left: add sample-reply TEXT or sample-decline (it was refused)\n%s", s.samples, call.SamplingText(p, 200))
		return nil, call.ErrSamplingRefused
	}
	a := s.sample[0]
	s.sample = s.sample[1:]
	if a.Kind == "sample-decline" {
		return nil, call.ErrSamplingRefused
	}
	return call.SampleResult(a.Words[0]), nil
}

// URLAnswer is the answer line a recorded session writes for res, the
// answer a person gave to a URL-mode elicitation: answer-url with the
// action (cancel when there was none).
func URLAnswer(res *sdk.ElicitResult) Answer {
	action := sdk.ActionCancel
	if res != nil && res.Action != "" {
		action = res.Action
	}
	return Answer{Kind: "answer-url", Words: []string{string(action)}}
}

// ElicitAnswer is the answer line a recorded session writes for res, the
// answer a person gave to an elicitation whose form is schema: the
// accepted content as key=value words the schema turns back into it
// (key:=JSON where it would not), in the schema's property order (the
// replay sends them so), or decline / cancel.
func ElicitAnswer(schema json.RawMessage, res *sdk.ElicitResult) Answer {
	if res == nil || res.Action != sdk.ActionAccept {
		kind := "cancel"
		if res != nil && res.Action == sdk.ActionDecline {
			kind = "decline"
		}
		return Answer{Kind: kind}
	}
	var content map[string]json.RawMessage
	if len(res.Content) == 0 || json.Unmarshal(res.Content, &content) != nil || len(content) == 0 {
		return Answer{Kind: "answer"}
	}
	if words, ok := args.Words(schema, res.Content); ok {
		return Answer{Kind: "answer", Words: words}
	}
	var words []string
	for _, k := range slices.Sorted(maps.Keys(content)) {
		words = append(words, k+":="+string(compactRaw(content[k])))
	}
	return Answer{Kind: "answer", Words: words}
}

// SampleAnswer is the answer line a recorded session writes for a
// sampling request answered with res, or refused (err, or no res).
func SampleAnswer(res *sdk.CreateMessageResult, err error) Answer {
	if err != nil || res == nil {
		return Answer{Kind: "sample-decline"}
	}
	return Answer{Kind: "sample-reply", Words: []string{res.Text()}}
}

// answerLine writes a as its line under a step.
func answerLine(a Answer) string {
	line := "  " + a.Kind
	switch a.Kind {
	case "answer":
		for _, w := range a.Words {
			line += " " + quoteWord(w)
		}
	case "sample-reply":
		line += " " + strconv.Quote(a.Words[0])
	case "answer-url":
		line += " " + a.Words[0]
	}
	return line
}
