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
	b = append(b, `{"t":"`...)
	b = rec.Time.AppendFormat(b, time.RFC3339Nano)
	b = append(b, `","dir":`...)
	b = appendJSONString(b, string(rec.Dir))
	b = append(b, `,"text":`...)
	b = appendJSONString(b, *rec.Text)
	if rec.Partial {
		b = append(b, `,"partial":true`...)
	}
	if rec.Truncated {
		b = append(b, `,"truncated":true`...)
	}
	return append(b, '}'), nil
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends valid UTF-8 s as a JSON string: quotes,
// backslashes and control characters escaped, U+2028 and U+2029 too (as
// encoding/json does), the rest as it is.
func appendJSONString(b []byte, s string) []byte {
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
