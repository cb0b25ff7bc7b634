package tui

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// The server's questions (elicitation, sampling, roots) arrive on the
// client's goroutines, through the hooks of sdk.ClientOptions. A hook
// that needs a person puts its question in the mailbox and waits on the
// question's channel; the model shows it (pane_ask.go) and, when the
// person answers, sends the answer on the channel from Update (a buffered
// send, never blocking). The hook also stops waiting when the server
// withdraws the question (its context ends: notifications/cancelled, the
// call cancelled) or the connection goes (the session's context), and
// then tells the model the question is gone.

// questionKind is what a question asks for.
type questionKind int

const (
	askForm   questionKind = iota // elicitation/create, form mode
	askURL                        // elicitation/create, URL mode
	askSample                     // sampling/createMessage
)

// question is one question of the server's, waiting for a person.
type question struct {
	id     int
	kind   questionKind
	elicit *sdk.ElicitParams
	sample *sdk.CreateMessageParams
	answer chan answer // buffered: Update's send never blocks
	retry  string      // a -32042 error's URL: the tool to call again once it is opened
}

// answer is what the person said: an elicitation's result, a sampling
// result, or an error (a rejected sampling request).
type answer struct {
	elicit *sdk.ElicitResult
	sample *sdk.CreateMessageResult
	err    error
}

// questionEvent: a hook asks; goneEvent: a hook stopped waiting (why).
type (
	questionEvent struct{ q *question }
	goneEvent     struct {
		id  int
		why string
	}
)

// errSamplingRejected is the answer to a sampling request the person
// rejected.
var errSamplingRejected = transport.Errorf(-1, "User rejected sampling request")

// humanModel is the model a person's sampling reply is sent as.
const humanModel = "mcpdev (written by a person)"

// asker answers the questions of one connection.
type asker struct {
	box    *mailbox
	ctx    context.Context // the session's: ends on restart and quit
	next   atomic.Int64
	reply  string       // Options.SampleReply: "" asks a person
	canned atomic.Int64 // sampling requests reply answered (takeCanned)
	mu     sync.Mutex
	roots  []sdk.Root // Options.Roots, then as the roots view sets them
}

// setRoots sets what roots/list answers from now on.
func (a *asker) setRoots(roots []sdk.Root) {
	a.mu.Lock()
	a.roots = slices.Clone(roots)
	a.mu.Unlock()
}

func newAsker(ctx context.Context, box *mailbox, opts *Options) *asker {
	a := &asker{box: box, ctx: ctx}
	if opts != nil {
		a.reply, a.roots = opts.SampleReply, opts.Roots
	}
	return a
}

// install sets the question hooks on o: every capability is declared.
func (a *asker) install(o *sdk.ClientOptions) {
	o.OnElicit = func(ctx context.Context, p *sdk.ElicitParams) (*sdk.ElicitResult, error) {
		ans, err := a.ask(ctx, &question{kind: askForm, elicit: p})
		return ans.elicit, err
	}
	o.OnElicitURL = func(ctx context.Context, p *sdk.ElicitParams) (*sdk.ElicitResult, error) {
		ans, err := a.ask(ctx, &question{kind: askURL, elicit: p})
		return ans.elicit, err
	}
	o.OnSample = a.sample
	o.OnRoots = a.listRoots
}

// ask shows q and waits for the person's answer.
func (a *asker) ask(ctx context.Context, q *question) (answer, error) {
	q.id = int(a.next.Add(1))
	q.answer = make(chan answer, 1)
	a.box.push(questionEvent{q: q})
	select {
	case ans := <-q.answer:
		return ans, ans.err
	case <-ctx.Done():
		a.box.push(goneEvent{id: q.id, why: "the question was withdrawn (its request was cancelled)"})
		return answer{}, ctx.Err()
	case <-a.ctx.Done():
		return answer{}, a.ctx.Err()
	}
}

// sample answers sampling/createMessage: with the canned reply when one
// is configured (shown in the logs), else by a person.
func (a *asker) sample(ctx context.Context, p *sdk.CreateMessageParams) (*sdk.CreateMessageResult, error) {
	if a.reply != "" {
		a.box.push(logEvent{at: time.Now(), level: "notice", logger: "mcpdev",
			text: fmt.Sprintf("sampling/createMessage answered with the configured reply (%d characters): %s", len(a.reply), a.reply)})
		a.canned.Add(1)
		return textReply(a.reply, "mcpdev (configured reply)"), nil
	}
	ans, err := a.ask(ctx, &question{kind: askSample, sample: p})
	return ans.sample, err
}

// takeCanned is how many sampling requests the configured reply answered
// since it was last taken. (Each is counted before its answer goes to
// the server, so before the call it belongs to can end.)
func (a *asker) takeCanned() int {
	return int(a.canned.Swap(0))
}

// textReply is an assistant's message of one text block.
func textReply(text, model string) *sdk.CreateMessageResult {
	content, _ := json.Marshal(sdk.Text(text))
	return &sdk.CreateMessageResult{Role: "assistant", Content: content, Model: model, StopReason: "endTurn"}
}

// listRoots answers roots/list with the roots offered (Options.Roots,
// then as the roots view sets them), and notes it in the logs.
func (a *asker) listRoots(context.Context) ([]sdk.Root, error) {
	a.mu.Lock()
	roots := slices.Clone(a.roots)
	a.mu.Unlock()
	text := "roots/list answered:"
	for _, r := range roots {
		text += " " + r.URI
	}
	a.box.push(logEvent{at: time.Now(), level: "notice", logger: "mcpdev", text: text})
	return roots, nil
}
