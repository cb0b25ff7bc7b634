package sdk

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// FuzzValidSound: whatever the schema and the arguments, the fast
// validator never calls valid what the jsonschema library rejects. Seeds
// come from the generator of TestFastValidSound.
func FuzzValidSound(f *testing.F) {
	g := schemaGen{rand.New(rand.NewPCG(3, 4))}
	for range 40 {
		root := g.schema(0)
		raw, _ := json.Marshal(root)
		data, _ := json.Marshal(g.value(root, 0))
		f.Add(raw, data)
	}
	f.Fuzz(func(t *testing.T, raw, data []byte) {
		lib, err := compileSchema(raw)
		if err != nil {
			return
		}
		args, err := newArgSchema(raw)
		if err != nil || args == nil || args.root == nil {
			return
		}
		fast := compileFast(args.root)
		v, err := decodeArgs(data)
		if err != nil || !fast.Valid(v) {
			return
		}
		if err := lib.Validate(v); err != nil {
			t.Fatalf("fast path says valid, library disagrees:\nschema %s\nvalue  %s\nlibrary: %v", raw, data, err)
		}
	})
}
