package testsession

import (
	"context"
	"encoding/json"

	"github.com/mcpdev/mcpdev/inspector/call"
)

// outcome is what a step's expectations are checked against: the text,
// the structured value and isError.
//
//	call      the content blocks' text; structuredContent; isError
//	read      the contents (text as is, blobs described); the first text content as JSON
//	prompt    "role: content" per message; the whole prompts/get result
//	complete  the values, one per line; the completion object
type outcome struct {
	text       string
	structured json.RawMessage
	isError    bool
}

// stepRead reads a resource: `read URI [var=value…]` (a URI template is
// filled with the pairs).
func (r *sessionRun) stepRead(ctx context.Context, s *Step) []string {
	uri := s.Words[0]
	if len(s.Words) > 1 {
		var err error
		if uri, err = call.ExpandTemplate(uri, call.PairsMap(s.Words[1:])); err != nil {
			return []string{err.Error()}
		}
	}
	res, err := call.ReadResource(ctx, r.conn, uri, r.timeout())
	if err != nil {
		return r.verify(s, nil, err)
	}
	return r.verify(s, &outcome{text: call.ContentsText(res), structured: call.ContentsJSON(res)}, nil)
}

// stepPrompt gets a prompt: `prompt NAME [key=value…]`, the arguments
// sent as they are (a session pins the server's own checks).
func (r *sessionRun) stepPrompt(ctx context.Context, s *Step) []string {
	res, err := call.GetPrompt(ctx, r.conn, s.Words[0], call.PairsMap(s.Words[1:]), r.timeout())
	if err != nil {
		return r.verify(s, nil, err)
	}
	raw, _ := json.Marshal(res)
	return r.verify(s, &outcome{text: call.MessagesText(res), structured: raw}, nil)
}

// stepComplete asks for completions: `complete prompt NAME ARG=TYPED
// [key=value…]` or `complete template URITEMPLATE ARG=TYPED [key=value…]`.
func (r *sessionRun) stepComplete(ctx context.Context, s *Step) []string {
	ref, arg, typed, filled, err := call.ParseCompleteWords(s.Words)
	if err != nil {
		return []string{err.Error()}
	}
	res, err := call.Complete(ctx, r.conn, ref, arg, typed, filled, r.timeout())
	if err != nil {
		return r.verify(s, nil, err)
	}
	raw, _ := json.Marshal(res)
	return r.verify(s, &outcome{text: call.CompletionText(res), structured: raw}, nil)
}
