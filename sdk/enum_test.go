package sdk_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
)

// Planet lists its values with a method: no constants, no source needed.
type Planet string

func (Planet) Enum() []any { return []any{"mercury", "venus", "earth"} }

// Ring is an integer type with its values on a pointer receiver.
type Ring int

func (*Ring) Enum() []any { return []any{Ring(1), Ring(2)} }

type visitArgs struct {
	Planet Planet `json:"planet"`
	Rings  []Ring `json:"rings,omitempty"`
}

// A named type's Enum method gives the schema its enum, so validation does
// not depend on reading the source.
func TestEnumMethod(t *testing.T) {
	d, err := sdk.NewTool(func(ctx context.Context, a visitArgs) (string, error) { return string(a.Planet), nil }, quiet("visit"))
	if err != nil {
		t.Fatal(err)
	}
	s := d.Info().InputSchema
	for path, want := range map[string]string{
		"planet": `["mercury","venus","earth"]`,
		"rings":  `[1,2]`,
	} {
		p := []string{"properties", path, "enum"}
		if path == "rings" {
			p = []string{"properties", path, "items", "enum"}
		}
		if d := jsonDiff(t, []byte(want), toJSON(t, schemaAt(t, s, p...))); d != "" {
			t.Errorf("%s enum (-want +got):\n%s", path, d)
		}
	}
	srv := sdk.NewServer("visit", nil)
	srv.AddTool(d)
	res := callRaw(t, legacyClient(t, srv, nil), "visit", `{"planet":"pluto","rings":[3]}`)
	want := "Error executing tool visit: 2 validation errors for visit\n" +
		"planet\n  Input should be 'mercury', 'venus' or 'earth' [type=literal_error, input_value='pluto', input_type=str]\n" +
		"rings.0\n  Input should be 1 or 2 [type=literal_error, input_value=3, input_type=int]"
	if d := textDiff(want, texts(res)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// Size is a T-shirt size.
type Size string

const (
	Small Size = "S"
	Large Size = "L"
)

// Enum lists the sizes, so that a binary built with -trimpath, without
// mcpdocs and away from its source still refuses other values.
func (Size) Enum() []any { return []any{Small, Large} }

type orderArgs struct {
	Size Size `json:"size"`
}

// A named type declares its values with an Enum method (see sdk.Enumer).
func ExampleEnumer() {
	s := sdk.NewServer("shop", nil)
	sdk.Tool(s, func(ctx context.Context, a orderArgs) (string, error) {
		return "ordered " + string(a.Size), nil
	}, &sdk.ToolOptions{Name: "order", Description: "Order a T-shirt."})

	ctx := context.Background()
	c, _ := sdk.NewInMemoryClient(ctx, s, nil)
	defer c.Close()
	tools, _ := c.ListTools(ctx)
	fmt.Println(string(tools[0].InputSchema))
	res, _ := c.CallTool(ctx, "order", map[string]any{"size": "XL"}, nil)
	fmt.Println(res.Content[0].Text)
	// Output:
	// {"$schema":"https://json-schema.org/draft/2020-12/schema","properties":{"size":{"type":"string","enum":["S","L"]}},"type":"object","required":["size"]}
	// Error executing tool order: 1 validation error for order
	// size
	//   Input should be 'S' or 'L' [type=literal_error, input_value='XL', input_type=str]
}
