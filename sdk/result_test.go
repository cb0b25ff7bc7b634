package sdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdktest"
	"github.com/mcpdev/mcpdev/transport"
)

type noArgs struct{}

// Genre is a named string type with declared values (an enum).
type Genre string

const (
	Fiction    Genre = "fiction"
	NonFiction Genre = "non-fiction"
	Poetry     Genre = "poetry"
)

// returning declares a tool named name that returns v.
func returning[Out any](t *testing.T, name string, v Out, opts ...*sdk.ToolOptions) *sdk.ToolDef {
	o := quiet(name)
	if len(opts) > 0 {
		o = opts[0]
		o.Name, o.Description = name, "test tool "+name
	}
	d, err := sdk.NewTool(func(ctx context.Context, _ noArgs) (Out, error) { return v, nil }, o)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

type shelfResult struct {
	Count int      `json:"count"`
	Books []Book   `json:"books"`
	Tags  []string `json:"tags"`
	Best  *Book    `json:"best,omitempty"`
}

// The table of SPEC §3: what the function returns → content,
// structuredContent and outputSchema.
func TestResults(t *testing.T) {
	str := `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"result":{"type":"string"}},"required":["result"]}`
	full := &sdk.CallToolResult{Content: []sdk.Content{sdk.Text("custom")}, StructuredContent: []byte(`{"k":1}`), IsError: true}
	tests := []struct {
		name         string
		def          *sdk.ToolDef
		content      string // JSON of the content array
		structured   string // "" for none
		outputSchema string // "" for none
		isError      bool
	}{
		{"string", returning(t, "s", "plain text, not JSON"),
			`[{"type":"text","text":"plain text, not JSON"}]`, `{"result":"plain text, not JSON"}`, str, false},
		{"string with characters JSON escapes", returning(t, "se", "say \"hi\" <b>\n"),
			`[{"type":"text","text":"say \"hi\" \u003cb\u003e\n"}]`, `{"result":"say \"hi\" \u003cb\u003e\n"}`, str, false},
		{"named string type", returning(t, "g", Genre("poetry")),
			`[{"type":"text","text":"poetry"}]`, `{"result":"poetry"}`, "", false},
		{"int", returning(t, "i", 42),
			`[{"type":"text","text":"42"}]`, `{"result":42}`,
			`{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"result":{"type":"integer"}},"required":["result"]}`, false},
		{"float", returning(t, "f", 2.5),
			`[{"type":"text","text":"2.5"}]`, `{"result":2.5}`,
			`{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"result":{"type":"number"}},"required":["result"]}`, false},
		{"bool", returning(t, "b", false),
			`[{"type":"text","text":"false"}]`, `{"result":false}`,
			`{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"result":{"type":"boolean"}},"required":["result"]}`, false},
		{"slice of strings", returning(t, "ls", []string{"a", "b c"}),
			`[{"type":"text","text":"a"},{"type":"text","text":"b c"}]`, `{"result":["a","b c"]}`,
			`{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"result":{"type":"array","items":{"type":"string"}}},"required":["result"]}`, false},
		{"nil slice", returning(t, "ln", []int(nil)),
			`[]`, `{"result":[]}`, "", false},
		{"array of ints", returning(t, "la", [2]int{1, 2}),
			`[{"type":"text","text":"1"},{"type":"text","text":"2"}]`, `{"result":[1,2]}`, "", false},
		{"slice of structs", returning(t, "lb", []Book{{"Dune", "Herbert", 1965}}),
			`[{"type":"text","text":"{\n  \"title\": \"Dune\",\n  \"author\": \"Herbert\",\n  \"year\": 1965\n}"}]`,
			`{"result":[{"title":"Dune","author":"Herbert","year":1965}]}`, "", false},
		{"struct", returning(t, "st", Book{"Dune", "Herbert", 1965}),
			`[{"type":"text","text":"{\n  \"title\": \"Dune\",\n  \"author\": \"Herbert\",\n  \"year\": 1965\n}"}]`,
			`{"title":"Dune","author":"Herbert","year":1965}`,
			`{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"title":{"type":"string"},"author":{"type":"string"},"year":{"type":"integer","minimum":1450}},"additionalProperties":false,"required":["title","author","year"]}`, false},
		{"pointer to struct", returning(t, "sp", &Book{"Emma", "Austen", 1815}),
			`[{"type":"text","text":"{\n  \"title\": \"Emma\",\n  \"author\": \"Austen\",\n  \"year\": 1815\n}"}]`,
			`{"title":"Emma","author":"Austen","year":1815}`, "", false},
		{"nil slice fields in a struct", returning(t, "sn", shelfResult{Count: 0}),
			`[{"type":"text","text":"{\n  \"count\": 0,\n  \"books\": null,\n  \"tags\": null\n}"}]`,
			`{"count":0,"books":null,"tags":null}`, "", false},
		{"map", returning(t, "m", map[string]int{"b": 2, "a": 1}),
			`[{"type":"text","text":"{\n  \"a\": 1,\n  \"b\": 2\n}"}]`, `{"a":1,"b":2}`,
			`{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","additionalProperties":{"type":"integer"}}`, false},
		{"content block", returning(t, "c", sdk.Image([]byte{1, 2, 3}, "image/png")),
			`[{"type":"image","data":"AQID","mimeType":"image/png"}]`, "", "", false},
		{"content blocks", returning(t, "cs", []sdk.Content{sdk.Text("one"), sdk.ResourceLink("file:///a.txt", "a"), sdk.Audio([]byte("x"), "audio/wav"),
			sdk.EmbeddedResource(sdk.ResourceContents{URI: "mem://b", MimeType: "text/plain", Text: "body"})}),
			`[{"type":"text","text":"one"},{"type":"resource_link","uri":"file:///a.txt","name":"a"},{"type":"audio","data":"eA==","mimeType":"audio/wav"},{"type":"resource","resource":{"uri":"mem://b","mimeType":"text/plain","text":"body"}}]`,
			"", "", false},
		{"full result", returning(t, "full", full),
			`[{"type":"text","text":"custom"}]`, `{"k":1}`, "", true},
		{"nil full result", returning(t, "fullnil", (*sdk.CallToolResult)(nil)),
			`[]`, "", "", false},
		{"interface holding a struct", returning[any](t, "dyn", Book{"Dune", "Herbert", 1965}),
			`[{"type":"text","text":"{\n  \"title\": \"Dune\",\n  \"author\": \"Herbert\",\n  \"year\": 1965\n}"}]`,
			`{"title":"Dune","author":"Herbert","year":1965}`, "", false},
		{"nil pointer to struct", returning(t, "spnil", (*Book)(nil)),
			`[{"type":"text","text":"Error executing tool spnil: tool returned a nil object"}]`, "", "", true},
		{"output schema mismatch", returning(t, "mismatch", Book{"Dune", "Herbert", 1965}, &sdk.ToolOptions{
			OutputSchema: []byte(`{"type":"object","properties":{"year":{"type":"integer","minimum":2000}},"required":["year","isbn"]}`)}),
			`[{"type":"text","text":"Error executing tool mismatch: structured output does not match the output schema: isbn: Field required; year: Input should be greater than or equal to 2000"}]`,
			"", "", true},
		{"scalar against a forced schema", returning(t, "scalarmismatch", "text", &sdk.ToolOptions{
			OutputSchema: []byte(`{"type":"object","properties":{"result":{"type":"integer"}}}`)}),
			`[{"type":"text","text":"Error executing tool scalarmismatch: structured output does not match the output schema: result: Input should be a valid integer"}]`,
			"", "", true},
	}
	s := sdk.NewServer("results", nil)
	for _, tt := range tests {
		s.AddTool(tt.def)
	}
	for _, era := range eras {
		c := memClient(t, s, era.version, nil)
		for _, tt := range tests {
			t.Run(era.name+"/"+tt.name, func(t *testing.T) {
				res := callRaw(t, c, tt.def.Info().Name, `{}`)
				if res.IsError != tt.isError {
					t.Errorf("IsError = %v, want %v", res.IsError, tt.isError)
				}
				if d := jsonDiff(t, []byte(tt.content), toJSON(t, res.Content)); d != "" {
					t.Errorf("content (-want +got):\n%s", d)
				}
				if d := jsonDiff(t, []byte(tt.structured), res.StructuredContent); d != "" {
					t.Errorf("structuredContent (-want +got):\n%s", d)
				}
				if tt.outputSchema != "" {
					if d := jsonDiff(t, []byte(tt.outputSchema), tt.def.Info().OutputSchema); d != "" {
						t.Errorf("outputSchema (-want +got):\n%s", d)
					}
				}
				if tt.structured == "" && !tt.isError && len(tt.def.Info().OutputSchema) != 0 {
					t.Errorf("outputSchema = %s, want none for unstructured results", tt.def.Info().OutputSchema)
				}
			})
		}
	}
}

// A struct result whose slices are nil still validates against its own
// inferred output schema (nil slices encode as null).
func TestResultNilSliceFieldsSchema(t *testing.T) {
	def := returning(t, "sn", shelfResult{})
	schema := string(def.Info().OutputSchema)
	for _, want := range []string{`"books":{"anyOf":[`, `"tags":{"anyOf":[`, `{"type":"null"}`} {
		if !strings.Contains(schema, want) {
			t.Errorf("output schema lacks %s:\n%s", want, schema)
		}
	}
}

type failArgs struct {
	Mode string `json:"mode"`
}

func failing(ctx context.Context, a failArgs) (string, error) {
	switch a.Mode {
	case "error":
		return "", errors.New("the catalog is closed")
	case "wrapped":
		return "", fmt.Errorf("lookup: %w", errors.New("not found"))
	case "panic":
		panic("kaboom")
	case "nilmap":
		var m map[string]int
		//lint:ignore SA5000 the handler must panic at run time: this case tests that
		m["x"] = 1
	case "rpc":
		return "", &transport.Error{Code: -32001, Message: "Resource busy", Data: []byte(`{"retry":true}`)}
	case "wrapped rpc":
		return "", fmt.Errorf("ctx: %w", transport.Errorf(transport.CodeInvalidParams, "bad id"))
	}
	return "fine", nil
}

func TestHandlerFailures(t *testing.T) {
	s := sdk.NewServer("fail", &sdk.ServerOptions{Stderr: &strings.Builder{}})
	sdk.Tool(s, failing, quiet("fail"))
	tests := []struct {
		mode     string
		wantText string // isError text; "" when a JSON-RPC error is expected
		wantCode int
		wantMsg  string
	}{
		{"error", "Error executing tool fail: the catalog is closed", 0, ""},
		{"wrapped", "Error executing tool fail: lookup: not found", 0, ""},
		{"panic", "Error executing tool fail: panic: kaboom", 0, ""},
		{"nilmap", "Error executing tool fail: panic: assignment to entry in nil map", 0, ""},
		{"rpc", "", -32001, "Resource busy"},
		{"wrapped rpc", "", transport.CodeInvalidParams, "bad id"},
	}
	for _, era := range eras {
		c := memClient(t, s, era.version, nil)
		for _, tt := range tests {
			t.Run(era.name+"/"+tt.mode, func(t *testing.T) {
				res, err := c.CallTool(testCtx(t), "fail", map[string]string{"mode": tt.mode}, nil)
				if tt.wantText == "" {
					var rpc *transport.Error
					if !errors.As(err, &rpc) || rpc.Code != tt.wantCode || rpc.Message != tt.wantMsg {
						t.Fatalf("CallTool = %+v, %v; want JSON-RPC error %d %q", res, err, tt.wantCode, tt.wantMsg)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				if !res.IsError || len(res.StructuredContent) != 0 {
					t.Errorf("IsError = %v, structuredContent = %s", res.IsError, res.StructuredContent)
				}
				if d := textDiff(tt.wantText, texts(res)); d != "" {
					t.Errorf("(-want +got):\n%s", d)
				}
				// The server keeps serving after every failure.
				if res := callRaw(t, c, "fail", `{"mode":"ok"}`); res.IsError || texts(res) != "fine" {
					t.Errorf("next call = %+v", res)
				}
			})
		}
	}
	t.Run("rpc error data", func(t *testing.T) {
		c := legacyClient(t, s, nil)
		_, err := c.CallTool(testCtx(t), "fail", map[string]string{"mode": "rpc"}, nil)
		var rpc *transport.Error
		if !errors.As(err, &rpc) || string(rpc.Data) != `{"retry":true}` {
			t.Errorf("error = %v, want data {\"retry\":true}", err)
		}
	})
}

func TestUnknownTool(t *testing.T) {
	s := sdk.NewServer("empty", nil)
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			c := memClient(t, s, era.version, nil)
			_, err := c.CallTool(testCtx(t), "nope", nil, nil)
			var rpc *transport.Error
			if !errors.As(err, &rpc) || rpc.Code != transport.CodeInvalidParams || rpc.Message != "Unknown tool: nope" {
				t.Errorf("CallTool(nope) = %v, want -32602 Unknown tool: nope", err)
			}
		})
	}
}

// celsius encodes as a bare number through its own MarshalJSON.
type celsius struct{ deg float64 }

func (c celsius) MarshalJSON() ([]byte, error) { return json.Marshal(c.deg) }

// A result that does not encode as a JSON object (time.Time, a struct with
// its own MarshalJSON) is wrapped as {"result": …} with the wrapped
// outputSchema, like any other non-object result; its text block is the
// time itself, without JSON quotes.
func TestNonObjectResultsAreWrapped(t *testing.T) {
	when := time.Date(2025, 11, 25, 10, 30, 0, 0, time.UTC)
	const stamp = "2025-11-25T10:30:00Z"
	timeSchema := `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"result":{"type":"string","format":"date-time"}},"required":["result"]}`
	tests := []struct {
		name                              string
		def                               *sdk.ToolDef
		content, structured, outputSchema string // outputSchema "": none
	}{
		{"time.Time", returning(t, "when", when), `[{"type":"text","text":"` + stamp + `"}]`, `{"result":"` + stamp + `"}`, timeSchema},
		{"*time.Time", returning(t, "whenp", &when), `[{"type":"text","text":"` + stamp + `"}]`, `{"result":"` + stamp + `"}`, timeSchema},
		{"time.Time in an interface", returning[any](t, "whenany", when), `[{"type":"text","text":"` + stamp + `"}]`, `{"result":"` + stamp + `"}`, ""},
		{"MarshalJSON to a number, in an interface", returning[any](t, "temp", celsius{21.5}), `[{"type":"text","text":"21.5"}]`, `{"result":21.5}`, ""},
		{"slice of time.Time", returning(t, "whens", []time.Time{when}), `[{"type":"text","text":"` + stamp + `"}]`, `{"result":["` + stamp + `"]}`,
			`{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"result":{"type":"array","items":{"type":"string","format":"date-time"}}},"required":["result"]}`},
	}
	s := sdk.NewServer("wrapped", nil)
	for _, tt := range tests {
		s.AddTool(tt.def)
	}
	sdktest.ForEachEra(t, s, nil, func(t *testing.T, c *sdk.Client) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				res := callRaw(t, c, tt.def.Info().Name, `{}`)
				if res.IsError {
					t.Fatalf("isError: %s", res.Content[0].Text)
				}
				if d := jsonDiff(t, []byte(tt.content), toJSON(t, res.Content)); d != "" {
					t.Errorf("content (-want +got):\n%s", d)
				}
				if d := jsonDiff(t, []byte(tt.structured), res.StructuredContent); d != "" {
					t.Errorf("structuredContent (-want +got):\n%s", d)
				}
				if d := jsonDiff(t, []byte(tt.outputSchema), tt.def.Info().OutputSchema); tt.outputSchema != "" && d != "" {
					t.Errorf("outputSchema (-want +got):\n%s", d)
				}
			})
		}
	})
}
