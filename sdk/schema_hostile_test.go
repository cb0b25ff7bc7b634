package sdk_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdktest"
)

// Types a newcomer passes without thinking twice: a tree, and a struct
// with a field JSON has no form for.

// treeNode refers to itself, through a slice and through a pointer.
type treeNode struct {
	Value    string      `json:"value"`
	Children []*treeNode `json:"children,omitempty"`
	Next     *treeNode   `json:"next,omitempty"`
}

// A recursive argument type is the root object and, for the references
// to itself, a $defs entry of the same shape; arguments nest and are
// checked at every depth; a recursive result has its output schema too.
func TestRecursiveTypes(t *testing.T) {
	s := sdk.NewServer("trees", nil)
	sdk.Tool(s, func(_ context.Context, n treeNode) (treeNode, error) { return n, nil }, quiet("walk"))
	sdktest.ForEachEra(t, s, nil, func(t *testing.T, c *sdk.Client) {
		tools, err := c.ListTools(testCtx(t))
		if err != nil {
			t.Fatal(err)
		}
		in := tools[0].InputSchema
		for _, tt := range []struct {
			path []string
			want string
		}{
			{[]string{"required"}, `["value"]`},
			{[]string{"additionalProperties"}, `null`}, // extra keys are ignored (ForbidExtra: false)
			{[]string{"properties", "children", "items", "anyOf", "0", "$ref"}, `"#/$defs/treeNode"`},
			{[]string{"properties", "next", "anyOf", "0", "$ref"}, `"#/$defs/treeNode"`},
			{[]string{"$defs", "treeNode", "required"}, `["value"]`},
			{[]string{"$defs", "treeNode", "additionalProperties"}, `null`},
			{[]string{"$defs", "treeNode", "properties", "next", "anyOf", "0", "$ref"}, `"#/$defs/treeNode"`},
		} {
			got := toJSON(t, schemaAtIndex(t, in, tt.path...))
			if d := jsonDiff(t, []byte(tt.want), got); d != "" {
				t.Errorf("%v (-want +got):\n%s", tt.path, d)
			}
		}
		if tools[0].OutputSchema == nil {
			t.Error("no output schema")
		}

		res := callRaw(t, c, "walk", `{"value":"a","children":[{"value":"b","next":{"value":"c"}}]}`)
		if res.IsError {
			t.Fatalf("valid tree refused: %s", texts(res))
		}
		if got := toJSON(t, res.StructuredContent); !strings.Contains(string(got), `"next":{"value":"c"}`) {
			t.Errorf("structuredContent = %s", got)
		}
		res = callRaw(t, c, "walk", `{"value":"a","children":[{"value":"b","next":{"value":3,"x":1}}]}`)
		if !res.IsError || strings.Contains(texts(res), "children.0.next.x") || !strings.Contains(texts(res), "children.0.next.value\n  Input should be a valid string") {
			t.Errorf("deep violations: isError=%v\n%s", res.IsError, texts(res))
		}
	})
}

// schemaAtIndex is schemaAt that also steps into arrays by index.
func schemaAtIndex(t *testing.T, raw []byte, keys ...string) any {
	t.Helper()
	v := schemaAt(t, raw)
	for _, k := range keys {
		switch x := v.(type) {
		case map[string]any:
			v = x[k]
		case []any:
			i := int(k[0] - '0')
			if len(k) != 1 || i >= len(x) {
				t.Fatalf("no %q in %v", k, x)
			}
			v = x[i]
		default:
			t.Fatalf("no %q in %v", k, v)
		}
	}
	return v
}

type withChan struct {
	Name string   `json:"name"`
	Feed chan int `json:"feed"`
}

type withFunc struct {
	Done func() `json:"done"`
}

type withComplex struct {
	Z []complex128 `json:"z"`
}

type point struct{ X, Y int }

type structKeys struct {
	Seen map[point]bool `json:"seen"`
}

type floatKeys struct {
	Nested struct {
		Weights map[float64]string `json:"weights"`
	} `json:"nested"`
}

// json:"-,omitempty" names the member "-": encoding/json writes it (and fails).
type dashNamedFunc struct {
	//lint:ignore SA5008 the tag under test: a member named "-"
	Done func() `json:"-,omitempty"`
}

type skipsFunc struct {
	Name string `json:"name"`
	Done func() `json:"-"`
}

// A type JSON has no form for is a registration error naming the field,
// not a panic inside the schema reflector; a field encoding/json skips
// (json:"-") is no trouble.
func TestUnsupportedFieldTypes(t *testing.T) {
	check := func(name string, err error, want string) {
		t.Helper()
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v, want it to contain %q", name, err, want)
		}
	}
	_, err := sdk.NewTool(func(context.Context, withChan) (string, error) { return "", nil }, quiet("chan"))
	check("chan", err, "feed (sdk_test.withChan.Feed): JSON has no form for chan int")
	_, err = sdk.NewTool(func(context.Context, withFunc) (string, error) { return "", nil }, quiet("func"))
	check("func", err, "done (sdk_test.withFunc.Done): JSON has no form for func()")
	_, err = sdk.NewTool(func(context.Context, withComplex) (string, error) { return "", nil }, quiet("complex"))
	check("complex", err, "z (sdk_test.withComplex.Z): JSON has no form for complex128")
	_, err = sdk.NewTool(func(context.Context, structKeys) (string, error) { return "", nil }, quiet("keys"))
	check("struct keys", err, "seen (sdk_test.structKeys.Seen): JSON has no form for map[sdk_test.point]bool (object keys are strings, integers or encoding.TextMarshaler types)")
	_, err = sdk.NewTool(func(context.Context, floatKeys) (string, error) { return "", nil }, quiet("keys"))
	check("float keys", err, "nested.weights (sdk_test.floatKeys.Nested.Weights): JSON has no form for map[float64]string")
	_, err = sdk.NewTool(func(context.Context, dashNamedFunc) (string, error) { return "", nil }, quiet("dash"))
	check("json:\"-,omitempty\"", err, "- (sdk_test.dashNamedFunc.Done): JSON has no form for func()")
	_, err = sdk.NewTool(func(context.Context, skipsFunc) (withChan, error) { return withChan{}, nil }, quiet("out"))
	check("result", err, "output schema")
	if _, err := sdk.NewTool(func(context.Context, skipsFunc) (string, error) { return "", nil }, quiet("skips")); err != nil {
		t.Errorf("json:\"-\" func field: %v", err)
	}
	_, err = sdk.NewPrompt(func(context.Context, withChan) (string, error) { return "", nil }, &sdk.PromptOptions{Name: "p", Description: "d"})
	check("prompt", err, "JSON has no form for chan int")
}

type hiddenBase struct {
	// Note is promoted through a pointer to an unexported type.
	Note string `json:"note"`
}

type embedsHidden struct {
	*hiddenBase
	ID      int             `json:"id"`
	ByDelta map[int]string  `json:"by_delta,omitempty"`
	Levels  map[int]uint8   `json:"levels,omitempty"`
	Maybe   map[int]*string `json:"maybe,omitempty"`
}

// encoding/json cannot set a field promoted through a nil pointer to an
// unexported struct, so the input schema does not offer it (sending it is
// an extra input, ignored or, with ForbidExtra, refused: not an opaque
// failure) while the output schema keeps it;
// a map keyed by a signed integer takes negative keys, and its values get
// the limits of their Go type while other keys stay refused.
func TestEmbeddedUnexportedPointerAndSignedKeys(t *testing.T) {
	s := sdk.NewServer("embeds", nil)
	sdk.Tool(s, func(_ context.Context, in embedsHidden) (embedsHidden, error) {
		in.hiddenBase = &hiddenBase{Note: "set"}
		return in, nil
	}, quiet("echo"))
	c := memClient(t, s, "", nil)
	tools, err := c.ListTools(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	if p := schemaAt(t, tools[0].InputSchema, "properties", "note"); p != nil {
		t.Errorf("input schema offers note: %v", p)
	}
	if p := schemaAt(t, tools[0].OutputSchema, "properties", "note"); p == nil {
		t.Errorf("output schema lost note: %s", tools[0].OutputSchema)
	}
	res := callRaw(t, c, "echo", `{"id":1,"note":"x"}`)
	if res.IsError || !strings.Contains(string(res.StructuredContent), `"note":"set"`) {
		t.Errorf("note sent: isError=%v\n%s", res.IsError, texts(res))
	}
	forbids := sdk.NewServer("embeds", &sdk.ServerOptions{ForbidExtra: true})
	sdk.Tool(forbids, func(_ context.Context, in embedsHidden) (embedsHidden, error) { return in, nil }, quiet("echo"))
	res = callRaw(t, memClient(t, forbids, "", nil), "echo", `{"id":1,"note":"x"}`)
	if want := "note\n  Extra inputs are not permitted"; !res.IsError || !strings.Contains(texts(res), want) {
		t.Errorf("note sent, ForbidExtra: isError=%v\n%s", res.IsError, texts(res))
	}
	res = callRaw(t, c, "echo", `{"id":1,"by_delta":{"-1":"back","2":"on"}}`)
	if res.IsError {
		t.Fatalf("negative key refused: %s", texts(res))
	}
	levels := string(toJSON(t, schemaAt(t, tools[0].InputSchema, "properties", "levels")))
	if want := `{"additionalProperties":false,"patternProperties":{"^-?[0-9]+$":{"maximum":255,"minimum":0,"type":"integer"}},"type":"object"}`; levels != want {
		t.Errorf("levels = %s\nwant     %s", levels, want)
	}
	res2 := callRaw(t, c, "echo", `{"id":1,"levels":{"1":300},"maybe":{"x":null,"2":null}}`)
	if want := "levels.1\n  Input should be less than or equal to 255"; !res2.IsError || !strings.Contains(texts(res2), want) || !strings.Contains(texts(res2), "maybe.x\n  Extra inputs are not permitted") {
		t.Errorf("levels and maybe: isError=%v\n%s", res2.IsError, texts(res2))
	}
	if got := string(toJSON(t, res.StructuredContent)); !strings.Contains(got, `"-1":"back"`) || !strings.Contains(got, `"note":"set"`) {
		t.Errorf("structuredContent = %s", got)
	}
}

type leftName struct {
	Name string // untagged: go vet would flag the same tag twice
}

type rightName struct {
	Name string
}

type clashing struct {
	leftName
	rightName
	Kind string `json:"kind"`
}

type unsignedKeys struct {
	Kind  string          `json:"kind"`
	Alias string          `json:"kind2"`
	ByU   map[uint]string `json:"by_u,omitempty"`
}

// Two embedded structs giving the same JSON name at the same depth:
// encoding/json reads and writes neither, so the tool fails registration,
// naming both fields (it registered and silently lost the value).
func TestAmbiguousEmbeddedNamesFailRegistration(t *testing.T) {
	_, err := sdk.NewTool(func(_ context.Context, in clashing) (string, error) { return in.Kind, nil }, quiet("echo"))
	want := `Name (sdk_test.leftName.Name, sdk_test.rightName.Name): 2 fields have the JSON name "Name"`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("err = %v\nwant it to contain %q", err, want)
	}
}

// An unsigned key that is no integer is worded as Pydantic words a string
// that does not parse.
func TestUnsignedKeys(t *testing.T) {
	s := sdk.NewServer("keys", nil)
	sdk.Tool(s, func(_ context.Context, in unsignedKeys) (unsignedKeys, error) { return in, nil }, quiet("echo"))
	c := memClient(t, s, "", nil)
	tools, err := c.ListTools(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, schema := range [][]byte{tools[0].InputSchema, tools[0].OutputSchema} {
		if got := string(toJSON(t, schemaAt(t, schema, "required"))); got != `["kind","kind2"]` {
			t.Errorf("required = %s", got)
		}
	}
	res := callRaw(t, c, "echo", `{"kind":"a","kind2":"b","by_u":{"1":"one"}}`)
	if res.IsError {
		t.Errorf("valid call: %s", texts(res))
	}
	res = callRaw(t, c, "echo", `{"kind":"a","kind2":"b","by_u":{"x":"y","1.5":"z"}}`)
	for _, want := range []string{
		"by_u.x.[key]\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='x', input_type=str]",
		"by_u.1.5.[key]\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='1.5', input_type=str]",
	} {
		if !res.IsError || !strings.Contains(texts(res), want) {
			t.Errorf("want %q in\n%s", want, texts(res))
		}
	}
}

type quotedNumbers struct {
	ID    int64   `json:"id,string"`
	Small uint8   `json:"small,string,omitempty"`
	Ratio float64 `json:"ratio,string,omitempty"`
}

// A field tagged json:",string" is a number written as a string: its
// schema says string, and what does not decode is worded by the number
// the string holds (out of range, or not a number at all), not as a
// string that "should be a valid integer" when it is one.
func TestQuotedNumberFields(t *testing.T) {
	s := sdk.NewServer("quoted", nil)
	sdk.Tool(s, func(_ context.Context, in quotedNumbers) (quotedNumbers, error) { return in, nil }, quiet("echo"))
	c := memClient(t, s, "", nil)
	res := callRaw(t, c, "echo", `{"id":"9223372036854775807","small":"255","ratio":"0.5"}`)
	if res.IsError || !strings.Contains(string(toJSON(t, res.StructuredContent)), `"id":"9223372036854775807"`) {
		t.Errorf("valid: %s %s", texts(res), toJSON(t, res.StructuredContent))
	}
	res = callRaw(t, c, "echo", `{"id":"99999999999999999999","small":"256","ratio":"half"}`)
	for _, want := range []string{
		"id\n  Input should be less than or equal to 9223372036854775807 [type=less_than_equal, input_value='99999999999999999999', input_type=str]",
		"small\n  Input should be less than or equal to 255 [type=less_than_equal, input_value='256', input_type=str]",
		"ratio\n  Input should be a valid number, unable to parse string as a number [type=float_parsing, input_value='half', input_type=str]",
	} {
		if !res.IsError || !strings.Contains(texts(res), want) {
			t.Errorf("want %q in\n%s", want, texts(res))
		}
	}
	res = callRaw(t, c, "echo", `{"id":"abc","ratio":"nan"}`)
	if want := "id\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='abc', input_type=str]"; !res.IsError || !strings.Contains(texts(res), want) {
		t.Errorf("want %q in\n%s", want, texts(res))
	}
	if want := "ratio\n  Input should be a valid number, unable to parse string as a number"; !strings.Contains(texts(res), want) {
		t.Errorf("want %q in\n%s", want, texts(res))
	}
	tools, err := c.ListTools(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(toJSON(t, schemaAt(t, tools[0].InputSchema, "properties", "small"))); got != `{"type":"string"}` {
		t.Errorf("small's schema = %s", got)
	}
}
