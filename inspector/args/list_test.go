package args

import (
	"fmt"
	"strings"
	"testing"

	udiff "github.com/aymanbagabas/go-udiff"
)

// rows renders List's arguments one per line: path|kind|required|constraints|description.
func rows(schema string) string {
	var out []string
	for _, a := range List([]byte(schema)) {
		out = append(out, strings.Join([]string{a.Path, a.Kind, boolWord(a.Required), a.Constraints, a.Description}, "|"))
	}
	return strings.Join(out, "\n")
}

func boolWord(b bool) string {
	if b {
		return "required"
	}
	return ""
}

func diffText(want, got string) string {
	return udiff.Unified("want", "got", want+"\n", got+"\n")
}

// listCase is a schema and the rows List gives for it.
type listCase struct{ name, schema, want string }

func checkRows(t *testing.T, tests []listCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := rows(tt.schema); got != tt.want {
				t.Errorf("List (-want +got):\n%s", diffText(tt.want, got))
			}
		})
	}
}

func TestListWordsConstraintsAsTheForms(t *testing.T) {
	tests := []listCase{
		{"bookshop search", `{"type":"object","properties":{
			"query":{"type":"string","description":"What to find."},
			"genre":{"anyOf":[{"enum":["fiction","poetry"]},{"type":"null"}]},
			"limit":{"type":"integer","minimum":1,"maximum":50,"default":10},
			"book":{"type":"object","properties":{"year":{"type":"integer"}},"required":["year"]}},
			"required":["query","book"]}`,
			"query|string|required|string|What to find.\n" +
				"genre|enum||one of fiction, poetry · nullable|\n" +
				"limit|integer||integer · 1–50 · default 10|\n" +
				"book|object|required|object|\n" +
				"book.year|integer|required|integer|"},
		{"list items are left out", `{"type":"object","properties":{"rows":{"type":"array","items":{"type":"object","properties":{"k":{"type":"string"}}}}}}`,
			"rows|array||list|"},
		{"$ref and $defs", `{"$defs":{"B":{"type":"object","properties":{"y":{"type":"integer","minimum":1450}}}},"type":"object","properties":{"b":{"$ref":"#/$defs/B"}}}`,
			"b|object||object|\nb.y|integer||integer · ≥ 1450|"},
	}
	checkRows(t, tests)
}

func TestListHostileSchemas(t *testing.T) {
	tests := []listCase{
		{"no properties", `{"type":"object"}`, ""},
		{"not an object schema", `{"type":"string"}`, ""},
		{"not JSON", `{"type":`, ""},
		{"empty", ``, ""},
		{"a property named like the old hidden order key", `{"type":"object","properties":{"\u0000order":{"type":"integer"},"b":{"type":"string"}}}`,
			"\x00order|integer||integer|\nb|string||string|"},
		{"$ref cycle through anyOf", `{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"anyOf":[{"$ref":"#/$defs/A"},{"type":"integer"}]}}}`,
			"a|union||one of 2 variants|"},
		{"recursive object", `{"$ref":"#/$defs/N","$defs":{"N":{"type":"object","properties":{"next":{"$ref":"#/$defs/N"},"v":{"type":"integer"}}}}}`,
			"next|json||JSON|\nv|integer||integer|"},
		{"remote $ref: top-level names only", `{"type":"object","properties":{"x":{"$ref":"https://example.com/s.json"},"y":{"type":"string"}},"required":["y"]}`,
			"x||||\ny||required||"},
	}
	checkRows(t, tests)
}

func TestListHugeSchemas(t *testing.T) {
	var props []string
	for i := range 2000 {
		props = append(props, fmt.Sprintf(`"p%d":{"type":"integer","maximum":%d}`, i, i))
	}
	list := List([]byte(`{"type":"object","properties":{` + strings.Join(props, ",") + `}}`))
	if len(list) != 2000 || list[1999].Path != "p1999" || list[1999].Constraints != "integer · ≤ 1999" {
		t.Errorf("2000 properties: got %d arguments, last %+v", len(list), list[len(list)-1])
	}
	deep := `{"type":"integer"}`
	for range 200 {
		deep = `{"type":"object","properties":{"a":` + deep + `}}`
	}
	// Like the form, the list stops nesting objects where the form would
	// switch to a JSON editor.
	list = List([]byte(deep))
	if last := list[len(list)-1]; len(list) < 5 || last.Kind != "json" || last.Path != strings.Repeat("a.", len(list)-1)+"a" {
		t.Errorf("200 levels: got %d arguments, last %+v", len(list), last)
	}
}

func TestTableColumns(t *testing.T) {
	got := Table("search\x1b[31m", List([]byte(`{"type":"object","properties":{
		"query":{"type":"string","description":"What\nto find."},
		"limit":{"type":"integer","minimum":1,"maximum":50,"default":10}},"required":["query"]}`)))
	want := "arguments of search␛[31m:\n" +
		"  query  required  string                       What␊to find.\n" +
		"  limit            integer · 1–50 · default 10\n"
	if got != want {
		t.Errorf("Table (-want +got):\n%s", diffText(want, got))
	}
	if got := Table("t", nil); got != "t takes no arguments\n" {
		t.Errorf("no arguments: %q", got)
	}
}
