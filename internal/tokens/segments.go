package tokens

import "iter"

// segments splits text where both encodings' pre-tokenizers are bound to
// split it: before a '"' that follows an ASCII letter or digit. The
// pattern's piece holding that letter (or digit) is a run of letters (or
// digits) with at most a contraction ('s, 'll…) after it, so it ends
// there; the next piece starts at the '"', and no pattern looks behind or
// past a non-space. So the tokens of text are the sum of its segments'
// tokens, and a segment that recurs (a key, a subschema, a client's
// wrapper) is counted once by a tally.
func segments(text string) iter.Seq[string] {
	return func(yield func(string) bool) {
		start := 0
		for i := 1; i < len(text); i++ {
			if text[i] == '"' && isASCIIAlnum(text[i-1]) {
				if !yield(text[start:i]) {
					return
				}
				start = i
			}
		}
		yield(text[start:])
	}
}

func isASCIIAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}
