package forms

import (
	"bytes"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

func containsStr(s, sub string) bool { return strings.Contains(s, sub) }

// Round trip: value → prefilled form → value is identical (as JSON values).
func TestRoundTrip(t *testing.T) {
	tests := []struct{ file, value string }{
		{"search_books.json", `{"query":"dune","limit":5}`},
		{"search_books.json", `{"query":"dune","limit":5,"genre":"poetry"}`},
		{"search_books.json", `{"query":"dune","genre":null}`},
		{"search_books.json", `{"limit":1e2,"query":""}`},
		{"add_book.json", `{"book":{"title":"Dune","author":"Frank Herbert","year":1965}}`},
		{"hard/nested_defs.json", `{"name":"n","home":{"city":"Oslo","geo":{"lat":59.91,"lon":-10.75}}}`},
		{"hard/array_of_objects.json", `{"rows":[{"sku":"A","qty":2},{"sku":"B","qty":4}],"tags":["x","","y"]}`},
		{"hard/anyof_root.json", `{"id":3}`},
		{"hard/anyof_root.json", `{"name":"n","exact":true}`},
		{"hard/nullable_enum.json", `{"genre":"poetry","mood":null}`},
		{"hard/numeric_enum.json", `{"level":1,"ratio":0.5,"flags":["b","c"]}`},
		{"hard/oneof_objects.json", `{"shape":{"kind":"rect","w":1,"h":2.5}}`},
		{"hard/draft07_definitions.json", `{"from":{"x":1,"y":2},"to":{"x":3,"y":4},"when":"2024-01-01T00:00:00Z"}`},
		{"hard/recursive.json", `{"tree":{"value":1,"children":[{"value":2,"children":[{"value":3}]}],"parent":{"value":0,"parent":{"value":-1,"parent":{"value":-2}}}}}`},
		{"hard/true_schema.json", `{"anything":{"a":[1,null]},"meta":{"k":"v"},"pair":["a",1],"either":5}`},
		{"hard/strings.json", `{"code":"abc","bio":"line1\nline2","email":"a@b.c"}`},
		{"hard/pydantic_v1_allof.json", `{"opts":{"deep":true},"n":1.5}`},
	}
	for _, tt := range tests {
		t.Run(tt.file+" "+tt.value, func(t *testing.T) {
			f := mustNew(t, string(readTestdata(t, tt.file)), &Options{Prefill: []byte(tt.value)})
			got, err := f.Value()
			if err != nil {
				t.Fatal(err)
			}
			if !sameJSON(t, got, []byte(tt.value)) {
				t.Errorf("round trip mismatch (-want +got):\n-%s\n+%s", tt.value, got)
			}
			if v := plainView(f); strings.Contains(v, "⚠") {
				t.Errorf("fitting value flagged:\n%s", v)
			}
		})
	}
}

func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	va, err := jsonschema.UnmarshalJSON(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	vb, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return equalJSON(va, vb)
}

// Values that no longer fit are kept, visible and flagged, never dropped.
func TestPrefillMisfits(t *testing.T) {
	tests := []struct{ name, file, value, flag string }{
		{"type changed", "search_books.json", `{"query":"q","limit":"ten"}`, "does not fit"},
		{"enum value gone", "search_books.json", `{"query":"q","genre":"horror"}`, "does not fit"},
		{"unknown argument", "search_books.json", `{"query":"q","shelf":3}`, "not in the schema"},
		{"out of bounds", "search_books.json", `{"query":"q","limit":500}`, "less than or equal to 50"},
		{"closed object", "hard/oneof_objects.json", `{"shape":5}`, "does not fit"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := mustNew(t, string(readTestdata(t, tt.file)), &Options{Prefill: []byte(tt.value)})
			if v := plainView(f); !strings.Contains(v, tt.flag) {
				t.Errorf("flag %q not shown:\n%s", tt.flag, v)
			}
			got, err := f.Value()
			if err != nil || !sameJSON(t, got, []byte(tt.value)) {
				t.Errorf("misfit dropped or changed: %s %v, want %s", got, err, tt.value)
			}
		})
	}
}
