package tokens

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// stringify writes the JSON value raw as JavaScript's JSON.stringify would
// print it once parsed: compact, keys in the order given, strings escaped
// only where JSON requires (non-ASCII stays as UTF-8), numbers in their
// shortest form. It is how clients serialise a tool definition, whatever
// escapes the server chose. Invalid JSON is written as it is.
func stringify(b *bytes.Buffer, raw json.RawMessage) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	start := b.Len()
	var stack []byte // '{' or '[' per open container
	var count []int  // tokens written in each open container
	for {
		tok, err := dec.Token()
		if err != nil {
			if len(stack) > 0 || b.Len() == start || dec.More() {
				b.Truncate(start)
				b.Write(raw)
			}
			return
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			b.WriteByte(byte(d))
			stack, count = stack[:len(stack)-1], count[:len(count)-1]
			continue
		}
		if n := len(stack); n > 0 {
			if count[n-1] > 0 {
				if stack[n-1] == '{' && count[n-1]%2 == 1 {
					b.WriteByte(':')
				} else {
					b.WriteByte(',')
				}
			}
			count[n-1]++
		}
		switch v := tok.(type) {
		case json.Delim:
			b.WriteByte(byte(v))
			stack, count = append(stack, byte(v)), append(count, 0)
		case string:
			writeString(b, v)
		case json.Number:
			b.WriteString(jsNumber(v))
		case bool:
			b.WriteString(strconv.FormatBool(v))
		default:
			b.WriteString("null")
		}
	}
}

// shortEscapes are the characters JSON.stringify escapes by name.
var shortEscapes = map[rune]string{'"': `\"`, '\\': `\\`, '\b': `\b`, '\f': `\f`, '\n': `\n`, '\r': `\r`, '\t': `\t`}

// writeString quotes s as JSON.stringify does: the short escapes, other
// control characters as \u00xx, the rest as UTF-8 (invalid bytes as U+FFFD).
func writeString(b *bytes.Buffer, s string) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	if plain(s) {
		b.WriteString(s)
		b.WriteByte('"')
		return
	}
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		if e, ok := shortEscapes[r]; ok {
			b.WriteString(e)
		} else if r < 0x20 {
			b.Write([]byte{'\\', 'u', '0', '0', hex[r>>4], hex[r&0xf]})
		} else {
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

// plain reports whether s is valid UTF-8 with nothing to escape: the
// common case, written as it is.
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' {
			return false
		}
	}
	return utf8.ValidString(s)
}

// jsNumber prints n as JavaScript prints a number: 1.0 as 1, 1E3 as 1000,
// 1.5e-7 as 1.5e-7. A literal that does not parse stays as written.
func jsNumber(n json.Number) string {
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil || math.IsInf(f, 0) {
		return string(n)
	}
	if f == 0 {
		return "0" // JavaScript prints -0 as 0
	}
	if a := math.Abs(f); a >= 1e-6 && a < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	s := strconv.FormatFloat(f, 'e', -1, 64) // 1.5e-07
	mant, exp, _ := strings.Cut(s, "e")
	sign, digits := exp[:1], strings.TrimLeft(exp[1:], "0")
	return mant + "e" + sign + digits
}
