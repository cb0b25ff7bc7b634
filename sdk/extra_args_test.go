package sdk_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
)

// The seed's argument model is a Pydantic model with the default
// extra='ignore' (nested models too): arguments the function does not take
// are dropped, and its schema has no additionalProperties. ForbidExtra
// (per tool, or per server) is extra='forbid' (issue 33, item 3).

type extraBook struct {
	Title string `json:"title"`
	Year  int    `json:"year"`
}

type extraArgs struct {
	Query  string         `json:"query"`
	Book   *extraBook     `json:"book,omitempty"`
	Books  []extraBook    `json:"books,omitempty"`
	Counts map[int]string `json:"counts,omitempty"`
}

// sent has an extra key at every level, and keys that differ from
// declared ones only in case (encoding/json would store "QUERY" into
// Query: Pydantic ignores it).
const sentWithExtras = `{"query":"dune","surprise":1,"QUERY":"evil",` +
	`"book":{"title":"t","year":1965,"isbn":"x","Title":"evil"},` +
	`"books":[{"title":"a","year":2,"extra":true}]}`

func TestExtraArgumentsIgnored(t *testing.T) {
	rec := &recorder[extraArgs]{}
	s := sdk.NewServer("extra", nil)
	sdk.Tool(s, rec.handler, quiet("extra"))
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			c := memClient(t, s, era.version, nil)
			res := callRaw(t, c, "extra", sentWithExtras)
			if res.IsError {
				t.Fatalf("extra arguments refused: %s", texts(res))
			}
			_, got := rec.get()
			if got.Query != "dune" || got.Book == nil || got.Book.Title != "t" || got.Book.Year != 1965 ||
				len(got.Books) != 1 || got.Books[0].Title != "a" {
				t.Errorf("handler got %+v (book %+v)", got, got.Book)
			}
			// What is wrong is still reported, extras left out.
			res = callRaw(t, c, "extra", `{"book":{"year":"old","zz":1}}`)
			want := "Error executing tool extra: 3 validation errors for extra\n" + // as Pydantic 2.13 words it
				"query\n  Field required [type=missing, input_value={'book': {'year': 'old', 'zz': 1}}, input_type=dict]\n" +
				"book.title\n  Field required [type=missing, input_value={'year': 'old', 'zz': 1}, input_type=dict]\n" +
				"book.year\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='old', input_type=str]"
			if d := textDiff(want, texts(res)); !res.IsError || d != "" {
				t.Errorf("IsError %v (-want +got):\n%s", res.IsError, d)
			}
		})
	}
	// A map keyed by integers still refuses a key that is not one.
	c := legacyClient(t, s, nil)
	if res := callRaw(t, c, "extra", `{"query":"q","counts":{"x":"y"}}`); !res.IsError {
		t.Errorf("counts with key x accepted")
	}
}

func TestExtraArgumentsNotPublished(t *testing.T) {
	s := sdk.NewServer("extra", nil)
	sdk.Tool(s, (&recorder[extraArgs]{}).handler, quiet("extra"))
	schema := string(s.Tools()[0].InputSchema)
	if strings.Contains(schema, `"additionalProperties":false,"properties"`) || strings.Count(schema, `"additionalProperties":false`) != 1 {
		t.Errorf("schema closes its objects (want only the integer-keyed map closed):\n%s", schema)
	}
}

func TestForbidExtra(t *testing.T) {
	// As Pydantic 2.13 words it with extra='forbid' on both models.
	const refused = "Error executing tool extra: 5 validation errors for extra\n" +
		"surprise\n  Extra inputs are not permitted [type=extra_forbidden, input_value=1, input_type=int]\n" +
		"QUERY\n  Extra inputs are not permitted [type=extra_forbidden, input_value='evil', input_type=str]\n" +
		"book.isbn\n  Extra inputs are not permitted [type=extra_forbidden, input_value='x', input_type=str]\n" +
		"book.Title\n  Extra inputs are not permitted [type=extra_forbidden, input_value='evil', input_type=str]\n" +
		"books.0.extra\n  Extra inputs are not permitted [type=extra_forbidden, input_value=True, input_type=bool]"
	def, err := sdk.NewTool((&recorder[extraArgs]{}).handler, quiet("extra"))
	if err != nil {
		t.Fatal(err)
	}
	allowing := func(o *sdk.ToolOptions) *sdk.ToolOptions { o.ForbidExtra = sdk.Bool(false); return o }
	tests := []struct {
		name    string
		server  *sdk.ServerOptions
		tool    *sdk.ToolOptions
		forbids bool
	}{
		{"the tool says so", nil, forbidding(quiet("extra")), true},
		{"the server says so", &sdk.ServerOptions{ForbidExtra: true}, quiet("extra"), true},
		{"the tool's word wins", &sdk.ServerOptions{ForbidExtra: true}, allowing(quiet("extra")), false},
		{"a ToolDef on a forbidding server", &sdk.ServerOptions{ForbidExtra: true}, nil, true},
		{"the same ToolDef on another server", nil, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := sdk.NewServer("extra", tt.server)
			if tt.tool != nil {
				sdk.Tool(s, (&recorder[extraArgs]{}).handler, tt.tool)
			} else if err := s.AddTool(def); err != nil {
				t.Fatal(err)
			}
			schema := string(s.Tools()[0].InputSchema)
			if closed := strings.Count(schema, `"additionalProperties":false`) == 3; closed != tt.forbids {
				t.Errorf("objects closed = %v, want %v:\n%s", closed, tt.forbids, schema)
			}
			for _, era := range eras {
				res := callRaw(t, memClient(t, s, era.version, nil), "extra", sentWithExtras)
				if tt.forbids {
					if d := textDiff(refused, texts(res)); !res.IsError || d != "" {
						t.Errorf("%s: IsError %v (-want +got):\n%s", era.name, res.IsError, d)
					}
				} else if res.IsError {
					t.Errorf("%s: refused: %s", era.name, texts(res))
				}
			}
		})
	}
	if info := def.Info(); strings.Contains(string(info.InputSchema), `"additionalProperties":false,"properties"`) {
		t.Errorf("the ToolDef's own schema was closed by a server: %s", info.InputSchema)
	}
}

// forbidding sets o.ForbidExtra: the tools of tests of the "Extra inputs
// are not permitted" wording.
func forbidding(o *sdk.ToolOptions) *sdk.ToolOptions {
	o.ForbidExtra = sdk.Bool(true)
	return o
}

// A hand-written InputSchema is published and validated as written, in
// either mode.
func TestForbidExtraLeavesAWrittenSchema(t *testing.T) {
	const open = `{"type":"object","properties":{"query":{"type":"string"}}}`
	const closed = `{"type":"object","properties":{"query":{"type":"string"}},"additionalProperties":false}`
	for _, tt := range []struct {
		schema string
		forbid bool
	}{{open, false}, {open, true}, {closed, false}, {closed, true}} {
		s := sdk.NewServer("written", &sdk.ServerOptions{ForbidExtra: tt.forbid})
		sdk.Tool(s, (&recorder[extraArgs]{}).handler, &sdk.ToolOptions{Name: "w", Description: "d", InputSchema: json.RawMessage(tt.schema)})
		if got := string(s.Tools()[0].InputSchema); got != tt.schema {
			t.Errorf("published %s, want %s", got, tt.schema)
		}
		res := callRaw(t, legacyClient(t, s, nil), "w", `{"query":"q","surprise":1}`)
		if wantRefused := tt.schema == closed; res.IsError != wantRefused {
			t.Errorf("schema %s, server ForbidExtra %v: IsError %v: %s", tt.schema, tt.forbid, res.IsError, texts(res))
		}
	}
}
