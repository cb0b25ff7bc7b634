package args

import (
	"encoding/json"
	"slices"
	"testing"
)

const wordsSchema = `{"type":"object","properties":{"n":{"type":"integer"},"q":{"type":"string"},
	"book":{"type":"object","properties":{"title":{"type":"string"},"year":{"type":"integer"}}},
	"tags":{"type":"array","items":{"type":"string"}},"any":{}}}`

func TestWordsInvertCoerce(t *testing.T) {
	tests := []struct {
		name, args string
		want       []string // nil with ok false: no words fit
		ok         bool
	}{
		{"none", ``, nil, true},
		{"empty object", `{}`, nil, true},
		{"plain", `{"q":"two words","n":1,"tags":["a","b"]}`, []string{"n=1", "q=two words", `tags=["a","b"]`}, true},
		{"schema order, then the rest by name", `{"zz":1,"tags":["a"],"a":2,"book":{"title":"T"},"q":"x"}`,
			[]string{"q=x", "book.title=T", `tags=["a"]`, "a=2", "zz=1"}, true},
		{"nested", `{"book":{"title":"Dune","year":1965}}`, []string{"book.title=Dune", "book.year=1965"}, true},
		{"empty nested object", `{"book":{}}`, []string{"book={}"}, true},
		{"string the schema would convert", `{"n":"42"}`, []string{`n:="42"`}, true},
		{"string without a type would be guessed", `{"any":"5"}`, []string{`any:="5"`}, true},
		{"big number kept as written", `{"x":12345678901234567890123}`, []string{"x=12345678901234567890123"}, true},
		{"NUL byte", `{"q":"a\u0000b"}`, []string{`q:="a\u0000b"`}, true},
		{"dotted key", `{"a.b":1}`, nil, false},
		{"key like a flag", `{"-v":1}`, nil, false},
		{"not an object", `[1]`, nil, false},
		{"not JSON", `{`, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Words(json.RawMessage(wordsSchema), json.RawMessage(tt.args))
			if ok != tt.ok || !slices.Equal(got, tt.want) {
				t.Errorf("Words(%s) (-want +got):\n-%q %v\n+%q %v", tt.args, tt.want, tt.ok, got, ok)
			}
		})
	}
}

// FuzzWords: words that Words accepts give back the arguments through Coerce.
func FuzzWords(f *testing.F) {
	f.Add(`{"q":"a,b","n":-1,"book":{"year":1.5},"tags":"x"}`)
	f.Add(`{"any":null,"book":{"title":["t"]},"x":{"y":{"z":true}}}`)
	f.Fuzz(func(t *testing.T, argv string) {
		if !json.Valid([]byte(argv)) {
			return // arguments sent were JSON
		}
		words, ok := Words(json.RawMessage(wordsSchema), json.RawMessage(argv))
		if !ok || len(words) == 0 {
			return
		}
		got, err := Coerce([]byte(wordsSchema), words, nil)
		if err != nil || !EqualJSON(string(Marshal(got)), argv) {
			t.Fatalf("Words(%s) = %q, which Coerce turns into %s (%v)", argv, words, Marshal(got), err)
		}
	})
}

// MarshalOrdered writes the keys in the order the words name them, as the
// form a person answered sends its fields; the rest after, by name.
func TestMarshalOrdered(t *testing.T) {
	words := []string{"zz=1", "book.title=T", "q=x", "book.year=1965"}
	argv, err := Coerce([]byte(wordsSchema), words, map[string]any{"n": 3})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"zz":1,"book":{"title":"T","year":1965},"q":"x","n":3}`
	if got := string(MarshalOrdered(argv, words)); got != want {
		t.Errorf("MarshalOrdered = %s, want %s", got, want)
	}
}
