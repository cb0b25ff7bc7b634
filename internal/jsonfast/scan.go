package jsonfast

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// The scanner below validates the members of one JSON object, for
// decoding the few fields of a message in one pass without reflection. It
// accepts exactly what encoding/json accepts as JSON (invalid UTF-8 inside
// strings included) up to a nesting depth of MaxDepth, and reports anything
// else as not ok, so that callers fall back to encoding/json and keep its
// behaviour and error messages.

// MaxDepth is the deepest nesting the scanner and DecodeValue follow.
const MaxDepth = 200

// Object calls fn for each member of the JSON object in data (nothing
// but whitespace around it). key is the raw key without quotes and
// escaped tells whether it is not its own decoding: it holds a backslash,
// or invalid UTF-8 (which encoding/json reads as U+FFFD); val is the raw value, no
// surrounding whitespace. It returns false when data is not such an
// object or fn returns false.
func Object(data []byte, fn func(key []byte, escaped bool, val []byte) bool) bool {
	if !Fast {
		return false
	}
	i := Space(data, 0)
	if i >= len(data) || data[i] != '{' {
		return false
	}
	i = Space(data, i+1)
	if i < len(data) && data[i] == '}' {
		return Space(data, i+1) == len(data)
	}
	for {
		if i >= len(data) || data[i] != '"' {
			return false
		}
		end, escaped, ok := String(data, i)
		if !ok {
			return false
		}
		key := data[i+1 : end-1]
		escaped = escaped || !utf8.Valid(key)
		i = Space(data, end)
		if i >= len(data) || data[i] != ':' {
			return false
		}
		i = Space(data, i+1)
		start := i
		if i, ok = Value(data, i, 1); !ok {
			return false
		}
		if !fn(key, escaped, data[start:i:i]) {
			return false
		}
		i = Space(data, i)
		if i >= len(data) {
			return false
		}
		switch data[i] {
		case ',':
			i = Space(data, i+1)
		case '}':
			return Space(data, i+1) == len(data)
		default:
			return false
		}
	}
}

// Fields reads the object in data as encoding/json reads it into a struct
// whose fields are named names (at most 64): set(name, val) for each member
// whose key is exactly one of names; other members are skipped, as
// encoding/json skips unknown ones. It reports false — decode with
// encoding/json instead, which may read the object differently — when data
// is not such an object, a key holds an escape, a key equals a name but
// for case (encoding/json matches field names ignoring case), a name occurs
// twice, or set returns false.
func Fields(data []byte, names []string, set func(name string, val []byte) bool) bool {
	var seen uint64
	return Object(data, func(key []byte, escaped bool, val []byte) bool {
		if escaped {
			return false
		}
		for i, name := range names {
			if string(key) == name {
				if seen&(1<<i) != 0 {
					return false
				}
				seen |= 1 << i
				return set(name, val)
			}
		}
		for _, name := range names {
			if bytes.EqualFold(key, []byte(name)) {
				return false
			}
		}
		return true
	})
}

func Space(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// String scans the string starting at data[i] == '"' and returns the
// index after its closing quote.
func String(data []byte, i int) (end int, escaped, ok bool) {
	for i = plainBlocks(data, i+1); i < len(data); i++ {
		switch c := data[i]; {
		case c == '"':
			return i + 1, escaped, true
		case c == '\\':
			escaped = true
			i++
			if i >= len(data) {
				return 0, false, false
			}
			switch data[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if i+4 >= len(data) {
					return 0, false, false
				}
				for _, h := range data[i+1 : i+5] {
					if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
						return 0, false, false
					}
				}
				i += 4
			default:
				return 0, false, false
			}
		case c < 0x20:
			return 0, false, false
		}
	}
	return 0, false, false
}

// Value returns the index after the JSON value starting at data[i].
func Value(data []byte, i, depth int) (int, bool) {
	if i >= len(data) || depth > MaxDepth {
		return 0, false
	}
	switch c := data[i]; {
	case c == '"':
		end, _, ok := String(data, i)
		return end, ok
	case c == '{':
		return container(data, i+1, '}', func(i int) (int, bool) { return member(data, i, depth) })
	case c == '[':
		return container(data, i+1, ']', func(i int) (int, bool) { return Value(data, i, depth+1) })
	case c == '-' || '0' <= c && c <= '9':
		return Number(data, i)
	case c == 't':
		return Literal(data, i, "true")
	case c == 'f':
		return Literal(data, i, "false")
	case c == 'n':
		return Literal(data, i, "null")
	}
	return 0, false
}

// member scans the "key": value member of an object at depth starting at
// data[i].
func member(data []byte, i, depth int) (int, bool) {
	if i >= len(data) || data[i] != '"' {
		return 0, false
	}
	end, _, ok := String(data, i)
	if !ok {
		return 0, false
	}
	i = Space(data, end)
	if i >= len(data) || data[i] != ':' {
		return 0, false
	}
	return Value(data, Space(data, i+1), depth+1)
}

// container scans the members of an object or the elements of an array
// from data[i], just after its opening bracket, to its closing one (end),
// each read by item from its first byte; it returns the index after end.
func container(data []byte, i int, end byte, item func(i int) (int, bool)) (int, bool) {
	i = Space(data, i)
	if i < len(data) && data[i] == end {
		return i + 1, true
	}
	for {
		var ok bool
		if i, ok = item(i); !ok {
			return 0, false
		}
		i = Space(data, i)
		if i >= len(data) {
			return 0, false
		}
		switch data[i] {
		case ',':
			i = Space(data, i+1)
		case end:
			return i + 1, true
		default:
			return 0, false
		}
	}
}

func Literal(data []byte, i int, lit string) (int, bool) {
	if len(data)-i >= len(lit) && string(data[i:i+len(lit)]) == lit {
		return i + len(lit), true
	}
	return 0, false
}

// Number follows JSON's number grammar:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func Number(data []byte, i int) (int, bool) {
	digits := func(i int) int {
		for i < len(data) && '0' <= data[i] && data[i] <= '9' {
			i++
		}
		return i
	}
	if data[i] == '-' {
		i++
	}
	switch {
	case i < len(data) && data[i] == '0':
		i++
	case i < len(data) && '1' <= data[i] && data[i] <= '9':
		i = digits(i + 1)
	default:
		return 0, false
	}
	if i < len(data) && data[i] == '.' {
		j := digits(i + 1)
		if j == i+1 {
			return 0, false
		}
		i = j
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		j := digits(i)
		if j == i {
			return 0, false
		}
		i = j
	}
	return i, true
}

// IsNumber reports whether all of s is a JSON number literal, the check
// encoding/json makes before writing a json.Number (Number scans one in a
// document).
func IsNumber(s string) bool {
	s, _ = strings.CutPrefix(s, "-")
	i := leadingDigits(s)
	if i == 0 || s[0] == '0' && i > 1 {
		return false
	}
	if i < len(s) && s[i] == '.' {
		n := leadingDigits(s[i+1:])
		if n == 0 {
			return false
		}
		i += 1 + n
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		n := leadingDigits(s[i:])
		if n == 0 {
			return false
		}
		i += n
	}
	return i == len(s)
}

// leadingDigits counts the decimal digits s starts with.
func leadingDigits(s string) int {
	n := 0
	for n < len(s) && '0' <= s[n] && s[n] <= '9' {
		n++
	}
	return n
}

// StringMember stores the JSON string value val into dst when PlainString
// can read it, and reports whether it could.
func StringMember(val []byte, dst *string) bool {
	s, ok := PlainString(val)
	*dst = s
	return ok
}

// PlainString returns the contents of the JSON string value val when
// encoding/json would decode it to exactly those bytes: no escapes and
// valid UTF-8.
func PlainString(val []byte) (string, bool) {
	s, ok := plainContent(val)
	return string(s), ok
}

// plainContent is PlainString's text, not yet a string (nil, false: none).
func plainContent(val []byte) ([]byte, bool) {
	if !Fast || len(val) < 2 || val[0] != '"' {
		return nil, false
	}
	s := val[1 : len(val)-1]
	ascii := true
	for _, c := range s {
		if c == '\\' {
			return nil, false
		}
		if c >= utf8.RuneSelf {
			ascii = false
		}
	}
	if !ascii && !utf8.Valid(s) {
		return nil, false
	}
	return s, true
}

// MarshalsUnchanged reports whether the SDK's encoder (jsonenc.Marshal:
// encoding/json without HTML escaping) writes the RawMessage data exactly
// as it is: valid JSON, no whitespace outside strings, and no U+2028 or
// U+2029 (which encoding/json always escapes).
func MarshalsUnchanged(data []byte) bool {
	if !Fast {
		return false
	}
	end, ok := Value(data, 0, 1)
	if !ok || end != len(data) {
		return false
	}
	inString := false
	for i := 0; i < len(data); i++ {
		switch c := data[i]; c {
		case '"':
			inString = !inString
		case '\\':
			i++ // only inside strings in valid JSON; skips the escaped byte
		case ' ', '\t', '\n', '\r':
			if !inString {
				return false
			}
		case 0xE2:
			if i+2 < len(data) && data[i+1] == 0x80 && data[i+2]&^1 == 0xA8 {
				return false
			}
		}
	}
	return true
}
