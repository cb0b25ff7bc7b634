package proxy

import (
	"encoding/json"
	"time"
)

// appendRecord appends rec as one line of a session file. A plain frame
// (the shim's, nearly all of them; its Text valid UTF-8, as frameRecord
// makes it) is written by hand, without
// reflection, so recording costs the shim little CPU; anything else goes
// through encoding/json. Both read back the same (parseRecord).
func appendRecord(b []byte, rec Record) ([]byte, error) {
	if rec.Session != nil || rec.End != nil || rec.HTTP != nil || rec.Text == nil {
		j, err := json.Marshal(rec)
		return append(b, j...), err
	}
	return appendFrame(b, rec.Time, rec.Dir, *rec.Text, rec.Partial, rec.Truncated), nil
}

// appendFrame appends a plain frame whose text is valid UTF-8 (the
// recorder's line for a tap's frame, written without making a Record).
func appendFrame[T string | []byte](b []byte, t time.Time, dir Direction, text T, partial, truncated bool) []byte {
	b = append(b, `{"t":"`...)
	b = t.AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","dir":`...)
	b = appendJSONString(b, string(dir))
	b = append(b, `,"text":`...)
	b = appendJSONString(b, text)
	if partial {
		b = append(b, `,"partial":true`...)
	}
	if truncated {
		b = append(b, `,"truncated":true`...)
	}
	return append(b, '}')
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends valid UTF-8 s as a JSON string: quotes,
// backslashes and control characters escaped, U+2028 and U+2029 too (as
// encoding/json does), the rest as it is.
func appendJSONString[T string | []byte](b []byte, s T) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < 0xe2 {
			i++
			continue
		}
		if c >= 0xe2 {
			if c == 0xe2 && i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xa8 || s[i+2] == 0xa9) {
				b = append(b, s[start:i]...)
				b = append(b, `\u202`...)
				b = append(b, hexDigits[s[i+2]&0xf])
				i += 3
				start = i
				continue
			}
			i++
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		}
		i++
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
