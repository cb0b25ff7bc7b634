package jsonenc

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// unescapeHTML undoes json.Marshal's HTML escaping (the values below have
// no backslash-u text of their own).
var unescapeHTML = strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&")

func randomValue(r *rand.Rand, depth int) any {
	alphabet := []string{"a", "<", ">", "&", `"`, `\`, "\x00", "\n", " ", "é", "\u2028", "\xff", "日"}
	str := func() string {
		var b strings.Builder
		for range r.IntN(8) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		return b.String()
	}
	switch k := r.IntN(6); {
	case depth > 3 || k == 0:
		return str()
	case k == 1:
		return r.Float64() * 1e6
	case k == 2:
		return r.IntN(2) == 0
	case k == 3:
		var a []any
		for range r.IntN(4) {
			a = append(a, randomValue(r, depth+1))
		}
		return a
	case k == 4:
		return json.RawMessage(`{"raw":"<&>"}`)
	}
	m := map[string]any{}
	for range r.IntN(4) {
		m[str()] = randomValue(r, depth+1)
	}
	return m
}

// Marshal and MarshalIndent write what json.Marshal and json.MarshalIndent
// write, but for '<', '>' and '&', which stay as they are.
func TestMarshalIsEncodingJSONWithoutHTMLEscapes(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		v := randomValue(r, 0)
		want, _ := json.Marshal(v)
		got, err := Marshal(v)
		if err != nil || string(got) != unescapeHTML.Replace(string(want)) {
			t.Fatalf("Marshal(%#v) = %s, %v\njson.Marshal: %s", v, got, err, want)
		}
		wantIndent, _ := json.MarshalIndent(v, "", "  ")
		gotIndent, err := MarshalIndent(v)
		if err != nil || string(gotIndent) != unescapeHTML.Replace(string(wantIndent)) {
			t.Fatalf("MarshalIndent(%#v) = %s, %v\njson.MarshalIndent: %s", v, gotIndent, err, wantIndent)
		}
	}
	if _, err := Marshal(func() {}); err == nil {
		t.Error("Marshal of a func: no error")
	}
	if got, _ := Marshal("after an error <ok>"); string(got) != `"after an error <ok>"` {
		t.Errorf("Marshal after an error = %s", got)
	}
}

func BenchmarkMarshal(b *testing.B) {
	v := map[string]any{"content": []any{map[string]any{"type": "text", "text": "Found 3 books <dune>"}}, "isError": false}
	b.ReportAllocs()
	for b.Loop() {
		_, _ = Marshal(v)
	}
}

func BenchmarkEncodingJSONMarshal(b *testing.B) {
	v := map[string]any{"content": []any{map[string]any{"type": "text", "text": "Found 3 books <dune>"}}, "isError": false}
	b.ReportAllocs()
	for b.Loop() {
		_, _ = json.Marshal(v)
	}
}
