package sdk_test

import (
	"context"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
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
	sdk.ForEachEra(t, s, func(t *testing.T, c *sdk.Client) {
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
			{[]string{"additionalProperties"}, `false`},
			{[]string{"properties", "children", "items", "anyOf", "0", "$ref"}, `"#/$defs/treeNode"`},
			{[]string{"properties", "next", "anyOf", "0", "$ref"}, `"#/$defs/treeNode"`},
			{[]string{"$defs", "treeNode", "required"}, `["value"]`},
			{[]string{"$defs", "treeNode", "additionalProperties"}, `false`},
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
		want := "children.0.next.x\n  Extra inputs are not permitted"
		if !res.IsError || !strings.Contains(texts(res), want) || !strings.Contains(texts(res), "children.0.next.value\n  Input should be a valid string") {
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
	_, err = sdk.NewTool(func(context.Context, skipsFunc) (withChan, error) { return withChan{}, nil }, quiet("out"))
	check("result", err, "output schema")
	if _, err := sdk.NewTool(func(context.Context, skipsFunc) (string, error) { return "", nil }, quiet("skips")); err != nil {
		t.Errorf("json:\"-\" func field: %v", err)
	}
	_, err = sdk.NewPrompt(func(context.Context, withChan) (string, error) { return "", nil }, &sdk.PromptOptions{Name: "p", Description: "d"})
	check("prompt", err, "JSON has no form for chan int")
}
