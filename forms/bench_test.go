package forms

import (
	"encoding/json"
	"fmt"
	"testing"
)

// largeSchema has n properties of every kind plus shared $defs.
func largeSchema(n int) []byte {
	props := map[string]any{}
	kinds := []map[string]any{
		{"type": "string", "maxLength": 40},
		{"type": "integer", "minimum": 0, "maximum": 100, "default": 5},
		{"enum": []any{"a", "b", "c"}},
		{"type": "array", "items": map[string]any{"type": "string"}},
		{"$ref": "#/$defs/Item"},
		{"anyOf": []any{map[string]any{"type": "number"}, map[string]any{"type": "null"}}},
	}
	for i := 0; i < n; i++ {
		props[fmt.Sprintf("p%03d", i)] = kinds[i%len(kinds)]
	}
	s := map[string]any{
		"type": "object", "properties": props,
		"$defs": map[string]any{"Item": map[string]any{"type": "object", "properties": map[string]any{
			"name": map[string]any{"type": "string"}, "qty": map[string]any{"type": "integer", "minimum": 1}}}},
	}
	b, _ := json.Marshal(s)
	return b
}

// BenchmarkNew builds a form from a 300-property schema; rerun with
// go test ./forms -bench New -benchmem.
func BenchmarkNew(b *testing.B) {
	schema := largeSchema(300)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := New(schema, &Options{Width: 100}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkValidate(b *testing.B) {
	schema := largeSchema(300)
	f, _ := New(schema, nil)
	args, _ := f.Value()
	for b.Loop() {
		if _, err := Validate(schema, args); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkView(b *testing.B) {
	f, _ := New(largeSchema(300), &Options{Width: 100, Height: 40})
	for b.Loop() {
		_ = f.View()
	}
}
