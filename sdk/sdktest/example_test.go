package sdktest_test

import (
	"context"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdktest"
)

// A tool that asks the person, tested in both eras with a canned answer.
// (In a real test, t is the *testing.T of func TestGreet(t *testing.T).)
func ExampleForEachEra() {
	s := sdk.NewServer("greeter", nil)
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		who, action, err := sdk.Elicit[struct {
			Name string `json:"name"`
		}](ctx, "Who are you?")
		if err != nil || action != sdk.ActionAccept {
			return "Hello, stranger.", err
		}
		return "Hello, " + who.Name + ".", nil
	}, &sdk.ToolOptions{Name: "greet", Description: "Greets whoever answers."})

	var t *testing.T
	opts := &sdk.ClientOptions{OnElicit: sdktest.Accept(map[string]any{"name": "Ada"})}
	sdktest.ForEachEra(t, s, opts, func(t *testing.T, c *sdk.Client) {
		res, err := c.CallTool(t.Context(), "greet", nil, nil)
		if err != nil || res.Content[0].Text != "Hello, Ada." {
			t.Errorf("%s era: %v, %v", c.Era(), res, err)
		}
	})
}
