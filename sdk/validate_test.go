package sdk_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
)

// checkArgs carries one field per constraint of the SPEC §2 wording table.
// Only req is required, so each case can break exactly one rule.
type checkArgs struct {
	Req   string            `json:"req"`
	Max   int               `json:"max,omitempty" jsonschema:"maximum=50"`
	Min   int               `json:"min,omitempty" jsonschema:"minimum=1"`
	XMax  float64           `json:"xmax,omitempty" jsonschema:"exclusiveMaximum=1"`
	XMin  float64           `json:"xmin,omitempty" jsonschema:"exclusiveMinimum=1"`
	Even  int               `json:"even,omitempty" jsonschema:"multipleOf=2"`
	Genre string            `json:"genre,omitempty" jsonschema:"enum=fiction,enum=non-fiction,enum=poetry"`
	Int   int               `json:"int,omitempty"`
	Num   float64           `json:"num,omitempty"`
	Str   string            `json:"str,omitempty"`
	Flag  bool              `json:"flag,omitempty"`
	List  []string          `json:"list,omitempty"`
	Dict  map[string]int    `json:"dict,omitempty"`
	Short string            `json:"short,omitempty" jsonschema:"minLength=3"`
	Long  string            `json:"long,omitempty" jsonschema:"maxLength=5"`
	Pat   string            `json:"pat,omitempty" jsonschema:"pattern=^a"`
	Tags  []string          `json:"tags,omitempty" jsonschema:"minItems=1,maxItems=2"`
	Extra map[string]string `json:"extra,omitempty"`
	Uniq  []int             `json:"uniq,omitempty" jsonschema:"uniqueItems=true"`
	Opt   *int              `json:"opt,omitempty" jsonschema:"minimum=1"`
}

// recorder counts handler runs and keeps the last input.
type recorder[In any] struct {
	mu    sync.Mutex
	calls int
	last  In
}

func (r *recorder[In]) handler(ctx context.Context, in In) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls++
	r.last = in
	return "ok", nil
}

func (r *recorder[In]) get() (int, In) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.calls, r.last
}

// One test per row of the SPEC §2 table: the whole isError text, as
// Pydantic words it, and the handler never runs. The tool forbids extra
// inputs (ToolOptions.ForbidExtra) for the unknown-argument row.
func TestValidationMessages(t *testing.T) {
	tests := []struct {
		name, args string
		want       string // path, message and [type=…, input_value=…, input_type=…]
	}{
		{"maximum", `{"max":51}`, "max\n  Input should be less than or equal to 50 [type=less_than_equal, input_value=51, input_type=int]"},
		{"minimum", `{"min":0}`, "min\n  Input should be greater than or equal to 1 [type=greater_than_equal, input_value=0, input_type=int]"},
		{"exclusive maximum", `{"xmax":1}`, "xmax\n  Input should be less than 1 [type=less_than, input_value=1, input_type=int]"},
		{"exclusive minimum", `{"xmin":0.5}`, "xmin\n  Input should be greater than 1 [type=greater_than, input_value=0.5, input_type=float]"},
		{"multipleOf", `{"even":3}`, "even\n  Input should be a multiple of 2 [type=multiple_of, input_value=3, input_type=int]"},
		{"missing", `{}`, "req\n  Field required [type=missing, input_value={}, input_type=dict]"},
		{"enum", `{"genre":"horror"}`, "genre\n  Input should be 'fiction', 'non-fiction' or 'poetry' [type=literal_error, input_value='horror', input_type=str]"},
		{"integer", `{"int":"abc"}`, "int\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='abc', input_type=str]"},
		{"integer with a fraction", `{"int":2.5}`, "int\n  Input should be a valid integer, got a number with a fractional part [type=int_from_float, input_value=2.5, input_type=float]"},
		{"number", `{"num":"abc"}`, "num\n  Input should be a valid number, unable to parse string as a number [type=float_parsing, input_value='abc', input_type=str]"},
		{"string", `{"str":5}`, "str\n  Input should be a valid string [type=string_type, input_value=5, input_type=int]"},
		{"boolean", `{"flag":"maybe"}`, "flag\n  Input should be a valid boolean, unable to interpret input [type=bool_parsing, input_value='maybe', input_type=str]"},
		{"list", `{"list":"abc"}`, "list\n  Input should be a valid list [type=list_type, input_value='abc', input_type=str]"},
		{"dictionary", `{"dict":[1]}`, "dict\n  Input should be a valid dictionary [type=dict_type, input_value=[1], input_type=list]"},
		{"min length", `{"short":"ab"}`, "short\n  String should have at least 3 characters [type=string_too_short, input_value='ab', input_type=str]"},
		{"max length", `{"long":"abcdef"}`, "long\n  String should have at most 5 characters [type=string_too_long, input_value='abcdef', input_type=str]"},
		{"pattern", `{"pat":"banana"}`, "pat\n  String should match pattern '^a' [type=string_pattern_mismatch, input_value='banana', input_type=str]"},
		{"extra input", `{"surprise":1}`, "surprise\n  Extra inputs are not permitted [type=extra_forbidden, input_value=1, input_type=int]"},
		{"list too short", `{"tags":[]}`, "tags\n  List should have at least 1 item after validation, not 0 [type=too_short, input_value=[], input_type=list]"},
		{"list too long", `{"tags":["a","b","c"]}`, "tags\n  List should have at most 2 items after validation, not 3 [type=too_long, input_value=['a', 'b', 'c'], input_type=list]"},
		{"unique items", `{"uniq":[1,2,1]}`, "uniq\n  Value error, List items should be unique (items 0 and 2 are equal) [type=value_error, input_value=[1, 2, 1], input_type=list]"},
		{"optional: the type's error, not the null's", `{"opt":"x"}`, "opt\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='x', input_type=str]"},
		{"optional bound", `{"opt":0}`, "opt\n  Input should be greater than or equal to 1 [type=greater_than_equal, input_value=0, input_type=int]"},
		{"list item", `{"list":["a",2]}`, "list.1\n  Input should be a valid string [type=string_type, input_value=2, input_type=int]"},
		{"map value type", `{"extra":{"k":1}}`, "extra.k\n  Input should be a valid string [type=string_type, input_value=1, input_type=int]"},
		{"arguments not an object", `[1,2]`, "arguments\n  Input should be a valid dictionary [type=dict_type, input_value=[1, 2], input_type=list]"},
	}
	rec := &recorder[checkArgs]{}
	s := sdk.NewServer("check", nil)
	sdk.Tool(s, rec.handler, forbidding(quiet("check")))
	for _, era := range eras {
		c := memClient(t, s, era.version, nil)
		for _, tt := range tests {
			t.Run(era.name+"/"+tt.name, func(t *testing.T) {
				args := tt.args
				if tt.name != "missing" && strings.HasPrefix(args, "{") {
					args = `{"req":"r",` + args[1:]
					args = strings.Replace(args, `"r",}`, `"r"}`, 1)
				}
				res := callRaw(t, c, "check", args)
				if !res.IsError {
					t.Fatalf("IsError = false, content %q", texts(res))
				}
				want := "Error executing tool check: 1 validation error for check\n" + tt.want
				if d := textDiff(want, texts(res)); d != "" {
					t.Errorf("(-want +got):\n%s", d)
				}
				if len(res.StructuredContent) != 0 {
					t.Errorf("structuredContent = %s, want none", res.StructuredContent)
				}
			})
		}
	}
	if n, _ := rec.get(); n != 0 {
		t.Errorf("handler ran %d times on invalid input", n)
	}
	// The same tool accepts valid input of every field.
	c := legacyClient(t, s, nil)
	res := callRaw(t, c, "check", `{"req":"r","max":50,"min":1,"xmax":0.5,"xmin":1.5,"even":4,"genre":"poetry","int":3,"num":1.5,"str":"s","flag":true,"list":["x"],"dict":{"a":1},"short":"abc","long":"abcde","pat":"apple","tags":["t"],"extra":{"k":"v"}}`)
	if res.IsError {
		t.Fatalf("valid input rejected: %s", texts(res))
	}
	if n, _ := rec.get(); n != 1 {
		t.Errorf("handler ran %d times, want 1", n)
	}
}

func TestValidationSeveralErrors(t *testing.T) {
	rec := &recorder[checkArgs]{}
	s := sdk.NewServer("check", nil)
	sdk.Tool(s, rec.handler, forbidding(quiet("check")))
	c := legacyClient(t, s, nil)
	res := callRaw(t, c, "check", `{"max":500,"pat":"zz","genre":"x","unknown":true}`)
	want := strings.Join([]string{
		"Error executing tool check: 5 validation errors for check",
		"unknown",
		"  Extra inputs are not permitted [type=extra_forbidden, input_value=True, input_type=bool]",
		"req",
		"  Field required [type=missing, input_value={'genre': 'x', 'max': 500, 'pat': 'zz', 'unknown': True}, input_type=dict]",
		"max",
		"  Input should be less than or equal to 50 [type=less_than_equal, input_value=500, input_type=int]",
		"genre",
		"  Input should be 'fiction', 'non-fiction' or 'poetry' [type=literal_error, input_value='x', input_type=str]",
		"pat",
		"  String should match pattern '^a' [type=string_pattern_mismatch, input_value='zz', input_type=str]",
	}, "\n")
	if !res.IsError {
		t.Fatal("IsError = false")
	}
	if d := textDiff(want, texts(res)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	if n, _ := rec.get(); n != 0 {
		t.Errorf("handler ran %d times on invalid input", n)
	}
}

// Book mirrors the seed's Pydantic model.
type Book struct {
	Title  string `json:"title"`
	Author string `json:"author"`
	Year   int    `json:"year" jsonschema:"minimum=1450"`
}

type shelfArgs struct {
	Book  Book   `json:"book"`
	Books []Book `json:"books,omitempty"`
	Best  *Book  `json:"best,omitempty"`
}

func TestValidationNestedPaths(t *testing.T) {
	rec := &recorder[shelfArgs]{}
	s := sdk.NewServer("shelf", nil)
	sdk.Tool(s, rec.handler, forbidding(quiet("add_book")))
	c := legacyClient(t, s, nil)
	tests := []struct {
		name, args string
		want       []string // path and message lines after the title
	}{
		{"nested bound", `{"book":{"title":"Dune","author":"Herbert","year":1000}}`,
			[]string{"book.year", "  Input should be greater than or equal to 1450 [type=greater_than_equal, input_value=1000, input_type=int]"}},
		{"nested missing", `{"book":{"title":"Dune"}}`,
			[]string{"book.author", "  Field required [type=missing, input_value={'title': 'Dune'}, input_type=dict]",
				"book.year", "  Field required [type=missing, input_value={'title': 'Dune'}, input_type=dict]"}},
		{"nested extra", `{"book":{"title":"a","author":"b","year":1965,"isbn":"x"}}`,
			[]string{"book.isbn", "  Extra inputs are not permitted [type=extra_forbidden, input_value='x', input_type=str]"}},
		{"list of models", `{"book":{"title":"a","author":"b","year":1965},"books":[{"title":"a","author":"b","year":1965},{"title":"c","author":"d","year":"old"}]}`,
			[]string{"books.1.year", "  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='old', input_type=str]"}},
		{"pointer to a model", `{"book":{"title":"a","author":"b","year":1965},"best":{"title":"a","author":"b","year":1}}`,
			[]string{"best.year", "  Input should be greater than or equal to 1450 [type=greater_than_equal, input_value=1, input_type=int]"}},
		{"model of the wrong type", `{"book":"Dune"}`,
			[]string{"book", "  Input should be a valid dictionary or instance of Book [type=model_type, input_value='Dune', input_type=str]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := callRaw(t, c, "add_book", tt.args)
			n := len(tt.want) / 2
			want := fmt.Sprintf("Error executing tool add_book: %d validation error%s for add_book\n", n, map[bool]string{true: "s"}[n > 1]) + strings.Join(tt.want, "\n")
			if !res.IsError {
				t.Fatalf("IsError = false: %s", texts(res))
			}
			if d := textDiff(want, texts(res)); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
	if n, _ := rec.get(); n != 0 {
		t.Errorf("handler ran %d times on invalid input", n)
	}
}

type laxArgs struct {
	Int   int            `json:"int,omitempty"`
	Num   float64        `json:"num,omitempty"`
	Flag  bool           `json:"flag,omitempty"`
	Opt   *int           `json:"opt,omitempty"`
	Book  *Book          `json:"book,omitempty"`
	Years []int          `json:"years,omitempty"`
	Dict  map[string]int `json:"dict,omitempty"`
	Limit int            `json:"limit" jsonschema:"minimum=1,maximum=50,default=10"`
	Name  string         `json:"name,omitempty"`
}

// Pydantic's lax mode: numeric and boolean strings, a JSON string holding an
// object or an array, an integral float for an integer; and defaults.
func TestLaxCoercionAndDefaults(t *testing.T) {
	rec := &recorder[laxArgs]{}
	s := sdk.NewServer("lax", nil)
	sdk.Tool(s, rec.handler, quiet("lax"))
	seven := 7
	tests := []struct {
		name, args string
		want       laxArgs
	}{
		{"omitted default", `{}`, laxArgs{Limit: 10}},
		{"null arguments", ``, laxArgs{Limit: 10}},
		{"given value wins over default", `{"limit":5}`, laxArgs{Limit: 5}},
		{"numeric string for integer", `{"int":"42"}`, laxArgs{Int: 42, Limit: 10}},
		{"padded numeric string", `{"int":" 42 "}`, laxArgs{Int: 42, Limit: 10}},
		{"5.0 for integer", `{"int":5.0,"limit":2e1}`, laxArgs{Int: 5, Limit: 20}},
		{"numeric string for number", `{"num":"2.5"}`, laxArgs{Num: 2.5, Limit: 10}},
		{"integer for number", `{"num":3}`, laxArgs{Num: 3, Limit: 10}},
		{"boolean string true", `{"flag":"true"}`, laxArgs{Flag: true, Limit: 10}},
		{"boolean string 1", `{"flag":"1"}`, laxArgs{Flag: true, Limit: 10}},
		{"boolean string False", `{"flag":"False"}`, laxArgs{Limit: 10}},
		{"numeric string for a nullable integer", `{"opt":"7"}`, laxArgs{Opt: &seven, Limit: 10}},
		{"null for a nullable field", `{"opt":null,"book":null}`, laxArgs{Limit: 10}},
		{"JSON string for an object", `{"book":"{\"title\":\"Dune\",\"author\":\"Herbert\",\"year\":\"1965\"}"}`, laxArgs{Book: &Book{"Dune", "Herbert", 1965}, Limit: 10}},
		{"JSON string for an array", `{"years":"[1965, \"1966\", 1967.0]"}`, laxArgs{Years: []int{1965, 1966, 1967}, Limit: 10}},
		{"JSON string for a map", `{"dict":"{\"a\":\"1\"}"}`, laxArgs{Dict: map[string]int{"a": 1}, Limit: 10}},
		{"numeric string for a bounded integer", `{"limit":"50"}`, laxArgs{Limit: 50}},
		{"a string stays a string", `{"name":"42"}`, laxArgs{Name: "42", Limit: 10}},
	}
	c := legacyClient(t, s, nil)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before, _ := rec.get()
			res := callRaw(t, c, "lax", tt.args)
			if res.IsError {
				t.Fatalf("rejected: %s", texts(res))
			}
			n, got := rec.get()
			if n != before+1 {
				t.Fatalf("handler ran %d times, want 1", n-before)
			}
			if d := jsonDiff(t, toJSON(t, tt.want), toJSON(t, got)); d != "" {
				t.Errorf("handler input (-want +got):\n%s", d)
			}
		})
	}
	// Coercion never turns invalid input valid.
	for _, args := range []string{`{"limit":"500"}`, `{"int":"4.5"}`, `{"int":5.5}`, `{"flag":"perhaps"}`, `{"book":"{not json"}`, `{"years":"[1,"}`, `{"limit":null}`} {
		t.Run("rejects "+args, func(t *testing.T) {
			before, _ := rec.get()
			if res := callRaw(t, c, "lax", args); !res.IsError {
				t.Errorf("accepted: %s", texts(res))
			}
			if n, _ := rec.get(); n != before {
				t.Error("handler ran")
			}
		})
	}
}

// Malformed arguments (not JSON at all cannot happen on the wire, but a
// non-object can) are an isError result, not a JSON-RPC error.
func TestArgumentsNotAnObject(t *testing.T) {
	rec := &recorder[laxArgs]{}
	s := sdk.NewServer("lax", nil)
	sdk.Tool(s, rec.handler, quiet("lax"))
	c := legacyClient(t, s, nil)
	for _, args := range []string{`"text"`, `42`, `true`} {
		t.Run(args, func(t *testing.T) {
			res := callRaw(t, c, "lax", args)
			if !res.IsError || !strings.HasPrefix(texts(res), "Error executing tool lax: ") {
				t.Errorf("result = %+v", res)
			}
		})
	}
}
