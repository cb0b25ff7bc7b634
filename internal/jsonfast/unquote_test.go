package jsonfast

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// Unquote gives what encoding/json gives, wherever it answers: escapes of
// every kind, surrogate pairs, lone and reversed surrogates.
func TestUnquoteMatchesEncodingJSON(t *testing.T) {
	vals := []string{`""`, `"plain"`, `"a\nb\tc\"d\\e\/f\bg\fh\ri"`, `"\u00e9\u4e2d\uD83D\uDE00"`,
		`"\uD83D"`, `"\uDE00\uD83D"`, `"\uD83Dx"`, `"\uD83D\u0041"`, `"\uD83D\uD83D\uDE00"`, `"é漢字\u0000"`}
	r := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"a", "é", `\n`, `\"`, `\\`, `\u00e9`, `\uD83D`, `\uDE00`, `\ud83d\ude00`, "漢", `\/`, " "}
	for range 20000 {
		var b strings.Builder
		for range r.IntN(8) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		vals = append(vals, `"`+b.String()+`"`)
	}
	for _, v := range vals {
		var want string
		if err := json.Unmarshal([]byte(v), &want); err != nil {
			t.Fatalf("%s: %v", v, err)
		}
		got, ok := Unquote([]byte(v))
		if !ok || got != want {
			t.Fatalf("Unquote(%s) = %q, %v; encoding/json: %q", v, got, ok, want)
		}
	}
	for _, v := range []string{`5`, `null`, "\"\xff\""} {
		if _, ok := Unquote([]byte(v)); ok {
			t.Errorf("Unquote(%q) answered; want false", v)
		}
	}
}

// A text of megabytes with escapes is decoded into one allocation of its
// own size (encoding/json: two).
func TestUnquoteAllocatesTheStringOnly(t *testing.T) {
	val := []byte(`"` + strings.Repeat(strings.Repeat("x", 98)+`\n`, 10000) + `"`)
	allocs := testing.AllocsPerRun(3, func() {
		if s, ok := Unquote(val); !ok || len(s) != 99*10000 {
			t.Fatalf("Unquote: %d bytes, %v", len(s), ok)
		}
	})
	if allocs != 1 {
		t.Errorf("%v allocations, want 1", allocs)
	}
}

// Array gives each element, and refuses what is not an array.
func TestArrayElements(t *testing.T) {
	if !Fast {
		t.Skip("built with wireslow: the fast paths are off")
	}
	var got []string
	if !Array([]byte(` [1, "a" ,{"b":[2]},null] `), func(v []byte) bool { got = append(got, string(v)); return true }) {
		t.Fatal("Array refused a valid array")
	}
	if want := `1|"a"|{"b":[2]}|null`; strings.Join(got, "|") != want {
		t.Errorf("elements %q, want %s", got, want)
	}
	for _, s := range []string{`[]`, `[1,]`, `{}`, `[1] x`, `[1`} {
		ok := Array([]byte(s), func([]byte) bool { return true })
		if want := s == `[]`; ok != want {
			t.Errorf("Array(%s) = %v, want %v", s, ok, want)
		}
	}
}
