// Command asking is the inspector tests' server that asks back: a form
// it refuses once, a URL, sampling and roots, and the same questions made
// hostile (escape sequences, carriage returns, megabytes of text). Its
// tools work in both eras (server requests in a session, input-required
// rounds in the 2026 era).
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/mcpdev/mcpdev/sdk"
)

// NoArgs is the arguments of a tool that takes none.
type NoArgs struct{}

// Person is the form ask_name asks for.
type Person struct {
	Name string `json:"name" jsonschema:"title=Your name,description=What people call you"`
	Age  int    `json:"age,omitempty" jsonschema:"title=Age,minimum=0,maximum=150,default=30"`
}

// AskName greets the person by the name it asks, asking again (once)
// when the name is "nobody".
func AskName(ctx context.Context, _ NoArgs) (string, error) {
	msg := "Who are you?"
	for attempt := 1; attempt <= 2; attempt++ {
		p, action, err := sdk.Elicit[Person](ctx, msg, &sdk.AskOptions{Key: fmt.Sprintf("person-%d", attempt)})
		if err != nil {
			return "", err
		}
		if action != sdk.ActionAccept {
			return "no name: action=" + string(action), nil
		}
		if p.Name != "nobody" {
			return fmt.Sprintf("Hello, %s (%d)!", p.Name, p.Age), nil
		}
		msg = "Not nobody, please: who are you really?"
	}
	return "still nobody", nil
}

// AskURL asks the person to open a page.
func AskURL(ctx context.Context, _ NoArgs) (string, error) {
	action, err := sdk.ElicitURL(ctx, "Sign in to continue.", "https://example.com/login?session=42", "login-42")
	if err != nil {
		return "", err
	}
	return "url: action=" + string(action), nil
}

// hostileText is server text made to hurt a terminal: a clipboard write,
// a screen clear, a carriage return that overprints, and 2 MB after.
const hostileText = "EVIL\x1b]52;c;aGFja2Vk\x07\x1b[2J\rOVERPRINT\x00 "

// HostileElicit asks with a hostile, huge message.
func HostileElicit(ctx context.Context, _ NoArgs) (string, error) {
	_, action, err := sdk.Elicit[Person](ctx, hostileText+strings.Repeat("blah ", 400_000))
	if err != nil {
		return "", err
	}
	return "hostile form: action=" + string(action), nil
}

// HostileSample sends a hostile, huge sampling request.
func HostileSample(ctx context.Context, _ NoArgs) (string, error) {
	hint := sdk.ModelHint{Name: "claude\x1b[31m"}
	res, err := sdk.Sample(ctx, sdk.CreateMessageParams{
		SystemPrompt:     hostileText,
		Messages:         []sdk.SamplingMessage{sdk.UserText(hostileText + strings.Repeat("blah ", 400_000))},
		MaxTokens:        64,
		ModelPreferences: &sdk.ModelPreferences{Hints: []sdk.ModelHint{hint}},
	})
	if err != nil {
		return "", err
	}
	return "hostile sample: " + res.Text(), nil
}

// AskThenWait asks a form with the server's process id in the message
// (a test kills the server while the form is shown).
func AskThenWait(ctx context.Context, _ NoArgs) (string, error) {
	_, action, err := sdk.Elicit[Person](ctx, fmt.Sprintf("Kill me: pid %d.", os.Getpid()))
	if err != nil {
		return "", err
	}
	return "not killed: action=" + string(action), nil
}

func main() {
	s := sdk.NewServer("asking", &sdk.ServerOptions{Version: "1.0.0"})
	sdk.Tool(s, AskName, nil)
	sdk.Tool(s, AskURL, nil)
	sdk.Tool(s, HostileElicit, nil)
	sdk.Tool(s, HostileSample, nil)
	sdk.Tool(s, AskThenWait, nil)
	if err := s.Run(context.Background()); err != nil {
		log.Fatal(err)
	}
}
