package sdktest_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdktest"
)

type stay struct {
	Arrival string `json:"arrival" jsonschema:"format=date"`
	Nights  int    `json:"nights" jsonschema:"minimum=1"`
}

// hotel asks the person, the model and the roots in one call, so each
// answerer is exercised through the real protocol of each era.
func hotel() *sdk.Server {
	s := sdk.NewServer("hotel", nil)
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		st, action, err := sdk.Elicit[stay](ctx, "When do you arrive?")
		if err != nil {
			return "", err
		}
		if action != sdk.ActionAccept {
			return "no booking: " + string(action), nil
		}
		msg, err1 := sdk.Sample(ctx, sdk.CreateMessageParams{Messages: []sdk.SamplingMessage{sdk.UserText("greet")}, MaxTokens: 10})
		roots, err2 := sdk.Roots(ctx)
		if err := errors.Join(err1, err2); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s ×%d; %s; %s", st.Arrival, st.Nights, msg.Text(), roots[0].URI), nil
	}, &sdk.ToolOptions{Name: "book", Description: "Books a room."})
	return s
}

func call(t *testing.T, c *sdk.Client) string {
	t.Helper()
	res, err := c.CallTool(t.Context(), "book", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError || len(res.Content) == 0 {
		t.Fatalf("result %+v", res)
	}
	return res.Content[0].Text
}

func TestForEachEraWithAnswerers(t *testing.T) {
	opts := &sdk.ClientOptions{
		OnElicit: sdktest.Accept(map[string]any{"arrival": "2026-12-24", "nights": 2}),
		OnSample: sdktest.Reply("Welcome!"),
		OnRoots:  sdktest.Roots("file:///srv/hotel"),
	}
	var eras []string
	sdktest.ForEachEra(t, hotel(), opts, func(t *testing.T, c *sdk.Client) {
		eras = append(eras, string(c.Era()))
		if got, want := call(t, c), "2026-12-24 ×2; Welcome!; file:///srv/hotel"; got != want {
			t.Errorf("%s era: %q, want %q", c.Era(), got, want)
		}
	})
	if strings.Join(eras, ",") != "legacy,2026" {
		t.Errorf("eras run: %v", eras)
	}
	if opts.ProtocolVersion != "" {
		t.Errorf("ForEachEra changed the caller's options: ProtocolVersion %q", opts.ProtocolVersion)
	}
}

func TestDeclineAndCancel(t *testing.T) {
	for _, tc := range []struct {
		name   string
		answer func(context.Context, *sdk.ElicitParams) (*sdk.ElicitResult, error)
	}{{"decline", sdktest.Decline()}, {"cancel", sdktest.Cancel()}} {
		sdktest.ForEachEra(t, hotel(), &sdk.ClientOptions{OnElicit: tc.answer}, func(t *testing.T, c *sdk.Client) {
			if got := call(t, c); got != "no booking: "+tc.name {
				t.Errorf("%q", got)
			}
		})
	}
}

// A form answer the schema refuses reaches the server as a refusal, not as
// a value: Accept's content goes through the sdk's own checks.
func TestAcceptWithContentTheFormRefuses(t *testing.T) {
	c := sdktest.NewClient(t, hotel(), sdk.EraLegacy, &sdk.ClientOptions{
		OnElicit: sdktest.Accept(map[string]any{"arrival": "2026-12-24", "nights": 0}),
		OnSample: sdktest.Reply("x"),
		OnRoots:  sdktest.Roots("file:///x"),
	})
	res, err := c.CallTool(t.Context(), "book", nil, nil)
	if err != nil || !res.IsError || !strings.Contains(res.Content[0].Text, "nights\n  Input should be greater than or equal to 1 [type=greater_than_equal, input_value=0, input_type=int]") {
		t.Fatalf("nights 0: %+v, %v; want the form's refusal", res, err)
	}
}

func TestNewClientSpeaksTheEraAsked(t *testing.T) {
	for _, e := range sdk.Eras() {
		if c := sdktest.NewClient(t, hotel(), e, nil); c.Era() != e || c.ProtocolVersion() != e.Version() {
			t.Errorf("asked %s, got %s at %s", e, c.Era(), c.ProtocolVersion())
		}
	}
}
