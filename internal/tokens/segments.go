package tokens

import "iter"

// segments splits text where both encodings' pre-tokenizers are bound to
// split it: after an ASCII letter or digit, before an ASCII character that
// is neither nor an apostrophe (a space, a quote, punctuation, a line
// break). The pattern's piece holding that letter (or digit) is a run of
// letters and marks (or of digits) with at most a contraction ('s, 'll…)
// after it, so it ends there; the next piece starts there, and no pattern
// looks behind. So the tokens of text are the sum of its segments' tokens,
// and a tally counts a segment that recurs (a word, a key, a subschema, a
// client's wrapper) once.
func segments[T string | []byte](text T) iter.Seq[T] {
	return func(yield func(T) bool) {
		start := 0
		for i := 1; i < len(text); i++ {
			if splitsBefore(text[i]) && isASCIIAlnum(text[i-1]) {
				if !yield(text[start:i]) {
					return
				}
				start = i
			}
		}
		yield(text[start:])
	}
}

// splitsBefore reports whether c ends a run of letters or digits in every
// encoding: ASCII, and not a letter, digit or apostrophe.
func splitsBefore(c byte) bool {
	return c < 0x80 && c != '\'' && !isASCIIAlnum(c)
}

func isASCIIAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}
