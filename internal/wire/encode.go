package wire

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
