package proxy

import (
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"
)

// appendRecord appends rec as one line of a session file. A plain frame
// (the shim's, nearly all of them; its Text valid UTF-8, as frameRecord
// makes it) is written by hand, without
// reflection, so recording costs the shim little CPU; anything else goes
// through encoding/json. Both read back the same (parseRecord).
func appendRecord(b []byte, rec Record) ([]byte, error) {
	if rec.Session != nil || rec.End != nil || rec.Text == nil || (rec.HTTP != nil && !plainHTTP(rec.HTTP)) {
		j, err := json.Marshal(rec)
		return append(b, j...), err
	}
	b = appendFrame(b, rec.Time, rec.Dir, *rec.Text, rec.Partial, rec.Truncated)
	if rec.HTTP != nil {
		b = appendHTTP(b[:len(b)-1], rec.HTTP) // inside the frame's braces
		b = append(b, '}')
	}
	return b, nil
}

// plainHTTP reports whether info's strings are all valid UTF-8, so that
// appendHTTP writes what encoding/json would read back.
func plainHTTP(info *HTTPInfo) bool {
	if !utf8.ValidString(info.Method) || !utf8.ValidString(info.Path) || !utf8.ValidString(info.EventID) {
		return false
	}
	for k, vs := range info.Header {
		if !utf8.ValidString(k) {
			return false
		}
		for _, v := range vs {
			if !utf8.ValidString(v) {
				return false
			}
		}
	}
	return true
}

// appendHTTP appends `,"http":{…}`: the HTTP proxy's details of a frame,
// its header's names in order, as encoding/json writes them.
func appendHTTP(b []byte, info *HTTPInfo) []byte {
	b = append(b, `,"http":{`...)
	mark := len(b)
	field := func(name string) {
		if len(b) > mark {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, name...)
		b = append(b, '"', ':')
	}
	if info.Method != "" {
		field("method")
		b = appendJSONString(b, info.Method)
	}
	if info.Path != "" {
		field("path")
		b = appendJSONString(b, info.Path)
	}
	if info.Status != 0 {
		field("status")
		b = strconv.AppendInt(b, int64(info.Status), 10)
	}
	if len(info.Header) > 0 {
		field("header")
		b = append(b, '{')
		for i, k := range slices.Sorted(maps.Keys(info.Header)) {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, k)
			b = append(b, ':')
			b = appendStrings(b, info.Header[k])
		}
		b = append(b, '}')
	}
	if info.Stream {
		field("stream")
		b = append(b, "true"...)
	}
	if info.EventID != "" {
		field("eventId")
		b = appendJSONString(b, info.EventID)
	}
	if info.Request != 0 {
		field("request")
		b = strconv.AppendInt(b, int64(info.Request), 10)
	}
	return append(b, '}')
}

func appendStrings(b []byte, vs []string) []byte {
	if vs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, v := range vs {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, v)
	}
	return append(b, ']')
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
