package tokens

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestSegmentsCountAsTheWhole: the tokens of a text are the sum of its
// segments' tokens, in both encodings, for texts made of the characters
// that decide where the pre-tokenizers split (letters of each case and
// script, marks, digits, quotes, apostrophes and contractions, spaces,
// Unicode spaces and line breaks, punctuation, invalid UTF-8).
func TestSegmentsCountAsTheWhole(t *testing.T) {
	parts := []string{`"`, `"`, `'`, `'s`, `'LL`, "a", "Z", "x", "é", "É", "中", "\u0301", "ǅ", "ʰ",
		"1", "42", "1234", "٣", " ", "  ", "\n", "\r\n", "\t", "\r", "\v", "\x00", "\x7f", "_", "{", "}", ":", ",", "/", ".", "-", "(", ")",
		"<|endoftext|>", "\xff", "\xc3", "\u00a0", "\u2028", "\u3000", "\U0001F600", "word", " the", "Don't", "it's", "IT'S"}
	rng := rand.New(rand.NewPCG(36, 1))
	for i := range 6000 {
		var b strings.Builder
		for range rng.IntN(24) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		text := b.String()
		for _, enc := range []Encoding{O200kBase, Cl100kBase} {
			sum, n := 0, 0
			for seg := range segments(text) {
				sum += Count(enc, seg)
				n++
			}
			if want := Count(enc, text); sum != want {
				t.Fatalf("text %d %q (%s): %d segments count %d, the whole %d", i, text, enc, n, sum, want)
			}
		}
	}
}

func TestSegmentsSplitAfterAlnum(t *testing.T) {
	var got []string
	for seg := range segments(`{"type":"object","n":7," x":"é it's 2x"}`) {
		got = append(got, seg)
	}
	want := []string{`{"type`, `":"object`, `","n`, `":7`, `," x`, `":"é it's`, ` 2x`, `"}`}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("segments = %q, want %q", got, want)
	}
}
