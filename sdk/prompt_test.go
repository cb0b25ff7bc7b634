package sdk_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

type mood string

func (mood) Enum() []any { return []any{"cheerful", "calm", "curious"} }

type tripArgs struct {
	City   string   `json:"city" jsonschema:"description=Where the trip goes"`
	Days   int      `json:"days" jsonschema:"minimum=1,maximum=14"`
	Mood   mood     `json:"mood,omitempty" jsonschema:"description=How the plan should feel"`
	Budget *float64 `json:"budget,omitempty"`
	Kids   bool     `json:"kids,omitempty"`
	Sights []string `json:"sights,omitempty"`
}

func planTrip(ctx context.Context, a tripArgs) (string, error) {
	budget := "any"
	if a.Budget != nil {
		budget = fmt.Sprint(*a.Budget)
	}
	return fmt.Sprintf("Plan %d %s days in %s (budget %s, kids %t, sights %q).", a.Days, a.Mood, a.City, budget, a.Kids, a.Sights), nil
}

// promptServer is a server with the prompts the tests below use.
func promptServer(t *testing.T) *sdk.Server {
	t.Helper()
	s := sdk.NewServer("prompts", nil)
	sdk.Prompt(s, planTrip, &sdk.PromptOptions{Name: "plan_trip", Title: "Plan a trip", Description: "Plans a trip."})
	sdk.Prompt(s, func(ctx context.Context, _ struct{}) (string, error) { panic("boom") },
		&sdk.PromptOptions{Name: "explode", Description: "Panics."})
	sdk.Prompt(s, func(ctx context.Context, _ struct{}) (string, error) { return "", errors.New("the shelf is empty") },
		&sdk.PromptOptions{Name: "fail", Description: "Fails."})
	sdk.Prompt(s, func(ctx context.Context, _ struct{}) (string, error) {
		return "", &sdk.RPCError{Code: transport.CodeInvalidParams, Message: "no such shelf"}
	}, &sdk.PromptOptions{Name: "refuse", Description: "Refuses with its own JSON-RPC error."})
	return s
}

func rpcCode(err error) int {
	var e *transport.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return 0
}

// rpcText is "error CODE: MESSAGE" for a JSON-RPC error, else err's text.
func rpcText(err error) string {
	var e *transport.Error
	if errors.As(err, &e) {
		return fmt.Sprintf("error %d: %s", e.Code, e.Message)
	}
	return err.Error()
}

// The arguments prompts/list shows come from the struct: order, names,
// descriptions, required as for tools.
func TestPromptArgumentsFromStruct(t *testing.T) {
	s := promptServer(t)
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			c := memClient(t, s, era.version, nil)
			prompts, err := c.ListPrompts(testCtx(t))
			if err != nil {
				t.Fatal(err)
			}
			want := `[{"name":"plan_trip","title":"Plan a trip","description":"Plans a trip.","arguments":[` +
				`{"name":"city","description":"Where the trip goes","required":true},` +
				`{"name":"days","required":true},` +
				`{"name":"mood","description":"How the plan should feel"},` +
				`{"name":"budget"},{"name":"kids"},{"name":"sights"}]},` +
				`{"name":"explode","description":"Panics."},{"name":"fail","description":"Fails."},` +
				`{"name":"refuse","description":"Refuses with its own JSON-RPC error."}]`
			if d := jsonDiff(t, []byte(want), toJSON(t, prompts)); d != "" {
				t.Errorf("prompts (-want +got):\n%s", d)
			}
		})
	}
}

// String arguments become the struct's types as Pydantic's lax mode reads
// them; what does not fit is refused with every problem, -32602.
func TestPromptArgumentsParsedFromStrings(t *testing.T) {
	s := promptServer(t)
	tests := []struct {
		name string
		args map[string]string
		want string // the message text, or the error
	}{
		{"all typed", map[string]string{"city": "Oslo", "days": "3", "mood": "calm", "budget": "99.5", "kids": "yes", "sights": `["fjord","museum"]`},
			`Plan 3 calm days in Oslo (budget 99.5, kids true, sights ["fjord" "museum"]).`},
		{"optional left out", map[string]string{"city": "Oslo", "days": "2"}, `Plan 2  days in Oslo (budget any, kids false, sights []).`},
		{"every problem at once", map[string]string{"days": "many", "mood": "grumpy", "kids": "perhaps", "zzz": "1"},
			"error -32602: Invalid arguments for prompt plan_trip: 5 validation errors for plan_trip\n" +
				"zzz\n  Extra inputs are not permitted [type=extra_forbidden, input_value='1', input_type=str]\n" +
				"city\n  Field required [type=missing, input_value={'days': 'many', 'kids': 'perhaps', 'mood': 'grumpy', 'zzz': '1'}, input_type=dict]\n" +
				"days\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='many', input_type=str]\n" +
				"mood\n  Input should be 'cheerful', 'calm' or 'curious' [type=literal_error, input_value='grumpy', input_type=str]\n" +
				"kids\n  Input should be a valid boolean, unable to interpret input [type=bool_parsing, input_value='perhaps', input_type=str]"},
		{"bounds", map[string]string{"city": "Oslo", "days": "15"},
			"error -32602: Invalid arguments for prompt plan_trip: 1 validation error for plan_trip\n" +
				"days\n  Input should be less than or equal to 14 [type=less_than_equal, input_value='15', input_type=str]"},
	}
	for _, era := range eras {
		c := memClient(t, s, era.version, nil)
		for _, tt := range tests {
			t.Run(era.name+"/"+tt.name, func(t *testing.T) {
				if d := textDiff(tt.want, getPromptText(t, c, "plan_trip", tt.args)); d != "" {
					t.Errorf("(-want +got):\n%s", d)
				}
			})
		}
	}
}

// getPromptText renders a prompt and returns its messages' text, one per
// line as "role: text", or "error CODE: MESSAGE".
func getPromptText(t *testing.T, c *sdk.Client, name string, args map[string]string) string {
	t.Helper()
	res, err := c.GetPrompt(testCtx(t), name, args)
	if err != nil {
		return rpcText(err)
	}
	var lines []string
	for _, m := range res.Messages {
		lines = append(lines, m.Content.Text)
	}
	return strings.Join(lines, "\n")
}

// A prompt that fails, panics or names nothing gets the spec's error and
// the server goes on serving the same connection.
func TestPromptGetErrors(t *testing.T) {
	s := promptServer(t)
	tests := []struct{ name, want string }{
		{"explode", "error -32603: Error rendering prompt explode: panic: boom"},
		{"fail", "error -32603: Error rendering prompt fail: the shelf is empty"},
		{"refuse", "error -32602: no such shelf"},
		{"nope", `error -32602: Unknown prompt: "nope" (prompts/list names the prompts this server has)`},
		{"\x1b[31mred\r\x00", `error -32602: Unknown prompt: "\x1b[31mred\r\x00" (prompts/list names the prompts this server has)`},
		{strings.Repeat("n", 1<<20), `error -32602: Unknown prompt: "` + strings.Repeat("n", 128) + `"… (prompts/list names the prompts this server has)`},
	}
	for _, era := range eras {
		c := memClient(t, s, era.version, nil)
		for _, tt := range tests {
			t.Run(era.name+"/"+tt.name[:min(len(tt.name), 8)], func(t *testing.T) {
				if d := textDiff(tt.want, getPromptText(t, c, tt.name, nil)); d != "" {
					t.Errorf("(-want +got):\n%s", d)
				}
				// The connection still serves.
				if got := getPromptText(t, c, "plan_trip", map[string]string{"city": "Rome", "days": "1"}); !strings.HasPrefix(got, "Plan 1") {
					t.Errorf("after the error: %s", got)
				}
			})
		}
	}
}

// A megabyte argument is passed through whole; a megabyte of bad input is
// refused with a short message.
func TestPromptMegabyteArguments(t *testing.T) {
	s := promptServer(t)
	big := strings.Repeat("é", 1<<19)
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			c := memClient(t, s, era.version, nil)
			got := getPromptText(t, c, "plan_trip", map[string]string{"city": big, "days": "1"})
			if !strings.Contains(got, big) {
				t.Errorf("the megabyte city did not arrive whole (%d bytes back)", len(got))
			}
			got = getPromptText(t, c, "plan_trip", map[string]string{"city": "x", "days": big})
			if !strings.HasPrefix(got, "error -32602: ") || len(got) > 1000 {
				t.Errorf("a megabyte of bad input: %d bytes: %.300s", len(got), got)
			}
		})
	}
}

// Raw arguments that are not strings: the spec sends strings, but a value
// of the field's own JSON type is accepted too, and a wrong one refused.
func TestPromptArgumentsNotStrings(t *testing.T) {
	s := promptServer(t)
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			c := memClient(t, s, era.version, nil)
			var res sdk.GetPromptResult
			err := c.Call(testCtx(t), "prompts/get", map[string]any{"name": "plan_trip", "arguments": map[string]any{"city": "Oslo", "days": 4}}, &res)
			if err != nil || !strings.HasPrefix(res.Messages[0].Content.Text, "Plan 4") {
				t.Errorf("days as a number: %+v, %v", res, err)
			}
			err = c.Call(testCtx(t), "prompts/get", map[string]any{"name": "plan_trip", "arguments": map[string]any{"city": 7, "days": "4"}}, &res)
			if rpcCode(err) != transport.CodeInvalidParams || !strings.Contains(err.Error(), "city\n  Input should be a valid string") {
				t.Errorf("city as a number: %v", err)
			}
			err = c.Call(testCtx(t), "prompts/get", map[string]any{"name": "plan_trip", "arguments": "city=Oslo"}, &res)
			if rpcCode(err) != transport.CodeInvalidParams {
				t.Errorf("arguments as a string: %v", err)
			}
		})
	}
}
