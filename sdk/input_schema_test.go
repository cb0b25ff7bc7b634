package sdk

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/mcpdev/mcpdev/internal/pydantic"
)

// inputSchemaEdges are documents at the edges of the one decoding: not
// JSON, not an object, numbers float64 cannot hold, repeated keys, data
// after the value, a schema the validator refuses.
var inputSchemaEdges = []string{
	`{"type":"object","properties":{"b":{"type":"integer","minimum":1e2},"a":{"type":"string"}},"required":["b"]}`,
	`{"type":"object","properties":{"x":{"maximum":1e400}}}`,
	`{"type":"object","properties":{"x":{"minimum":1e-400,"maximum":-0}}}`,
	`{"type":"object","properties":{"a":{"type":"string"},"a":{"type":"integer"},"b":{}}}`,
	`{"type":"object","properties":{"p":{"type":"string","pattern":"("}}}`,
	`{"type":"object","properties":{"n":{"type":"number","multipleOf":0}}}`,
	`{"type":"object","properties":{"d":{"$ref":"#/$defs/D"}},"$defs":{"D":{"type":"object","properties":{"z":{},"y":{}}}}}`,
	`{"type":"object","unevaluatedProperties":false}`,
	`{"$schema":"http://json-schema.org/draft-07/schema#"}`,
	`{"type":"object"} {}`,
	`{"type":"object",}`,
	`[{"type":"object"}]`,
	`"object"`,
	`null`,
	`true`,
	``,
	`{"properties":{"s":{"enum":["a",1,1.50,null,[1e2],{"k":2}]}}}`,
}

// decodeInputSchema decodes the checked input schema once; what it returns
// is what the three readers' own decodings give: the same plain values for
// the preparer, the same declaration order, a validator that finds the
// same violations in the same words, and for a document one of them
// refuses, the same error.
func TestInputSchemaDecodedOnceAsThrice(t *testing.T) {
	for _, doc := range inputSchemaEdges {
		sameDecodings(t, []byte(doc), []byte(`{"a":5,"b":"x","x":1e300,"n":2,"d":{"y":1},"s":[1]}`))
	}
	g := schemaGen{rand.New(rand.NewPCG(5, 6))}
	for range 300 {
		root := g.schema(0)
		raw, _ := json.Marshal(root)
		data, _ := json.Marshal(g.value(root, 0))
		sameDecodings(t, raw, data)
	}
}

func FuzzInputSchemaDecodedOnce(f *testing.F) {
	for _, doc := range inputSchemaEdges {
		f.Add([]byte(doc), []byte(`{"a":1,"b":"x"}`))
	}
	g := schemaGen{rand.New(rand.NewPCG(7, 8))}
	for range 40 {
		root := g.schema(0)
		raw, _ := json.Marshal(root)
		data, _ := json.Marshal(g.value(root, 0))
		f.Add(raw, data)
	}
	f.Fuzz(func(t *testing.T, raw, data []byte) {
		sameDecodings(t, raw, data)
	})
}

// sameDecodings checks decodeInputSchema against decodeThrice on the
// schema raw, and their validators on the arguments data.
func sameDecodings(t *testing.T, raw, data []byte) {
	t.Helper()
	args, compiled, order, err := decodeInputSchema(raw)
	wantArgs, wantCompiled, wantOrder, wantErr := decodeThrice(raw)
	if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
		t.Fatalf("schema %s: error %v, want %v", raw, err, wantErr)
	}
	if err != nil {
		return
	}
	if !reflect.DeepEqual(args.root, wantArgs.root) {
		t.Fatalf("schema %s: plain values (-want +got):\n-%#v\n+%#v", raw, wantArgs.root, args.root)
	}
	if !reflect.DeepEqual(order(), wantOrder()) {
		t.Fatalf("schema %s: order (-want +got):\n-%v\n+%v", raw, wantOrder(), order())
	}
	v, err := decodeArgs(data)
	if err != nil {
		return
	}
	want, _ := decodeArgs(data)
	got := compiled.Check(v, pydantic.Options{Order: order()})
	wantVs := wantCompiled.Check(want, pydantic.Options{Order: wantOrder()})
	if !reflect.DeepEqual(got, wantVs) {
		t.Fatalf("schema %s, arguments %s: violations (-want +got):\n-%v\n+%v", raw, data, wantVs, got)
	}
}
