package tui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/sdk"
)

// The server's questions answered in the model, synchronously: a hook
// runs on its own goroutine as the client runs it, its question is
// delivered from the mailbox, keys answer it, and the hook returns the
// answer.

const personSchema = `{"type":"object","properties":{
	"name":{"type":"string","title":"Your name","description":"What people call you"},
	"age":{"type":"integer","minimum":0,"maximum":150,"default":30},
	"color":{"type":"string","oneOf":[{"const":"r","title":"Red"},{"const":"g","title":"Green"}]},
	"tags":{"type":"array","items":{"type":"string","enum":["a","b"]}},
	"ok":{"type":"boolean","default":true}},
	"required":["name"]}`

// hookAnswer is what a hook returned.
type hookAnswer struct {
	elicit *sdk.ElicitResult
	sample *sdk.CreateMessageResult
	err    error
}

// elicitAsync runs the client's OnElicit (or OnElicitURL) hook for p on
// its own goroutine; the answer arrives on the channel.
func elicitAsync(ctx context.Context, m *Model, p *sdk.ElicitParams) <-chan hookAnswer {
	o := hooks(m.sess.box, m.sess.ask, "test")
	hook := o.OnElicit
	if p.Mode == "url" {
		hook = o.OnElicitURL
	}
	ch := make(chan hookAnswer, 1)
	go func() {
		res, err := hook(ctx, p)
		ch <- hookAnswer{elicit: res, err: err}
	}()
	return ch
}

// sampleAsync runs the client's OnSample hook for p on its own goroutine.
func sampleAsync(m *Model, p *sdk.CreateMessageParams) <-chan hookAnswer {
	o := hooks(m.sess.box, m.sess.ask, "test")
	ch := make(chan hookAnswer, 1)
	go func() {
		res, err := o.OnSample(context.Background(), p)
		ch <- hookAnswer{sample: res, err: err}
	}()
	return ch
}

// deliver hands the model what the mailbox holds until an event of the
// kind want arrived (the re-armed wait is not run: the test reads the
// mailbox itself).
func deliver[T any](t *testing.T, m *Model) {
	t.Helper()
	for {
		evs := m.sess.box.take()
		m.Update(eventsMsg{gen: m.gen, events: evs})
		for _, ev := range evs {
			if _, ok := ev.(T); ok {
				return
			}
		}
	}
}

// got waits for the hook's answer (a guard against a hang, not a timing
// assertion).
func got(t *testing.T, ch <-chan hookAnswer) hookAnswer {
	t.Helper()
	select {
	case a := <-ch:
		return a
	case <-time.After(10 * time.Second):
		t.Fatal("the hook is still waiting for an answer")
		return hookAnswer{}
	}
}

// askingModel is the test bookshop with its output pane focused, as
// during a call.
func askingModel(t *testing.T, w, h int) *Model {
	t.Helper()
	m, _ := newTestModel(t, w, h)
	m.showTab(tabResult)
	return m
}

func TestElicitationFormAnswers(t *testing.T) {
	tests := []struct {
		name        string
		keys        []string
		typed       string
		wantAction  sdk.ElicitAction
		wantContent string
		wantStatus  string
	}{
		{"accept", []string{"ctrl+r"}, "Ada", sdk.ActionAccept, `{"name":"Ada","age":30,"ok":true}`, "sent your answers to the server"},
		{"accept on the last field's enter", []string{"tab", "tab", "tab", "tab", "enter"}, "Ada", sdk.ActionAccept, `{"name":"Ada","age":30,"ok":true}`, "sent your answers to the server"},
		{"decline", []string{"ctrl+d"}, "Ada", sdk.ActionDecline, "", "declined the server's form"},
		{"cancel", []string{"esc"}, "", sdk.ActionCancel, "", "cancelled the server's form"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := askingModel(t, 120, 40)
			ch := elicitAsync(context.Background(), m, &sdk.ElicitParams{Message: "Who are you?", RequestedSchema: json.RawMessage(personSchema)})
			deliver[questionEvent](t, m)
			if m.focus != focusAsk {
				t.Fatalf("focus %v, want the question", m.focus)
			}
			mustShow(t, m, "Server asks · elicitation (form)", "Who are you?", "Your name (name) *", "ctrl+d decline")
			typeText(m, tt.typed)
			press(m, tt.keys...)
			a := got(t, ch)
			if a.err != nil || a.elicit.Action != tt.wantAction || string(a.elicit.Content) != tt.wantContent {
				t.Errorf("answer %+v (err %v), want %s %s", a.elicit, a.err, tt.wantAction, tt.wantContent)
			}
			if m.focus != focusOutput || m.ask.q != nil || m.status != tt.wantStatus {
				t.Errorf("after the answer: focus %v, question %v, status %q; want the output pane back, %q", m.focus, m.ask.q, m.status, tt.wantStatus)
			}
		})
	}
}

// A form with problems is not accepted: the problems show at their
// fields and the question stays; ctrl+s sends it anyway.
func TestElicitationProblemsBlockAccept(t *testing.T) {
	m := askingModel(t, 120, 40)
	ch := elicitAsync(context.Background(), m, &sdk.ElicitParams{Message: "Who?", RequestedSchema: json.RawMessage(personSchema)})
	deliver[questionEvent](t, m)
	typeText(m, "Ada")
	press(m, "tab", "ctrl+a")
	typeText(m, "200")
	press(m, "ctrl+r")
	if m.ask.q == nil || !strings.HasPrefix(m.status, "not sent: 1 problem(s)") {
		t.Fatalf("an age above the maximum was accepted (status %q)", m.status)
	}
	mustShow(t, m, "Input should be less than or equal to 150")
	press(m, "ctrl+s")
	if a := got(t, ch); a.elicit.Action != sdk.ActionAccept || string(a.elicit.Content) != `{"name":"Ada","age":200,"ok":true}` {
		t.Errorf("sent anyway: %+v", a.elicit)
	}
}

// A server that refuses the answers and asks the same form again finds
// the person's values in it.
func TestElicitationAskedAgainKeepsValues(t *testing.T) {
	m := askingModel(t, 120, 40)
	p := &sdk.ElicitParams{Message: "Who?", RequestedSchema: json.RawMessage(personSchema)}
	ch := elicitAsync(context.Background(), m, p)
	deliver[questionEvent](t, m)
	typeText(m, "nobody")
	press(m, "tab", "ctrl+a")
	typeText(m, "41")
	press(m, "ctrl+r")
	got(t, ch)
	ch = elicitAsync(context.Background(), m, &sdk.ElicitParams{Message: "Not nobody: who?", RequestedSchema: json.RawMessage(personSchema)})
	deliver[questionEvent](t, m)
	mustShow(t, m, "Not nobody: who?", "> nobody", "> 41")
	press(m, "ctrl+a")
	typeText(m, "Ada")
	press(m, "ctrl+r")
	if a := got(t, ch); string(a.elicit.Content) != `{"name":"Ada","age":41,"ok":true}` {
		t.Errorf("second answer %s", a.elicit.Content)
	}
}

// A schema forms cannot build a form from is shown with its problem; the
// person can still decline.
func TestElicitationInvalidSchemaDeclined(t *testing.T) {
	m := askingModel(t, 120, 40)
	schema := `{"type":"object","properties":{"x":{"$ref":"https://evil.example/schema.json"}}}`
	ch := elicitAsync(context.Background(), m, &sdk.ElicitParams{Message: "Bad form", RequestedSchema: json.RawMessage(schema)})
	deliver[questionEvent](t, m)
	mustShow(t, m, "The requested schema cannot be made into a form:", "ctrl+d declines")
	press(m, "ctrl+d")
	if a := got(t, ch); a.elicit.Action != sdk.ActionDecline {
		t.Errorf("answer %+v", a.elicit)
	}
}

// The server withdraws its question (notifications/cancelled, the call
// cancelled): the form goes, saying why, and the focus comes back.
func TestElicitationWithdrawnClosesForm(t *testing.T) {
	m := askingModel(t, 120, 40)
	ctx, cancel := context.WithCancel(context.Background())
	ch := elicitAsync(ctx, m, &sdk.ElicitParams{Message: "Who?", RequestedSchema: json.RawMessage(personSchema)})
	deliver[questionEvent](t, m)
	cancel()
	if a := got(t, ch); !errors.Is(a.err, context.Canceled) {
		t.Errorf("hook returned %v", a.err)
	}
	deliver[goneEvent](t, m)
	if m.ask.q != nil || m.focus != focusOutput || !strings.Contains(m.status, "withdrawn") {
		t.Errorf("question %v, focus %v, status %q", m.ask.q, m.focus, m.status)
	}
}

// The server exits while it asks: the form goes with a clear message and
// the hook does not wait forever.
func TestServerExitDropsQuestion(t *testing.T) {
	m := askingModel(t, 120, 40)
	ch := elicitAsync(context.Background(), m, &sdk.ElicitParams{Message: "Who?", RequestedSchema: json.RawMessage(personSchema)})
	deliver[questionEvent](t, m)
	m.Update(disconnectedMsg{gen: m.gen, err: sdk.ErrConnectionClosed, report: "the server exited"})
	if a := got(t, ch); a.elicit == nil || a.elicit.Action != sdk.ActionCancel {
		t.Errorf("hook returned %+v", a)
	}
	if m.ask.q != nil || m.focus != focusDoctor {
		t.Errorf("question %v, focus %v", m.ask.q, m.focus)
	}
	mustShow(t, m, "the server exited while it was asking: its question is gone")
}

// Questions asked together are shown one after the other.
func TestQuestionsQueue(t *testing.T) {
	m := askingModel(t, 120, 40)
	first := elicitAsync(context.Background(), m, &sdk.ElicitParams{Message: "First?", RequestedSchema: json.RawMessage(personSchema)})
	deliver[questionEvent](t, m)
	second := sampleAsync(m, &sdk.CreateMessageParams{Messages: []sdk.SamplingMessage{sdk.UserText("Second?")}, MaxTokens: 10})
	deliver[questionEvent](t, m)
	mustShow(t, m, "First?", "1 more waiting")
	press(m, "ctrl+d")
	got(t, first)
	mustShow(t, m, "Server asks · sampling", "Second?")
	press(m, "esc")
	if a := got(t, second); a.err == nil {
		t.Error("the rejected sampling request was answered")
	}
	if m.ask.q != nil || m.focus != focusOutput {
		t.Errorf("question %v, focus %v", m.ask.q, m.focus)
	}
}

func TestURLElicitationKeys(t *testing.T) {
	tests := []struct {
		name, url  string
		keys       []string
		wantAction sdk.ElicitAction
		wantStatus string
	}{
		{"copy accepts", "https://example.com/login", []string{"y"}, sdk.ActionAccept, "copied the URL to the clipboard (OSC 52)"},
		{"n declines", "https://example.com/login", []string{"n"}, sdk.ActionDecline, "declined to open the URL"},
		{"esc cancels", "https://example.com/login", []string{"esc"}, sdk.ActionCancel, "cancelled the URL request"},
		{"enter does nothing, o opens only the web", "javascript:alert(1)", []string{"enter", "o", "n"}, sdk.ActionDecline, "declined to open the URL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := askingModel(t, 120, 40)
			ch := elicitAsync(context.Background(), m, &sdk.ElicitParams{Mode: "url", Message: "Sign in.", URL: tt.url, ElicitationID: "e1"})
			deliver[questionEvent](t, m)
			mustShow(t, m, "The server asks you to open:", tt.url, "Sign in.")
			press(m, tt.keys...)
			a := got(t, ch)
			if a.err != nil || a.elicit.Action != tt.wantAction || m.status != tt.wantStatus {
				t.Errorf("answer %+v (err %v), status %q; want %s, %q", a.elicit, a.err, m.status, tt.wantAction, tt.wantStatus)
			}
		})
	}
}

func TestSamplingReplyTyped(t *testing.T) {
	m := askingModel(t, 120, 40)
	temp := 0.7
	ch := sampleAsync(m, &sdk.CreateMessageParams{
		SystemPrompt: "You are terse.", Messages: []sdk.SamplingMessage{sdk.UserText("Capital of France?")},
		MaxTokens: 100, Temperature: &temp,
		ModelPreferences: &sdk.ModelPreferences{Hints: []sdk.ModelHint{{Name: "claude"}}},
	})
	deliver[questionEvent](t, m)
	mustShow(t, m, "System prompt", "You are terse.", "1/1 · user", "Capital of France?",
		"max 100 tokens · temperature 0.7", "model preferences: claude", "ctrl+r send reply")
	press(m, "ctrl+r") // nothing typed: not sent
	if m.ask.q == nil {
		t.Fatal("an empty reply was sent")
	}
	typeText(m, "Paris")
	press(m, "ctrl+r")
	a := got(t, ch)
	if a.err != nil || a.sample.Text() != "Paris" || a.sample.Model != humanModel || a.sample.Role != "assistant" {
		t.Errorf("answer %+v, err %v", a.sample, a.err)
	}
}

// A configured reply answers sampling at once, and the logs say so.
func TestSamplingCannedReply(t *testing.T) {
	box := newMailbox()
	a := newAsker(context.Background(), box, &Options{SampleReply: "canned answer"})
	res, err := a.sample(context.Background(), &sdk.CreateMessageParams{Messages: []sdk.SamplingMessage{sdk.UserText("hi")}})
	if err != nil || res.Text() != "canned answer" {
		t.Fatalf("got %+v, %v", res, err)
	}
	evs := box.take()
	if len(evs) != 1 || !strings.Contains(evs[0].(logEvent).text, "answered with the configured reply") {
		t.Errorf("logs %+v", evs)
	}
}

// roots/list answers Options.Roots as given; without any, an empty list:
// neither the current directory nor the target's --cwd is offered.
func TestRootsFromOptions(t *testing.T) {
	dir := t.TempDir()
	given := []sdk.Root{{URI: "file:///tmp/a%20b", Name: "a b"}, {URI: "file:///srv", Name: "srv"}}
	tests := []struct {
		name string
		opts Options
		want []sdk.Root
	}{
		{"default", Options{}, nil},
		{"the target's --cwd", Options{Dev: DevOptions{Target: &target.Target{Dir: dir}}}, nil},
		{"given", Options{Roots: given}, given},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := New(context.Background(), nil, tt.opts)
			got, err := newAsker(context.Background(), newMailbox(), &m.opts).listRoots(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("roots (-want +got):\n-%v\n+%v", tt.want, got)
			}
		})
	}
}

// The inspector's client declares every question it answers, so a
// server's tools that ask work against it, in both eras.
func TestQuestionsAnsweredInBothEras(t *testing.T) {
	eras(t, func(t *testing.T, version string) {
		s := sdk.NewServer("asks", nil)
		sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
			roots, err := sdk.Roots(ctx)
			if err != nil {
				return "", err
			}
			res, err := sdk.Sample(ctx, sdk.CreateMessageParams{Messages: []sdk.SamplingMessage{sdk.UserText("hi")}})
			if err != nil {
				return "", err
			}
			return fmt.Sprintf("%s %s", roots[0].URI, res.Text()), nil
		}, &sdk.ToolOptions{Name: "asks", Description: "Asks."})
		box := newMailbox()
		opts := hooks(box, newAsker(context.Background(), box, &Options{SampleReply: "hello", Roots: []sdk.Root{{URI: "file:///srv", Name: "srv"}}}), "test")
		opts.ProtocolVersion = version
		client, err := sdk.NewInMemoryClient(context.Background(), s, opts)
		if err != nil {
			t.Fatal(err)
		}
		defer client.Close()
		res, err := client.CallTool(context.Background(), "asks", json.RawMessage(`{}`), nil)
		if err != nil || res.IsError || res.Content[0].Text != "file:///srv hello" {
			t.Errorf("got %+v, %v", res, err)
		}
	})
}

// A call refused with URLElicitationRequiredError (-32042) shows each URL
// it names as a question; the status then says to call again.
func TestURLElicitationRequiredErrorAsks(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	press(m, "enter")
	typeText(m, "dune")
	press(m, "ctrl+r")
	err := sdk.URLElicitationRequired("This request needs you to sign in.",
		sdk.URLElicitation{URL: "https://auth.example.com/a", Message: "Sign in first.", ElicitationID: "a"},
		sdk.URLElicitation{URL: "https://auth.example.com/b", Message: "Then accept the terms.", ElicitationID: "b"})
	finishCall(m, nil, err, time.Millisecond)
	mustShow(t, m, "Server asks · open a URL for search_books (-32042) · 1 more waiting", "https://auth.example.com/a", "Sign in first.")
	press(m, "y")
	mustShow(t, m, "https://auth.example.com/b", "Then accept the terms.")
	press(m, "y")
	if m.ask.q != nil || m.focus != focusOutput || !strings.HasSuffix(m.status, "then call it again (esc, ctrl+r)") {
		t.Errorf("question %v, focus %v, status %q", m.ask.q, m.focus, m.status)
	}
	mustShow(t, m, "protocol error -32042")
}

// A message longer than its window scrolls with pgup/pgdn; other keys
// still go to the form.
func TestLongElicitationMessageScrolls(t *testing.T) {
	m := askingModel(t, 120, 40)
	var msg strings.Builder
	for i := 1; i <= 60; i++ {
		fmt.Fprintf(&msg, "line %d of the message\n", i)
	}
	ch := elicitAsync(context.Background(), m, &sdk.ElicitParams{Message: msg.String(), RequestedSchema: json.RawMessage(personSchema)})
	deliver[questionEvent](t, m)
	mustShow(t, m, "line 1 of the message", "pgup/pgdn scroll message")
	if strings.Contains(screen(m), "line 60 of") {
		t.Fatal("the whole message is shown: nothing to scroll")
	}
	for range 20 {
		press(m, "pgdown")
	}
	mustShow(t, m, "line 60 of the message")
	typeText(m, "Ada")
	press(m, "ctrl+r")
	if a := got(t, ch); a.elicit.Action != sdk.ActionAccept || !strings.Contains(string(a.elicit.Content), `"name":"Ada"`) {
		t.Errorf("answer %+v", a.elicit)
	}
}

// The answer a person gives is noted (for w and y) before the hook has
// it: the sdk then writes the schema's defaults into the same result on
// the client's goroutine, which raced the noting (go test -race found it
// in TestGoldenFlowsServerEverything). The noted answer is the person's.
func TestAnswerNotedBeforeTheHookHasIt(t *testing.T) {
	m := askingModel(t, 120, 40)
	form := elicitAsync(context.Background(), m, &sdk.ElicitParams{Message: "Who are you?",
		RequestedSchema: json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"}}}`)})
	deliver[questionEvent](t, m)
	typeText(m, "Ada")
	done := make(chan struct{})
	go func() { // as the sdk's withDefaults does, once the hook returns
		a := <-form
		a.elicit.Content = json.RawMessage(`{"name":"Ada","age":42}`)
		close(done)
	}()
	press(m, "ctrl+r")
	<-done
	if len(m.asks.given) != 1 || strings.Join(m.asks.given[0].Words, " ") != "name=Ada" {
		t.Errorf("noted %+v, want the answer name=Ada", m.asks.given)
	}
}
