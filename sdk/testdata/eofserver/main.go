// Command eofserver is the subprocess of TestStdioExitsAtEOF: a server
// with something in every state that can be open when the client closes
// stdin — a resource to subscribe to, a call that waits for its context,
// one that ignores it, questions to the client (elicitation, sampling), a
// task and a quick call — each saying on standard error when it started.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
)

// NoArgs are the arguments of the tools that take none.
type NoArgs struct{}

// Wait blocks until its call is cancelled.
func Wait(ctx context.Context, _ NoArgs) (string, error) {
	fmt.Fprintln(os.Stderr, "wait: started")
	<-ctx.Done()
	return "", ctx.Err()
}

// Stubborn blocks forever, ignoring its context.
func Stubborn(ctx context.Context, _ NoArgs) (string, error) {
	fmt.Fprintln(os.Stderr, "stubborn: started")
	select {}
}

// Quick answers after a moment.
func Quick(ctx context.Context, _ NoArgs) (string, error) {
	fmt.Fprintln(os.Stderr, "quick: started")
	time.Sleep(200 * time.Millisecond)
	return "quick done", nil
}

// Name is what Ask asks for.
type Name struct {
	Name string `json:"name"`
}

// Ask asks the person for a name.
func Ask(ctx context.Context, _ NoArgs) (string, error) {
	fmt.Fprintln(os.Stderr, "ask: started")
	n, _, err := sdk.Elicit[Name](ctx, "Your name?")
	if err != nil {
		return "", fmt.Errorf("ask: %w", err)
	}
	return "hello " + n.Name, nil
}

// Sample asks the client's model.
func Sample(ctx context.Context, _ NoArgs) (string, error) {
	fmt.Fprintln(os.Stderr, "sample: started")
	_, err := sdk.Sample(ctx, sdk.CreateMessageParams{Messages: []sdk.SamplingMessage{{Role: "user", Content: json.RawMessage(`{"type":"text","text":"hi"}`)}}})
	if err != nil {
		return "", fmt.Errorf("sample: %w", err)
	}
	return "sampled", nil
}

// Note is the resource note://a.
func Note(context.Context) (string, error) { return "a", nil }

func main() {
	s := sdk.NewServer("eofserver", nil)
	sdk.Tool(s, Wait, nil)
	sdk.Tool(s, Stubborn, nil)
	sdk.Tool(s, Quick, nil)
	sdk.Tool(s, Ask, nil)
	sdk.Tool(s, Sample, nil)
	sdk.Tool(s, Wait, &sdk.ToolOptions{Name: "slow_task", TaskSupport: sdk.TaskOptional})
	sdk.Resource(s, "note://a", Note, nil)
	if err := s.Run(context.Background()); err != nil {
		log.Fatal(err)
	}
}
