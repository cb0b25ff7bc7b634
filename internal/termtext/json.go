package termtext

import (
	"unicode/utf8"
)

// JSON returns the JSON text b with what a terminal acts on or hides
// written as \u escapes inside its strings: C0 controls, DEL, C1 controls,
// the line and paragraph separators and every hidden character (the
// zero-width joiner of an emoji sequence too), above U+FFFF as a surrogate
// pair. Bytes that are not UTF-8 become \ufffd, as encoding/json decodes
// them. The value is the same, to the byte, for a program that reads it;
// nothing raw reaches the terminal it is printed on. Safe JSON is returned
// as it is, without copying.
func JSON(b []byte) []byte {
	i := firstUnsafeJSON(b)
	if i < 0 {
		return b
	}
	out := make([]byte, 0, len(b)+32)
	out = append(out, b[:i]...)
	in, esc := true, false // the first unsafe byte is always inside a string
	for i < len(b) {
		c := b[i]
		switch {
		case !in:
			in = c == '"'
			out = append(out, c)
			i++
		case esc:
			esc = false
			out = append(out, c)
			i++
		case c == '\\':
			esc = true
			out = append(out, c)
			i++
		case c == '"':
			in = false
			out = append(out, c)
			i++
		default:
			r, size := utf8.DecodeRune(b[i:])
			if unsafeJSONRune(r, size) {
				out = appendEscape(out, r)
			} else {
				out = append(out, b[i:i+size]...)
			}
			i += size
		}
	}
	return out
}

// firstUnsafeJSON is the index of the first character inside a string of
// b that JSON escapes, or -1.
func firstUnsafeJSON(b []byte) int {
	in, esc := false, false
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case !in:
			in = c == '"'
		case esc:
			esc = false
		case c == '\\':
			esc = true
		case c == '"':
			in = false
		default:
			r, size := utf8.DecodeRune(b[i:])
			if unsafeJSONRune(r, size) {
				return i
			}
			i += size
			continue
		}
		i++
	}
	return -1
}

func unsafeJSONRune(r rune, size int) bool {
	return r < 0x20 || r == 0x7f || (r == utf8.RuneError && size == 1) || unsafeRune(r) || hiddenRune(r)
}

// appendEscape appends r as a JSON \u escape (a surrogate pair above
// U+FFFF; U+FFFD for a byte that is not UTF-8).
func appendEscape(out []byte, r rune) []byte {
	if r > 0xffff {
		r -= 0x10000
		out = appendEscape(out, 0xd800+(r>>10))
		return appendEscape(out, 0xdc00+(r&0x3ff))
	}
	const digits = "0123456789abcdef"
	return append(out, '\\', 'u', digits[r>>12&0xf], digits[r>>8&0xf], digits[r>>4&0xf], digits[r&0xf])
}
