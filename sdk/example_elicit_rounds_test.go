package sdk_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
)

// Confirm is a yes/no form.
type Confirm struct {
	Yes bool `json:"yes" jsonschema:"title=Book it?"`
}

// In the 2026 era the handler runs again per input round: code
// before Elicit runs once per round, code after it once. Keep side
// effects after the last question.
func ExampleElicit_rounds() {
	var looked, booked int
	s := sdk.NewServer("hotel", nil)
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		looked++ // before the question: runs again in the 2026 era
		ok, action, err := sdk.Elicit[Confirm](ctx, "Book the double room?")
		if err != nil {
			return "", err
		}
		if action != sdk.ActionAccept || !ok.Yes {
			return "Not booked", nil
		}
		booked++ // the side effect: after the answer, once
		return "Booked", nil
	}, &sdk.ToolOptions{Name: "book", Description: "Books a room."})

	for _, version := range []string{sdk.LatestLegacyVersion, sdk.Version2026} {
		looked, booked = 0, 0
		c, _ := sdk.NewInMemoryClient(context.Background(), s, &sdk.ClientOptions{
			ProtocolVersion: version,
			OnElicit: func(context.Context, *sdk.ElicitParams) (*sdk.ElicitResult, error) {
				return &sdk.ElicitResult{Action: sdk.ActionAccept, Content: []byte(`{"yes":true}`)}, nil
			},
		})
		res, _ := c.CallTool(context.Background(), "book", nil, nil)
		fmt.Printf("%s: %s; code before Elicit ran %d times, after it %d\n", c.Era(), res.Content[0].Text, looked, booked)
		c.Close()
	}
	// Output:
	// legacy: Booked; code before Elicit ran 1 times, after it 1
	// 2026: Booked; code before Elicit ran 2 times, after it 1
}

// Elicit's doc says that a 2026-era handler runs again per input
// round, and shows the idiom that keeps side effects after the question.
func TestElicitDocSaysHandlerRunsAgain(t *testing.T) {
	p := testutil.PackageDoc(t, ".", "github.com/mcpdev/mcpdev/sdk")
	funcs := p.Funcs
	for _, ty := range p.Types {
		funcs = append(funcs, ty.Funcs...) // a func returning the type is listed under it
	}
	var text string
	for _, f := range funcs {
		if f.Name == "Elicit" {
			text = f.Doc
		}
	}
	for _, want := range []string{"runs again per input", "runs twice", "side effect", "after the answer"} {
		if !strings.Contains(strings.Join(strings.Fields(text), " "), want) {
			t.Errorf("Elicit's doc lacks %q:\n%s", want, text)
		}
	}
}
