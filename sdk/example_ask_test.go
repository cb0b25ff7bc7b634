package sdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mcpdev/mcpdev/sdk"
)

// Stay is the form the hotel's tool asks for.
type Stay struct {
	Arrival string `json:"arrival" jsonschema:"title=Arrival,format=date"`
	Nights  int    `json:"nights" jsonschema:"title=Nights,minimum=1,default=1"`
	Room    string `json:"room" jsonschema:"enum=single,enum=double" enumTitles:"Single room,Double room"`
}

// The same tool asks the person in both eras: in a session the server
// sends elicitation/create and waits; in the 2026 era the call
// returns an InputRequiredResult, the client answers and calls again, and
// Elicit returns the answer. The client's OnElicit hook answers either way.
func ExampleElicit() {
	s := sdk.NewServer("hotel", nil)
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		stay, action, err := sdk.Elicit[Stay](ctx, "When do you arrive?")
		if err != nil {
			return "", err
		}
		if action != sdk.ActionAccept {
			return "No booking (" + string(action) + ")", nil
		}
		return fmt.Sprintf("Booked a %s room from %s for %d nights", stay.Room, stay.Arrival, stay.Nights), nil
	}, &sdk.ToolOptions{Name: "book", Description: "Books a room."})

	for _, version := range []string{sdk.LatestLegacyVersion, sdk.Version2026} {
		c, _ := sdk.NewInMemoryClient(context.Background(), s, &sdk.ClientOptions{
			ProtocolVersion: version,
			OnElicit: func(_ context.Context, p *sdk.ElicitParams) (*sdk.ElicitResult, error) {
				// A real client shows p.Message and a form built from
				// p.RequestedSchema.
				return &sdk.ElicitResult{Action: sdk.ActionAccept, Content: json.RawMessage(`{"arrival":"2026-12-24","nights":2,"room":"double"}`)}, nil
			},
		})
		res, _ := c.CallTool(context.Background(), "book", nil, nil)
		fmt.Printf("%s: %s\n", c.Era(), res.Content[0].Text)
		c.Close()
	}
	// Output:
	// legacy: Booked a double room from 2026-12-24 for 2 nights
	// 2026: Booked a double room from 2026-12-24 for 2 nights
}

// Sample asks the client's model; Roots asks where the server may work.
// Made together and checked together, they are one round in the
// 2026 era.
func ExampleSample() {
	s := sdk.NewServer("summarizer", nil)
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		msg, err1 := sdk.Sample(ctx, sdk.CreateMessageParams{
			Messages:     []sdk.SamplingMessage{sdk.UserText("Summarize the project in five words.")},
			SystemPrompt: "You are terse.",
			MaxTokens:    50,
		})
		roots, err2 := sdk.Roots(ctx)
		if err := errors.Join(err1, err2); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s (%d root: %s)", msg.Text(), len(roots), roots[0].URI), nil
	}, &sdk.ToolOptions{Name: "summarize", Description: "Summarizes the project."})

	c, _ := sdk.NewInMemoryClient(context.Background(), s, &sdk.ClientOptions{
		OnSample: func(_ context.Context, p *sdk.CreateMessageParams) (*sdk.CreateMessageResult, error) {
			return &sdk.CreateMessageResult{Role: "assistant", Model: "tiny",
				Content: json.RawMessage(`{"type":"text","text":"An SDK that asks back."}`)}, nil
		},
		OnRoots: func(context.Context) ([]sdk.Root, error) {
			return []sdk.Root{{URI: "file:///src/mcpdev", Name: "mcpdev"}}, nil
		},
	})
	defer c.Close()
	res, _ := c.CallTool(context.Background(), "summarize", nil, nil)
	fmt.Println(res.Content[0].Text)
	// Output:
	// An SDK that asks back. (1 root: file:///src/mcpdev)
}

// A client without the hook does not declare the capability, and the
// question fails with the spec's -32021 error.
func ExampleRoots() {
	s := sdk.NewServer("files", nil)
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (int, error) {
		roots, err := sdk.Roots(ctx)
		return len(roots), err
	}, &sdk.ToolOptions{Name: "count_roots", Description: "Counts the client's roots."})

	c, _ := sdk.NewInMemoryClient(context.Background(), s, nil)
	defer c.Close()
	_, err := c.CallTool(context.Background(), "count_roots", nil, nil)
	fmt.Println(err)
	// Output:
	// jsonrpc error -32021: Missing required client capability: the client did not declare roots, so the server cannot ask it (data: {"requiredCapabilities":{"roots":{}}})
}
