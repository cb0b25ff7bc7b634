package jsonfast

import "unicode/utf8"

// PlainText reports whether jsonenc.Marshal writes s between quotes
// unchanged: valid UTF-8 without control characters, quotes, backslashes
// or U+2028/U+2029 ('<', '>' and '&' are written as they are).
func PlainText(s string) bool {
	if !Fast {
		return false
	}
	ascii := true
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20 || c == '"' || c == '\\':
			return false
		case c >= utf8.RuneSelf:
			ascii = false
			if c == 0xE2 && i+2 < len(s) && s[i+1] == 0x80 && s[i+2]&^1 == 0xA8 {
				return false
			}
		}
	}
	return ascii || utf8.ValidString(s)
}

// AppendString appends prefix and s as jsonenc.Marshal writes the string s
// (prefix is the text before it, e.g. `,"text":`), or reports false when
// s is not PlainText.
func AppendString(b []byte, prefix, s string) ([]byte, bool) {
	if !PlainText(s) {
		return b, false
	}
	b = append(b, prefix...)
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"'), true
}

// AppendRaw appends prefix and raw as jsonenc.Marshal writes the
// json.RawMessage raw, or reports false when it would change it.
func AppendRaw(b []byte, prefix string, raw []byte) ([]byte, bool) {
	if !MarshalsUnchanged(raw) {
		return b, false
	}
	b = append(b, prefix...)
	return append(b, raw...), true
}

// AppendQuoted appends s as a JSON string exactly as encoding/json writes
// it: `"` and `\` escaped, \b \f \n \r \t by name and every other control
// character as \u00XX, each byte of invalid UTF-8 as \ufffd, U+2028 and
// U+2029 as \u2028 and \u2029, and with html '<', '>' and '&' as \u003c,
// \u003e and \u0026 (json.Marshal's default; jsonenc.Marshal writes them
// as they are). TestAppendQuotedMatchesMarshal and FuzzAppendQuoted hold
// it to encoding/json.
func AppendQuoted(b []byte, s string, html bool) []byte {
	b = append(b, '"')
	done := 0 // s[:done] is written
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && (!html || c != '<' && c != '>' && c != '&') {
				i++
				continue
			}
			b = append(b, s[done:i]...)
			if esc := shortEscape(c); esc != "" {
				b = append(b, esc...)
			} else {
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			done = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(append(b, s[done:i]...), `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(append(b, s[done:i]...), `\u202`...)
			b = append(b, hexDigits[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		done = i
	}
	b = append(b, s[done:]...)
	return append(b, '"')
}

const hexDigits = "0123456789abcdef"

// shortEscape is the two-character escape of an ASCII byte ("" when it
// has none).
func shortEscape(c byte) string {
	switch c {
	case '"':
		return `\"`
	case '\\':
		return `\\`
	case '\b':
		return `\b`
	case '\f':
		return `\f`
	case '\n':
		return `\n`
	case '\r':
		return `\r`
	case '\t':
		return `\t`
	}
	return ""
}
