package sdk_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/testdata/multipkg/a"
	"github.com/mcpdev/mcpdev/sdk/testdata/multipkg/b"
	"github.com/mcpdev/mcpdev/sdk/testdata/multipkg/tools"
)

type box[T any] struct {
	V T `json:"v"`
}

type genericArgs struct {
	A box[a.Item] `json:"a"`
	B box[b.Item] `json:"b"`
	N box[int]    `json:"n"`
}

// defNames returns the sorted keys of a schema's $defs.
func defNames(t *testing.T, schema []byte) []string {
	t.Helper()
	var s struct {
		Defs map[string]json.RawMessage `json:"$defs"`
	}
	if err := json.Unmarshal(schema, &s); err != nil {
		t.Fatal(err)
	}
	var names []string
	for k := range s.Defs {
		names = append(names, k)
	}
	slices.Sort(names)
	return names
}

// Two types named Item from packages a and b get a definition each, named
// after their package; a type of the tool's own package keeps its bare
// name; the same type reached twice shares one definition.
func TestSameNameTypesGetSeparateDefs(t *testing.T) {
	tests := []struct {
		name     string
		decl     func() (*sdk.ToolDef, error)
		wantDefs []string
		refs     map[string][]string // expected $ref → path to it
	}{
		{"a.Item and b.Item", func() (*sdk.ToolDef, error) { return sdk.NewTool(tools.Pair, nil) }, []string{"AItem", "BItem"},
			map[string][]string{
				"#/$defs/AItem": {"properties", "a", "$ref"},
				"#/$defs/BItem": {"properties", "b", "$ref"},
			}},
		{"the same type twice shares one", func() (*sdk.ToolDef, error) { return sdk.NewTool(tools.Pair, nil) }, []string{"AItem", "BItem"},
			map[string][]string{"#/$defs/AItem": {"properties", "more", "items", "$ref"}}},
		{"the tool's own package keeps the bare name", func() (*sdk.ToolDef, error) { return sdk.NewTool(tools.Triple, nil) }, []string{"AItem", "BItem", "Item"},
			map[string][]string{
				"#/$defs/Item":  {"properties", "own", "$ref"},
				"#/$defs/AItem": {"properties", "a", "$ref"},
				"#/$defs/BItem": {"properties", "b", "$ref"},
			}},
		{"generic types name their arguments", func() (*sdk.ToolDef, error) {
			return sdk.NewTool(func(ctx context.Context, g genericArgs) (string, error) { return "", nil }, quiet("generic"))
		}, []string{"AItem", "BItem", "box_a_Item_", "box_b_Item_", "box_int_"},
			map[string][]string{
				"#/$defs/box_a_Item_": {"properties", "a", "$ref"},
				"#/$defs/AItem":       {"$defs", "box_a_Item_", "properties", "v", "$ref"},
				"#/$defs/box_int_":    {"properties", "n", "$ref"},
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := tt.decl()
			if err != nil {
				t.Fatal(err)
			}
			s := d.Info().InputSchema
			if got := defNames(t, s); !slices.Equal(got, tt.wantDefs) {
				t.Errorf("$defs = %v, want %v", got, tt.wantDefs)
			}
			for want, path := range tt.refs {
				if got := schemaAt(t, s, path...); got != want {
					t.Errorf("%v = %v, want %s", path, got, want)
				}
			}
		})
	}
	d, _ := sdk.NewTool(tools.Pair, nil)
	golden(t, "schemas/pair.json", d.Info().InputSchema)
}

// With a definition each, both items can be passed: b's fields are not
// checked against a's definition (ForbidExtra: each its own fields).
func TestSameNameTypesCallable(t *testing.T) {
	s := sdk.NewServer("pair", &sdk.ServerOptions{ForbidExtra: true})
	sdk.Tool(s, tools.Pair, nil)
	c := legacyClient(t, s, nil)
	res := callRaw(t, c, "pair", `{"a":{"name":"cup","color":"red"},"b":{"qty":2}}`)
	if res.IsError || texts(res) != "cup red ×2" {
		t.Errorf("valid call: %s", texts(res))
	}
	res = callRaw(t, c, "pair", `{"a":{"name":"cup","color":"red"},"b":{"name":"cup"}}`)
	want := "Error executing tool pair: 2 validation errors for pair\n" +
		"b.name\n  Extra inputs are not permitted [type=extra_forbidden, input_value='cup', input_type=str]\n" +
		"b.qty\n  Field required [type=missing, input_value={'name': 'cup'}, input_type=dict]"
	if d := textDiff(want, texts(res)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}
