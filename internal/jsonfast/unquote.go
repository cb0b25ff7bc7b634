package jsonfast

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Unquote is the string the JSON string value val (one the scanner
// accepted) decodes to, as encoding/json decodes it, in memory of the
// string's exact size: encoding/json's unquoting fills a buffer as long
// as the value and copies it into the string, so a text of megabytes
// costs twice its size at once. It reports false for a value that is not
// a string or holds invalid UTF-8 (which encoding/json rewrites).
func Unquote(val []byte) (string, bool) {
	if len(val) < 2 || val[0] != '"' || val[len(val)-1] != '"' {
		return "", false
	}
	raw := val[1 : len(val)-1]
	if !utf8.Valid(raw) {
		return "", false
	}
	n := unescape(nil, raw)
	if n == len(raw) { // every escape is longer than what it stands for
		return string(raw), true
	}
	var b strings.Builder
	b.Grow(n)
	unescape(&b, raw)
	return b.String(), true
}

// unescape writes raw's decoding to b (nothing when b is nil) and
// returns its length; a lone surrogate is U+FFFD, as in encoding/json.
func unescape(b *strings.Builder, raw []byte) int {
	n := 0
	for len(raw) > 0 {
		i := 0
		for i < len(raw) && raw[i] != '\\' {
			i++
		}
		if b != nil {
			b.Write(raw[:i])
		}
		n += i
		if i == len(raw) {
			return n
		}
		r, size := escapeAt(raw[i:])
		raw = raw[i+size:]
		if b != nil {
			b.WriteRune(r)
		}
		n += utf8.RuneLen(r)
	}
	return n
}

// escapeAt is the rune the escape at the start of s stands for, and its
// length in s.
func escapeAt(s []byte) (rune, int) {
	switch c := s[1]; c {
	case 'b':
		return '\b', 2
	case 'f':
		return '\f', 2
	case 'n':
		return '\n', 2
	case 'r':
		return '\r', 2
	case 't':
		return '\t', 2
	case 'u':
	default: // '"', '\\', '/'
		return rune(c), 2
	}
	r := hex4(s[2:6])
	if !utf16.IsSurrogate(r) {
		return r, 6
	}
	if len(s) >= 12 && s[6] == '\\' && s[7] == 'u' {
		if pair := utf16.DecodeRune(r, hex4(s[8:12])); pair != utf8.RuneError {
			return pair, 12
		}
	}
	return utf8.RuneError, 6
}

// hex4 is the value of four hex digits.
func hex4(s []byte) rune {
	var r rune
	for _, c := range s[:4] {
		switch {
		case c <= '9':
			c -= '0'
		case c <= 'F':
			c -= 'A' - 10
		default:
			c -= 'a' - 10
		}
		r = r<<4 | rune(c)
	}
	return r
}

// Array calls fn with each element of the JSON array in data (nothing but
// whitespace around it), raw, without surrounding whitespace. It returns
// false when data is not such an array or fn returns false.
func Array(data []byte, fn func(val []byte) bool) bool {
	if !Fast {
		return false
	}
	i := Space(data, 0)
	if i >= len(data) || data[i] != '[' {
		return false
	}
	end, ok := container(data, i+1, ']', func(i int) (int, bool) {
		j, ok := Value(data, i, 1)
		return j, ok && fn(data[i:j:j])
	})
	return ok && Space(data, end) == len(data)
}
