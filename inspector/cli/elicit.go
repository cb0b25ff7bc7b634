package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/mcpdev/mcpdev/inspector/args"
	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/internal/schema/check"
	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
)

// Asker answers a server's questions during mcpdev's commands: an
// elicitation with the --answer key=value pairs when there are any (for
// scripts), a sampling request with --sample-reply, any of them with
// --decline, or else on the terminal (a plain prompt per field, a reply
// typed for sampling). Everything it shows comes from the server and is
// made safe to print.
type Asker struct {
	Answers []string // --answer key=value (key:=JSON), repeatable
	Decline bool     // --decline
	// URLAnswer is --answer-url: the action (accept, decline, cancel)
	// that answers every URL-mode elicitation, whatever --answer and
	// --decline say ("": they decide, or the person).
	URLAnswer   sdk.ElicitAction
	SampleReply *string   // --sample-reply: the canned answer to every sampling request
	In          io.Reader // where prompts read their answers (stdin)
	Out         io.Writer // where the questions go (stderr)
	// Pause, when set, is held while the person answers: the call's
	// --timeout does not run out while someone types.
	Pause *call.Pause

	mu    sync.Mutex // one question at a time
	lines *lineReader
	gone  <-chan struct{}
}

// Watch ends the questions being asked when done is closed: the server's
// connection is gone (Connection.Done), and no answer can reach it.
func (a *Asker) Watch(done <-chan struct{}) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.gone = done
}

// errAnswersDoNotFit is returned when --answer values break the form.
var errAnswersDoNotFit = errors.New("the --answer values do not fit the server's form")

// maxAttempts bounds how often a person is asked again after answers that
// do not fit the form.
const maxAttempts = 3

// Elicit answers a form (sdk.ClientOptions.OnElicit).
func (a *Asker) Elicit(ctx context.Context, p *sdk.ElicitParams) (*sdk.ElicitResult, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	fmt.Fprintf(a.Out, "The server asks: %s\n", termtext.Text(p.Message))
	if a.Decline {
		fmt.Fprintln(a.Out, "  declined (--decline)")
		return &sdk.ElicitResult{Action: sdk.ActionDecline}, nil
	}
	if len(a.Answers) > 0 {
		return a.scripted(p.RequestedSchema)
	}
	fmt.Fprintln(a.Out, "  (Enter leaves a field empty or at its default; end the input, ctrl+d, to cancel)")
	defer a.hold()()
	var again *retry // nil: ask every field
	for attempt := 1; ; attempt++ {
		pairs, err := a.prompt(ctx, p.RequestedSchema, again)
		if err != nil {
			return a.ended(err)
		}
		content, problems := fill(p.RequestedSchema, pairs)
		if len(problems) == 0 {
			return &sdk.ElicitResult{Action: sdk.ActionAccept, Content: content}, nil
		}
		a.showProblems(problemStrings(problems))
		if attempt == maxAttempts {
			fmt.Fprintln(a.Out, "  cancelled after three tries")
			return &sdk.ElicitResult{Action: sdk.ActionCancel}, nil
		}
		again = retryOf(pairs, problems)
	}
}

// retry is what a person is asked after answers the form refused: only
// the refused fields, keeping the other answers.
type retry struct {
	kept    map[string]string // field → its key=value pair, for the fields no problem names
	refused map[string]bool
}

// retryOf keeps the answers of the fields no problem names; nil (ask
// everything again) when a problem is about the whole form.
func retryOf(pairs []string, problems []check.Problem) *retry {
	r := &retry{kept: map[string]string{}, refused: map[string]bool{}}
	for _, p := range problems {
		if p.Path == "" {
			return nil
		}
		r.refused[strings.SplitN(p.Path, ".", 2)[0]] = true
	}
	for _, pair := range pairs {
		if name, _, _ := strings.Cut(pair, "="); !r.refused[name] {
			r.kept[name] = pair
		}
	}
	return r
}

// scripted answers with the --answer pairs the form has fields for.
func (a *Asker) scripted(schema []byte) (*sdk.ElicitResult, error) {
	fields := fieldNames(schema)
	var pairs []string
	for _, pair := range a.Answers {
		kv, err := args.ParseKV(pair)
		if err != nil {
			return nil, err
		}
		if !slices.Contains(fields, kv.Path[0]) {
			fmt.Fprintf(a.Out, "  --answer %s: the form has no field %q (it has: %s)\n", termtext.Line(pair), termtext.Line(kv.Path[0]), termtext.Line(strings.Join(fields, ", ")))
			continue
		}
		pairs = append(pairs, pair)
	}
	content, problems := fill(schema, pairs)
	if len(problems) > 0 {
		ps := problemStrings(problems)
		a.showProblems(ps)
		return nil, fmt.Errorf("%w: %s", errAnswersDoNotFit, strings.Join(ps, "; "))
	}
	return &sdk.ElicitResult{Action: sdk.ActionAccept, Content: content}, nil
}

// prompt asks for each field on its own line (after refused answers,
// only for the refused fields); io.EOF when the input ended, ctx's error
// when the question was withdrawn.
func (a *Asker) prompt(ctx context.Context, schema []byte, again *retry) ([]string, error) {
	var pairs []string
	for _, f := range args.List(schema) {
		if again != nil && !again.refused[f.Path] {
			if pair, ok := again.kept[f.Path]; ok {
				pairs = append(pairs, pair)
			}
			continue
		}
		fmt.Fprintf(a.Out, "  %s%s: ", termtext.Line(f.Path), fieldHint(f))
		line, err := a.readLine(ctx)
		if err != nil {
			return nil, err
		}
		if v := strings.TrimRight(line, "\r\n"); v != "" {
			pairs = append(pairs, f.Path+"="+v)
		}
	}
	return pairs, nil
}

// readLine reads the person's next line; at the end of the input or when
// ctx ends first, the prompt's line is ended.
func (a *Asker) readLine(ctx context.Context) (string, error) {
	if a.lines == nil {
		a.lines = newLineReader(a.In)
	}
	line, err := a.lines.next(ctx, a.gone)
	if err != nil {
		fmt.Fprintln(a.Out)
	}
	return line, err
}

// hold stops the call's clock while the person answers; the function
// returned starts it again.
func (a *Asker) hold() func() {
	if a.Pause == nil {
		return func() {}
	}
	return a.Pause.Hold()
}

// ended answers an elicitation whose asking ended without an answer: the
// end of the input cancels it; a question the server withdrew (or a call
// that ended) is not answered at all.
func (a *Asker) ended(err error) (*sdk.ElicitResult, error) {
	if errors.Is(err, io.EOF) {
		fmt.Fprintln(a.Out, "  cancelled")
		return &sdk.ElicitResult{Action: sdk.ActionCancel}, nil
	}
	a.noLongerAsked(err)
	return nil, err
}

func (a *Asker) noLongerAsked(err error) {
	if errors.Is(err, errServerGone) {
		fmt.Fprintln(a.Out, "  no longer asked: the server's connection closed")
		return
	}
	fmt.Fprintln(a.Out, "  no longer asked: the server withdrew the question or the call ended")
}

// fieldHint is " (constraints, required) description" for a prompt.
func fieldHint(f args.Arg) string {
	var parts []string
	if f.Constraints != "" {
		parts = append(parts, f.Constraints)
	}
	if f.Required {
		parts = append(parts, "required")
	}
	hint := ""
	if len(parts) > 0 {
		hint = " (" + strings.Join(parts, ", ") + ")"
	}
	if f.Description != "" {
		hint += " " + f.Description
	}
	return termtext.Line(hint)
}

// fill builds the form's content from key=value pairs, converted and
// checked by the form's schema; the problems are worded as the TUI's
// forms word them (both through internal/schema/check).
func fill(schema []byte, pairs []string) ([]byte, []check.Problem) {
	argv, err := args.Coerce(schema, pairs, nil)
	if err != nil {
		return nil, []check.Problem{{Message: err.Error()}} // about the whole form: every field is asked again
	}
	content := args.Marshal(argv)
	problems, err := check.Validate(schema, content)
	if err != nil {
		return nil, []check.Problem{{Message: err.Error()}}
	}
	return content, problems
}

func problemStrings(problems []check.Problem) []string {
	out := make([]string, len(problems))
	for i, p := range problems {
		out[i] = p.String()
	}
	return out
}

func (a *Asker) showProblems(problems []string) {
	for _, p := range problems {
		fmt.Fprintf(a.Out, "  ✗ %s\n", termtext.Line(p))
	}
}

// fieldNames lists the form's top-level fields.
func fieldNames(schema []byte) []string {
	var names []string
	for _, f := range args.List(schema) {
		names = append(names, f.Path)
	}
	return names
}

// ElicitURL shows a URL-mode elicitation (SEP-1036): the person opens the
// URL, then presses Enter; "n" declines, the end of input cancels.
// For scripts, --answer-url answers it (accept: without waiting);
// otherwise --decline declines and --answer accepts.
func (a *Asker) ElicitURL(ctx context.Context, p *sdk.ElicitParams) (*sdk.ElicitResult, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	fmt.Fprintf(a.Out, "The server asks you to open %s\n  %s\n", termtext.Line(p.URL), termtext.Text(p.Message))
	switch {
	case a.URLAnswer != "":
		fmt.Fprintf(a.Out, "  %s (--answer-url %s)\n", actionDone[a.URLAnswer], a.URLAnswer)
		return &sdk.ElicitResult{Action: a.URLAnswer}, nil
	case a.Decline:
		fmt.Fprintln(a.Out, "  declined (--decline)")
		return &sdk.ElicitResult{Action: sdk.ActionDecline}, nil
	case len(a.Answers) > 0:
		return &sdk.ElicitResult{Action: sdk.ActionAccept}, nil
	}
	defer a.hold()()
	fmt.Fprint(a.Out, "  Open it, then press Enter (n declines): ")
	line, err := a.readLine(ctx)
	switch {
	case err != nil:
		return a.ended(err)
	case strings.EqualFold(strings.TrimSpace(line), "n"):
		return &sdk.ElicitResult{Action: sdk.ActionDecline}, nil
	}
	return &sdk.ElicitResult{Action: sdk.ActionAccept}, nil
}

// actionDone words what --answer-url did.
var actionDone = map[sdk.ElicitAction]string{sdk.ActionAccept: "accepted", sdk.ActionDecline: "declined", sdk.ActionCancel: "cancelled"}

// URLRequired has the person open each URL of a -32042 error (as a URL
// elicitation is asked: --answer-url, --decline, --answer); true when
// every one was accepted, and the call is made again.
func (a *Asker) URLRequired(ctx context.Context, urls []sdk.URLElicitation) bool {
	fmt.Fprintln(a.Out, "The call needs you to open a URL first (URLElicitationRequiredError, -32042):")
	for _, u := range urls {
		res, err := a.ElicitURL(ctx, &sdk.ElicitParams{Mode: "url", Message: u.Message, URL: u.URL, ElicitationID: u.ElicitationID})
		if err != nil || res.Action != sdk.ActionAccept {
			return false
		}
	}
	fmt.Fprintln(a.Out, "  calling the tool again")
	return true
}
