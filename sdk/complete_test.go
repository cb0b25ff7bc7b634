package sdk_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

type level int

func (level) Enum() []any { return []any{1, 2, 3, 10} }

type completeArgs struct {
	Mood   mood    `json:"mood"`
	Maybe  *mood   `json:"maybe,omitempty"`
	Level  level   `json:"level"`
	Color  string  `json:"color" jsonschema:"enum=red,enum=green,enum=Grey"`
	City   string  `json:"city"`
	Street string  `json:"street"`
	Free   string  `json:"free"`
	Many   string  `json:"many"`
	Broken string  `json:"broken"`
	Oops   string  `json:"oops"`
	Refuse *string `json:"refuse,omitempty"`
}

// completeServer has one prompt whose arguments complete in every way.
func completeServer(t *testing.T) *sdk.Server {
	t.Helper()
	s := sdk.NewServer("complete", nil)
	streets := map[string][]string{"Oslo": {"Karl Johans gate", "Kirkegata"}, "Rome": {"Via del Corso"}}
	sdk.Prompt(s, func(ctx context.Context, a completeArgs) (string, error) { return "ok", nil }, &sdk.PromptOptions{
		Name: "addr", Description: "d",
		Complete: map[string]sdk.CompleteFunc{
			"street": func(ctx context.Context, value string, args map[string]string) ([]string, error) {
				var out []string
				for _, st := range streets[args["city"]] {
					if strings.HasPrefix(st, value) {
						out = append(out, st)
					}
				}
				return out, nil
			},
			"many": func(ctx context.Context, value string, args map[string]string) ([]string, error) {
				out := make([]string, 250)
				for i := range out {
					out[i] = fmt.Sprintf("%s%03d", value, i)
				}
				return out, nil
			},
			"broken": func(context.Context, string, map[string]string) ([]string, error) { panic("completion blew up") },
			"oops": func(context.Context, string, map[string]string) ([]string, error) {
				return nil, fmt.Errorf("index offline")
			},
			"refuse": func(context.Context, string, map[string]string) ([]string, error) {
				return nil, &sdk.RPCError{Code: transport.CodeInvalidParams, Message: "type at least 2 letters"}
			},
		},
	})
	return s
}

// completion/complete: enums and named types complete by prefix (case
// ignored), the author's function gets the resolved arguments, at most
// 100 values go back with total and hasMore, and bad refs get -32602.
func TestCompletePromptArguments(t *testing.T) {
	s := completeServer(t)
	prompt := sdk.CompleteRef{Type: sdk.RefPrompt, Name: "addr"}
	tests := []struct {
		name     string
		ref      sdk.CompleteRef
		arg, val string
		resolved map[string]string
		want     string
	}{
		{"enum method", prompt, "mood", "c", nil, `{"values":["cheerful","calm","curious"],"total":3}`},
		{"case ignored", prompt, "mood", "CU", nil, `{"values":["curious"],"total":1}`},
		{"optional named type", prompt, "maybe", "ca", nil, `{"values":["calm"],"total":1}`},
		{"integer enum", prompt, "level", "1", nil, `{"values":["1","10"],"total":2}`},
		{"enum tag", prompt, "color", "g", nil, `{"values":["green","Grey"],"total":2}`},
		{"empty value: all", prompt, "color", "", nil, `{"values":["red","green","Grey"],"total":3}`},
		{"no match", prompt, "color", "x", nil, `{"values":[]}`},
		{"nothing to complete", prompt, "free", "abc", nil, `{"values":[]}`},
		{"function with context", prompt, "street", "K", map[string]string{"city": "Oslo"}, `{"values":["Karl Johans gate","Kirkegata"],"total":2}`},
		{"function, other context", prompt, "street", "", map[string]string{"city": "Rome"}, `{"values":["Via del Corso"],"total":1}`},
		{"function, no context", prompt, "street", "", nil, `{"values":[]}`},
		{"capped at 100", prompt, "many", "v", nil, ""},
		{"unknown prompt", sdk.CompleteRef{Type: sdk.RefPrompt, Name: "nope"}, "x", "", nil,
			`error -32602: Unknown prompt: "nope" (prompts/list names the prompts this server has)`},
		{"unknown argument", prompt, "zip", "1", nil,
			`error -32602: Invalid params: prompt addr has no argument "zip"; its arguments are: mood, maybe, level, color, city, street, free, many, broken, oops, refuse`},
		{"unknown template", sdk.CompleteRef{Type: sdk.RefResource, URI: "test://{x}"}, "x", "", nil,
			`error -32602: Invalid params: no resource template "test://{x}": list them with resources/templates/list`},
		{"unknown ref type", sdk.CompleteRef{Type: "ref/tool", Name: "x"}, "x", "", nil,
			`error -32602: Invalid params: ref.type "ref/tool" is neither "ref/prompt" nor "ref/resource"`},
		{"function panics", prompt, "broken", "", nil, `error -32603: Error completing an argument of prompt addr: panic: completion blew up`},
		{"function fails", prompt, "oops", "", nil, `error -32603: Error completing an argument of prompt addr: index offline`},
		{"function refuses", prompt, "refuse", "", nil, `error -32602: type at least 2 letters`},
	}
	for _, era := range eras {
		c := memClient(t, s, era.version, nil)
		for _, tt := range tests {
			t.Run(era.name+"/"+tt.name, func(t *testing.T) {
				got, err := c.Complete(testCtx(t), tt.ref, tt.arg, tt.val, tt.resolved)
				if tt.name == "capped at 100" {
					if err != nil || len(got.Values) != 100 || got.Total != 250 || !got.HasMore || got.Values[99] != "v099" {
						t.Errorf("got %d values, total %d, hasMore %t, %v", len(got.Values), got.Total, got.HasMore, err)
					}
					return
				}
				text := ""
				if err != nil {
					text = rpcText(err)
				} else {
					text = string(toJSON(t, got))
				}
				if d := textDiff(tt.want, text); d != "" {
					t.Errorf("(-want +got):\n%s", d)
				}
			})
		}
	}
}

// A server where nothing completes answers completion/complete with
// -32601, as one without the capability must; hostile params get -32602.
func TestCompleteRefusals(t *testing.T) {
	plain := sdk.NewServer("plain", nil)
	plain.AddPrompt(namedPrompt("a"))
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			c := memClient(t, plain, era.version, nil)
			_, err := c.Complete(testCtx(t), sdk.CompleteRef{Type: sdk.RefPrompt, Name: "a"}, "x", "", nil)
			if got := rpcText(err); got != "error -32601: Method not found: completion/complete (this server offers no completions)" {
				t.Errorf("nothing completes: %s", got)
			}
			c = memClient(t, completeServer(t), era.version, nil)
			bad := []string{`{"ref":"prompt"}`, `{"ref":{"type":"ref/prompt","name":"addr"},"argument":{"name":"mood","value":7}}`}
			if era.version != sdk.Version2026 {
				bad = append(bad, `[]`) // (in the 2026 era, params without _meta are a legacy request)
			}
			for _, params := range bad {
				err := c.Call(testCtx(t), "completion/complete", json.RawMessage(params), nil)
				if rpcCode(err) != transport.CodeInvalidParams {
					t.Errorf("%s: %v", params, err)
				}
			}
			huge := strings.Repeat("ü", 1<<19)
			got, err := c.Complete(testCtx(t), sdk.CompleteRef{Type: sdk.RefPrompt, Name: "addr"}, "mood", huge, map[string]string{"city": huge})
			if err != nil || len(got.Values) != 0 {
				t.Errorf("a megabyte value: %+v, %v", got, err)
			}
		})
	}
}
