// Command everything is the inspector tests' server with something for
// every view, in both eras: a tool with a form, an elicitation form and a
// URL, sampling, roots, a resource that changes and sends updates, a
// prompt whose argument completes, a tool that runs only as a task; its
// results carry values that cannot repeat (an id, a time, a duration),
// as real servers' do.
package main

import (
	"context"
	"crypto/rand"
	"fmt"
	"log"
	"strings"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
)

// NoArgs is the arguments of a tool that takes none.
type NoArgs struct{}

// AddArgs are the numbers add sums.
type AddArgs struct {
	A int `json:"a" jsonschema:"description=The first number"`
	B int `json:"b" jsonschema:"description=The second number"`
}

// Add sums two numbers.
func Add(ctx context.Context, a AddArgs) (string, error) {
	return fmt.Sprintf("The sum of %d and %d is %d.", a.A, a.B, a.A+a.B), nil
}

// Person is the form ask_person asks for.
type Person struct {
	Name string `json:"name" jsonschema:"title=Name"`
	Age  int    `json:"age,omitempty" jsonschema:"title=Age,minimum=0,maximum=150,default=30"`
	City string `json:"city,omitempty" jsonschema:"title=City,default=Paris"`
}

// AskPerson asks who the person is and answers with a request id.
func AskPerson(ctx context.Context, _ NoArgs) (string, error) {
	p, action, err := sdk.Elicit[Person](ctx, "Who are you?")
	if err != nil {
		return "", err
	}
	if action != sdk.ActionAccept {
		return "no answer: " + string(action), nil
	}
	return fmt.Sprintf("Hello, %s (%d) from %s!\nRequest ID: %s", p.Name, p.Age, p.City, newID()), nil
}

// OpenPage asks the person to open a page.
func OpenPage(ctx context.Context, _ NoArgs) (string, error) {
	action, err := sdk.ElicitURL(ctx, "Open the page to go on.", "https://example.com/page", "page-1")
	if err != nil {
		return "", err
	}
	return "page: " + string(action), nil
}

// SampleArgs is the prompt ask_model sends.
type SampleArgs struct {
	Prompt string `json:"prompt" jsonschema:"description=What to ask the model"`
}

// AskModel asks the client's model.
func AskModel(ctx context.Context, a SampleArgs) (string, error) {
	res, err := sdk.Sample(ctx, sdk.CreateMessageParams{Messages: []sdk.SamplingMessage{sdk.UserText(a.Prompt)}, MaxTokens: 50})
	if err != nil {
		return "", err
	}
	return "The model says: " + res.Text(), nil
}

// ListRoots lists the client's roots.
func ListRoots(ctx context.Context, _ NoArgs) (string, error) {
	roots, err := sdk.Roots(ctx)
	if err != nil {
		return "", err
	}
	var uris []string
	for _, r := range roots {
		uris = append(uris, r.URI)
	}
	return fmt.Sprintf("%d root(s): %s", len(roots), strings.Join(uris, " ")), nil
}

// clockURI is the resource that changes.
const clockURI = "everything://clock"

// Clock says when it was read.
func Clock(ctx context.Context) (string, error) {
	return "Read at " + time.Now().UTC().Format(time.RFC3339Nano), nil
}

// updates sends the clock's updates.
type updates struct{ s *sdk.Server }

// StartUpdates tells the clients following the clock that it changed,
// every half second for five seconds.
func (u updates) StartUpdates(ctx context.Context, _ NoArgs) (string, error) {
	go func() {
		for range 10 {
			time.Sleep(500 * time.Millisecond)
			u.s.ResourceUpdated(clockURI)
		}
	}()
	return "Updates of " + clockURI + " started.", nil
}

// GreetArgs are the arguments of the greet prompt.
type GreetArgs struct {
	// Who to greet
	Name string `json:"name"`
	// How to greet
	Mood string `json:"mood,omitempty"`
}

// Greet is a prompt that greets someone.
func Greet(ctx context.Context, a GreetArgs) (string, error) {
	return fmt.Sprintf("Greet %s, %s.", a.Name, a.Mood), nil
}

func completeName(ctx context.Context, value string, _ map[string]string) ([]string, error) {
	var out []string
	for _, n := range []string{"Alice", "Albert", "Bob"} {
		if strings.HasPrefix(n, value) {
			out = append(out, n)
		}
	}
	return out, nil
}

// ResearchArgs is the topic research works on.
type ResearchArgs struct {
	Topic string `json:"topic" jsonschema:"description=What to research"`
}

// Research works for a while, only as a task, and says how long it took.
func Research(ctx context.Context, a ResearchArgs) (string, error) {
	start := time.Now()
	select {
	case <-time.After(300 * time.Millisecond):
	case <-ctx.Done():
		return "", ctx.Err()
	}
	return fmt.Sprintf("Report on %s: done in %s.", a.Topic, time.Since(start).Round(time.Millisecond)), nil
}

// newID is a random UUID (version 4).
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6], b[8] = b[6]&0x0f|0x40, b[8]&0x3f|0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

func main() {
	s := sdk.NewServer("everything", &sdk.ServerOptions{Version: "1.0.0"})
	sdk.Tool(s, Add, nil)
	sdk.Tool(s, AskPerson, nil)
	sdk.Tool(s, OpenPage, nil)
	sdk.Tool(s, AskModel, nil)
	sdk.Tool(s, ListRoots, nil)
	sdk.Tool(s, updates{s}.StartUpdates, nil)
	sdk.Tool(s, Research, &sdk.ToolOptions{TaskSupport: sdk.TaskRequired})
	sdk.Resource(s, clockURI, Clock, nil)
	sdk.Prompt(s, Greet, &sdk.PromptOptions{Complete: map[string]sdk.CompleteFunc{"name": completeName}})
	if err := s.Run(context.Background()); err != nil {
		log.Fatal(err)
	}
}
