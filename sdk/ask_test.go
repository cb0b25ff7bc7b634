package sdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// Booking is the form the ask tests' tools ask for.
type Booking struct {
	Name   string   `json:"name" jsonschema:"title=Your name,minLength=1"`
	Nights int      `json:"nights" jsonschema:"minimum=1,maximum=14,default=2"`
	Email  string   `json:"email,omitempty" jsonschema:"format=email,description=Where the confirmation goes"`
	Room   string   `json:"room" jsonschema:"enum=single,enum=double" enumTitles:"Single room,Double room"`
	Extras []string `json:"extras,omitempty" jsonschema:"enum=breakfast,enum=parking"`
	Pets   *bool    `json:"pets,omitempty"`
}

// askServer has tools that ask the client back, in every way.
func askServer() *sdk.Server {
	s := sdk.NewServer("ask-test", nil)
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		b, action, err := sdk.Elicit[Booking](ctx, "Book a room")
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("%s: %s, %d nights, %s, %v", action, b.Name, b.Nights, b.Room, b.Extras), nil
	}, &sdk.ToolOptions{Name: "book", Description: "Asks."})
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		b, _, err1 := sdk.Elicit[Booking](ctx, "Book a room")
		m, err2 := sdk.Sample(ctx, sdk.CreateMessageParams{Messages: []sdk.SamplingMessage{sdk.UserText("Say hi")}, SystemPrompt: "Be brief."})
		roots, err3 := sdk.Roots(ctx)
		if err := errors.Join(err1, err2, err3); err != nil {
			return "", err
		}
		return fmt.Sprintf("%s / %s / %d roots", b.Name, m.Text(), len(roots)), nil
	}, &sdk.ToolOptions{Name: "ask_all", Description: "Asks."})
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		first, _, err := sdk.Elicit[Name](ctx, "First?")
		if err != nil {
			return "", err
		}
		second, _, err := sdk.Elicit[Name](ctx, "Second?")
		if err != nil {
			return "", err
		}
		return first.Name + " then " + second.Name, nil
	}, &sdk.ToolOptions{Name: "two_steps", Description: "Asks."})
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		m, err := sdk.Sample(ctx, sdk.CreateMessageParams{Messages: []sdk.SamplingMessage{sdk.UserText("Say hi")}})
		if err != nil {
			return "", err
		}
		return m.Text(), nil
	}, &sdk.ToolOptions{Name: "sample", Description: "Asks."})
	return s
}

// Name is a form of one name.
type Name struct {
	Name string `json:"name"`
}

// transports lists the ways the ask tests reach a server: in memory and
// over Streamable HTTP, each in both eras.
var askTransports = []string{"memory", "http"}

// askClient connects to s over kind ("memory" or "http") in the era of
// version, with opts' hooks.
func askClient(t *testing.T, s *sdk.Server, kind, version string, opts sdk.ClientOptions) *sdk.Client {
	t.Helper()
	opts.ProtocolVersion = version
	if kind == "memory" {
		return memClient(t, s, version, &opts)
	}
	h := sdkhttp.Handler(s, nil)
	ts := httptest.NewServer(h)
	t.Cleanup(func() { h.Close(); ts.Close() })
	c, err := sdk.Connect(testCtx(t), streamable.NewClient(ts.URL, nil), &opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// everyWay runs f for each transport and era.
func everyWay(t *testing.T, f func(t *testing.T, kind, version string)) {
	for _, kind := range askTransports {
		for _, era := range eras {
			t.Run(kind+"/"+era.name, func(t *testing.T) { f(t, kind, era.version) })
		}
	}
}

func answerWith(action sdk.ElicitAction, content string) func(context.Context, *sdk.ElicitParams) (*sdk.ElicitResult, error) {
	return func(context.Context, *sdk.ElicitParams) (*sdk.ElicitResult, error) {
		r := &sdk.ElicitResult{Action: action}
		if content != "" {
			r.Content = json.RawMessage(content)
		}
		return r, nil
	}
}

func resultText(t *testing.T, res *sdk.CallToolResult) string {
	t.Helper()
	if len(res.Content) != 1 {
		t.Fatalf("content = %+v", res.Content)
	}
	return res.Content[0].Text
}

func TestElicitReturnsTheAnswerInEveryEraAndTransport(t *testing.T) {
	tests := []struct {
		action  sdk.ElicitAction
		content string
		want    string
	}{
		{sdk.ActionAccept, `{"name":"Ada","nights":3,"room":"double","extras":["parking"]}`, "accept: Ada, 3 nights, double, [parking]"},
		{sdk.ActionDecline, "", "decline: , 0 nights, , []"},
		{sdk.ActionCancel, "", "cancel: , 0 nights, , []"},
	}
	everyWay(t, func(t *testing.T, kind, version string) {
		for _, tt := range tests {
			c := askClient(t, askServer(), kind, version, sdk.ClientOptions{OnElicit: answerWith(tt.action, tt.content)})
			res, err := c.CallTool(testCtx(t), "book", nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := resultText(t, res); got != tt.want || res.IsError {
				t.Errorf("%s: got %q (isError %v), want %q", tt.action, got, res.IsError, tt.want)
			}
		}
	})
}

func TestElicitRequestedSchemaFromStruct(t *testing.T) {
	var got *sdk.ElicitParams
	c := legacyClient(t, askServer(), &sdk.ClientOptions{OnElicit: func(_ context.Context, p *sdk.ElicitParams) (*sdk.ElicitResult, error) {
		got = p
		return &sdk.ElicitResult{Action: sdk.ActionCancel}, nil
	}})
	if _, err := c.CallTool(testCtx(t), "book", nil, nil); err != nil {
		t.Fatal(err)
	}
	want := `{"type":"object","properties":{
		"name":{"title":"Your name","type":"string","minLength":1},
		"nights":{"type":"integer","minimum":1,"maximum":14,"default":2},
		"email":{"description":"Where the confirmation goes","type":"string","format":"email"},
		"room":{"type":"string","oneOf":[{"const":"single","title":"Single room"},{"const":"double","title":"Double room"}]},
		"extras":{"type":"array","items":{"type":"string","enum":["breakfast","parking"]}},
		"pets":{"type":"boolean"}},
		"required":["name","room"]}`
	if got == nil || got.Message != "Book a room" || got.Mode != "" {
		t.Fatalf("params = %+v", got)
	}
	if d := jsonDiff(t, []byte(want), got.RequestedSchema); d != "" {
		t.Errorf("requestedSchema (-want +got):\n%s", d)
	}
}

func TestElicitAnswerBreakingTheSchemaReportsEveryProblem(t *testing.T) {
	everyWay(t, func(t *testing.T, kind, version string) {
		c := askClient(t, askServer(), kind, version, sdk.ClientOptions{
			OnElicit: answerWith(sdk.ActionAccept, `{"nights":40,"room":"suite","extras":["spa"]}`)})
		res, err := c.CallTool(testCtx(t), "book", nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		got := resultText(t, res)
		for _, want := range []string{"4 validation errors", "name\n  Field required", "nights\n  Input should be less than or equal to 14", "room\n", "extras.0\n"} {
			if !strings.Contains(got, want) || !res.IsError {
				t.Errorf("result %q (isError %v) lacks %q", got, res.IsError, want)
			}
		}
	})
}

func TestAskingWithoutTheCapabilityFailsWithMissingCapability(t *testing.T) {
	everyWay(t, func(t *testing.T, kind, version string) {
		c := askClient(t, askServer(), kind, version, sdk.ClientOptions{})
		for tool, capability := range map[string]string{"book": "elicitation", "sample": "sampling"} {
			_, err := c.CallTool(testCtx(t), tool, nil, nil)
			if transport.ErrorCode(err) != transport.CodeMissingCapability || !strings.Contains(err.Error(), "did not declare "+capability) {
				t.Errorf("%s: err = %v, want -32021 naming %s", tool, err, capability)
			}
		}
	})
}

func TestSampleAndRootsAnswerInEveryEraAndTransport(t *testing.T) {
	everyWay(t, func(t *testing.T, kind, version string) {
		var sampled *sdk.CreateMessageParams
		c := askClient(t, askServer(), kind, version, sdk.ClientOptions{
			OnElicit: answerWith(sdk.ActionAccept, `{"name":"Ada","room":"single"}`),
			OnSample: func(_ context.Context, p *sdk.CreateMessageParams) (*sdk.CreateMessageResult, error) {
				sampled = p
				return &sdk.CreateMessageResult{Role: "assistant", Content: json.RawMessage(`{"type":"text","text":"hi"}`), Model: "test"}, nil
			},
			OnRoots: func(context.Context) ([]sdk.Root, error) {
				return []sdk.Root{{URI: "file:///a", Name: "a"}, {URI: "file:///b"}}, nil
			},
		})
		res, err := c.CallTool(testCtx(t), "ask_all", nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := resultText(t, res), "Ada / hi / 2 roots"; got != want {
			t.Errorf("got %q, want %q", got, want)
		}
		if sampled == nil || sampled.SystemPrompt != "Be brief." || sampled.MaxTokens != 1000 {
			t.Errorf("sampling params = %+v", sampled)
		}
	})
}

func TestSampleWithNoContentFailsTheToolNotTheServer(t *testing.T) {
	everyWay(t, func(t *testing.T, kind, version string) {
		calls := 0
		c := askClient(t, askServer(), kind, version, sdk.ClientOptions{
			OnSample: func(context.Context, *sdk.CreateMessageParams) (*sdk.CreateMessageResult, error) {
				calls++
				if calls == 1 {
					return &sdk.CreateMessageResult{Role: "assistant", Model: "test"}, nil
				}
				return &sdk.CreateMessageResult{Role: "assistant", Content: json.RawMessage(`{"type":"text","text":"again"}`)}, nil
			},
		})
		res, err := c.CallTool(testCtx(t), "sample", nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := resultText(t, res); !res.IsError || !strings.Contains(got, "no content") {
			t.Errorf("got %q (isError %v), want a tool error saying there is no content", got, res.IsError)
		}
		res, err = c.CallTool(testCtx(t), "sample", nil, nil)
		if err != nil || resultText(t, res) != "again" {
			t.Errorf("next call: %v, %+v", err, res)
		}
	})
}

// TestStatelessRoundsAskEachQuestionOnce counts the tools/call requests a
// stateless client sends: one round for three questions asked together,
// one per question asked in turn.
func TestStatelessRoundsAskEachQuestionOnce(t *testing.T) {
	for _, kind := range askTransports {
		t.Run(kind, func(t *testing.T) {
			var sent, asked atomic.Int32
			c := askClient(t, askServer(), kind, sdk.Version2026, sdk.ClientOptions{
				Trace: func(d sdk.Direction, m *transport.Message) {
					if d == sdk.Sent && m.Method == "tools/call" {
						sent.Add(1)
					}
				},
				OnElicit: func(_ context.Context, p *sdk.ElicitParams) (*sdk.ElicitResult, error) {
					asked.Add(1)
					name := strings.TrimSuffix(p.Message, "?")
					return &sdk.ElicitResult{Action: sdk.ActionAccept, Content: json.RawMessage(`{"name":"` + name + `","room":"single"}`)}, nil
				},
				OnSample: func(context.Context, *sdk.CreateMessageParams) (*sdk.CreateMessageResult, error) {
					asked.Add(1)
					return &sdk.CreateMessageResult{Role: "assistant", Content: json.RawMessage(`{"type":"text","text":"hi"}`)}, nil
				},
				OnRoots: func(context.Context) ([]sdk.Root, error) { asked.Add(1); return nil, nil },
			})
			for _, tt := range []struct {
				tool, want        string
				requests, answers int32
			}{
				{"ask_all", "Book a room / hi / 0 roots", 2, 3},
				{"two_steps", "First then Second", 3, 2},
			} {
				sent.Store(0)
				asked.Store(0)
				res, err := c.CallTool(testCtx(t), tt.tool, nil, nil)
				if err != nil {
					t.Fatal(err)
				}
				if got := resultText(t, res); got != tt.want || sent.Load() != tt.requests || asked.Load() != tt.answers {
					t.Errorf("%s: %q after %d requests and %d answers, want %q after %d and %d",
						tt.tool, got, sent.Load(), asked.Load(), tt.want, tt.requests, tt.answers)
				}
			}
		})
	}
}

// Prefs has a default for every field.
type Prefs struct {
	Theme string  `json:"theme" jsonschema:"enum=light,enum=dark,default=dark"`
	Size  int     `json:"size" jsonschema:"default=12"`
	Zoom  float64 `json:"zoom" jsonschema:"default=1.5"`
	Beta  bool    `json:"beta" jsonschema:"default=true"`
}

func TestAcceptedFormGetsTheSchemaDefaults(t *testing.T) {
	s := sdk.NewServer("prefs", nil)
	sdk.Tool(s, func(ctx context.Context, _ struct{}) (string, error) {
		p, _, err := sdk.Elicit[Prefs](ctx, "Preferences?")
		return fmt.Sprintf("%+v", p), err
	}, &sdk.ToolOptions{Name: "prefs", Description: "Asks."})
	everyWay(t, func(t *testing.T, kind, version string) {
		c := askClient(t, s, kind, version, sdk.ClientOptions{OnElicit: answerWith(sdk.ActionAccept, `{"size":14}`)})
		res, err := c.CallTool(testCtx(t), "prefs", nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := resultText(t, res), "{Theme:dark Size:14 Zoom:1.5 Beta:true}"; got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	})
}
