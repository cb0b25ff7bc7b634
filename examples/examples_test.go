// Package examples_test builds each tutorial example, runs it as a real
// subprocess over stdio and checks its tools/list against a golden file and
// against the seed page's schema, and its calls against the seed's results.
package examples_test

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/aymanbagabas/go-udiff"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

var update = flag.Bool("update", false, "rewrite testdata/golden")

var tutorial = []string{
	"01-first-tool",
	"02-optional-arguments",
	"03-field-constraints",
	"04-model-parameter",
	"05-title-and-annotations",
}

// binary builds the tutorial example name once per test run.
func binary(t *testing.T, name string) string {
	t.Helper()
	return testutil.Build(t, "./tutorial/"+name)
}

func TestMain(m *testing.M) {
	flag.Parse()
	testutil.Main(m)
}

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// start runs the example as a subprocess via transport.Command and
// connects a client speaking the given version ("" = the client default).
func start(t *testing.T, name, version string) (*sdk.Client, *transport.CommandConn) {
	t.Helper()
	conn, err := transport.Command(binary(t, name), nil, &transport.CommandOptions{Stderr: os.Stderr})
	if err != nil {
		t.Fatal(err)
	}
	c, err := sdk.Connect(testCtx(t), conn, &sdk.ClientOptions{ProtocolVersion: version})
	if err != nil {
		conn.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c.Close()
		<-conn.Exited()
		if code := conn.ExitCode(); code != 0 {
			t.Errorf("%s exited with %d", name, code)
		}
	})
	return c, conn
}

func diff(want, got string) string {
	if want == got {
		return ""
	}
	return udiff.Unified("want", "got", want, got)
}

func indent(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var x any
	_ = json.Unmarshal(data, &x)
	out, _ := json.MarshalIndent(x, "", "  ")
	return string(out)
}

// Golden tools/list of every example (refresh with -update), then the
// contract part compared with the seed's schema.
func TestToolsList(t *testing.T) {
	for _, ex := range tutorial {
		t.Run(ex, func(t *testing.T) {
			c, _ := start(t, ex, "")
			tools, err := c.ListTools(testCtx(t))
			if err != nil {
				t.Fatal(err)
			}
			got := indent(t, tools) + "\n"
			path := filepath.Join("testdata", "golden", ex+".json")
			if *update {
				os.MkdirAll(filepath.Dir(path), 0o755)
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test -update creates it)", err)
			}
			if d := diff(string(want), got); d != "" {
				t.Errorf("%s (-want +got):\n%s", path, d)
			}

			seedData, err := os.ReadFile(filepath.Join("testdata", "seed", ex+".json"))
			if err != nil {
				t.Fatal(err)
			}
			var seed map[string]any
			if err := json.Unmarshal(seedData, &seed); err != nil {
				t.Fatal(err)
			}
			var ours []map[string]any
			if err := json.Unmarshal(want, &ours); err != nil || len(ours) != 1 {
				t.Fatalf("golden %s: %d tools, %v", path, len(ours), err)
			}
			if d := diff(indent(t, contract(seed)), indent(t, contract(ours[0]))); d != "" {
				t.Errorf("tool differs from the seed in its contract (-seed +ours):\n%s", d)
			}
		})
	}
}

// contract keeps what the seed page calls the contract of a tool: its
// name, description, title and hints, and of its schema the properties,
// types, required, defaults, bounds, enums, descriptions and $defs. The
// title keys of Pydantic and $schema are dropped.
func contract(tool map[string]any) map[string]any {
	out := map[string]any{}
	for _, k := range []string{"name", "description", "title", "annotations"} {
		if v, ok := tool[k]; ok {
			out[k] = v
		}
	}
	out["inputSchema"] = schemaContract(tool["inputSchema"])
	return out
}

func schemaContract(v any) any {
	s, ok := v.(map[string]any)
	if !ok {
		return v
	}
	out := map[string]any{}
	for k, x := range s {
		switch k {
		case "type", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "enum", "description", "$ref", "default",
			"minLength", "maxLength", "pattern", "format", "minItems", "maxItems":
			out[k] = x
		case "required":
			req := []string{}
			for _, r := range x.([]any) {
				req = append(req, r.(string))
			}
			slices.Sort(req)
			out[k] = req
		case "properties", "$defs":
			m := map[string]any{}
			for name, p := range x.(map[string]any) {
				m[name] = schemaContract(p)
			}
			out[k] = m
		case "items", "additionalProperties":
			out[k] = schemaContract(x)
		case "anyOf", "oneOf", "allOf":
			var list []any
			for _, b := range x.([]any) {
				list = append(list, schemaContract(b))
			}
			out[k] = list
		}
	}
	return out
}

// Calls: the seed's results, defaults applied, and Pydantic-worded
// rejections, in both protocol eras.
func TestCalls(t *testing.T) {
	tests := []struct {
		example, tool, args string
		text                string // the one text block
		isError             bool   // when true: no structuredContent
	}{
		{"01-first-tool", "search_books", `{"query":"dune","limit":5}`, "Found 3 books matching 'dune' (showing up to 5).", false},
		{"01-first-tool", "search_books", `{"query":"dune"}`,
			"Error executing tool search_books: 1 validation error for search_books\nlimit\n  Field required [type=missing, input_value={'query': 'dune'}, input_type=dict]", true},
		{"02-optional-arguments", "search_books", `{"query":"dune"}`, "Found 3 books matching 'dune' (showing up to 10).", false},
		{"02-optional-arguments", "search_books", `{"query":"dune","limit":"7"}`, "Found 3 books matching 'dune' (showing up to 7).", false},
		{"03-field-constraints", "search_books", `{"query":"dune","limit":5}`, "Found 3 books matching 'dune' (showing up to 5).", false},
		{"03-field-constraints", "search_books", `{"query":"dune"}`, "Found 3 books matching 'dune' (showing up to 10).", false},
		{"03-field-constraints", "search_books", `{"query":"dune","genre":"poetry"}`, "Found 3 books matching 'dune' in poetry (showing up to 10).", false},
		{"03-field-constraints", "search_books", `{"query":"dune","genre":null,"limit":50}`, "Found 3 books matching 'dune' (showing up to 50).", false},
		{"03-field-constraints", "search_books", `{"query":"dune","limit":500}`,
			"Error executing tool search_books: 1 validation error for search_books\nlimit\n  Input should be less than or equal to 50 [type=less_than_equal, input_value=500, input_type=int]", true},
		{"03-field-constraints", "search_books", `{"query":"dune","limit":0,"genre":"horror"}`,
			"Error executing tool search_books: 2 validation errors for search_books\n" +
				"limit\n  Input should be greater than or equal to 1 [type=greater_than_equal, input_value=0, input_type=int]\n" +
				"genre\n  Input should be 'fiction', 'non-fiction' or 'poetry' [type=literal_error, input_value='horror', input_type=str]", true},
		{"04-model-parameter", "add_book", `{"book":{"title":"Dune","author":"Frank Herbert","year":1965}}`, "Added 'Dune' by Frank Herbert (1965).", false},
		{"04-model-parameter", "add_book", `{"book":"{\"title\":\"Emma\",\"author\":\"Jane Austen\",\"year\":\"1815\"}"}`, "Added 'Emma' by Jane Austen (1815).", false},
		{"04-model-parameter", "add_book", `{"book":{"title":"Dune","author":"Frank Herbert","year":1000}}`,
			"Error executing tool add_book: 1 validation error for add_book\nbook.year\n  Input should be greater than or equal to 1450 [type=greater_than_equal, input_value=1000, input_type=int]", true},
		{"05-title-and-annotations", "search_books", `{"query":"dune"}`, "Found 3 books matching 'dune'.", false},
		// An argument the function does not take is ignored, as the seed's
		// Pydantic argument model ignores it.
		{"05-title-and-annotations", "search_books", `{"query":"dune","limit":5}`, "Found 3 books matching 'dune'.", false},
	}
	for _, era := range []struct{ name, version string }{{"legacy", sdk.LatestLegacyVersion}, {"2026", sdk.Version2026}} {
		clients := map[string]*sdk.Client{}
		for _, ex := range tutorial {
			clients[ex], _ = start(t, ex, era.version) // one process per example and era
		}
		for _, tt := range tests {
			t.Run(era.name+"/"+tt.example+"/"+tt.args, func(t *testing.T) {
				c := clients[tt.example]
				res, err := c.CallTool(testCtx(t), tt.tool, json.RawMessage(tt.args), nil)
				if err != nil {
					t.Fatal(err)
				}
				want := map[string]any{"content": []map[string]string{{"type": "text", "text": tt.text}}}
				if tt.isError {
					want["isError"] = true
				} else {
					want["structuredContent"] = map[string]string{"result": tt.text}
				}
				got := map[string]any{"content": res.Content}
				if res.IsError {
					got["isError"] = true
				}
				if len(res.StructuredContent) > 0 {
					got["structuredContent"] = res.StructuredContent
				}
				if d := diff(indent(t, want), indent(t, got)); d != "" {
					t.Errorf("(-want +got):\n%s", d)
				}
			})
		}
	}
}
