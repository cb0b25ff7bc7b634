package jsonfast

import (
	"encoding/json"
	"unicode/utf8"
)

// DecodeValue parses one JSON value (whitespace around it allowed) into what
// encoding/json's Decoder with UseNumber produces into an any, without
// reflection: map[string]any, []any (never nil), json.Number, string,
// bool, nil. Duplicate keys keep the last value, as encoding/json does.
// It reports false for invalid JSON, trailing data and nesting deeper
// than MaxDepth; the caller then uses encoding/json.
func DecodeValue(data []byte) (any, bool) {
	if !Fast {
		return nil, false
	}
	v, i, ok := parseValue(data, Space(data, 0), 1)
	if !ok || Space(data, i) != len(data) {
		return nil, false
	}
	return v, true
}

func parseValue(data []byte, i, depth int) (any, int, bool) {
	if i >= len(data) || depth > MaxDepth {
		return nil, 0, false
	}
	switch c := data[i]; {
	case c == '"':
		s, end, ok := parseString(data, i)
		return s, end, ok
	case c == '{':
		obj := map[string]any{}
		end, ok := container(data, i+1, '}', func(i int) (int, bool) { return parseMember(data, i, depth, obj) })
		return obj, end, ok
	case c == '[':
		list := []any{}
		end, ok := container(data, i+1, ']', func(i int) (int, bool) {
			v, end, ok := parseValue(data, i, depth+1)
			list = append(list, v)
			return end, ok
		})
		return list, end, ok
	case c == '-' || '0' <= c && c <= '9':
		end, ok := Number(data, i)
		if !ok {
			return nil, 0, false
		}
		return json.Number(data[i:end]), end, true
	case c == 't':
		end, ok := Literal(data, i, "true")
		return true, end, ok
	case c == 'f':
		end, ok := Literal(data, i, "false")
		return false, end, ok
	case c == 'n':
		end, ok := Literal(data, i, "null")
		return nil, end, ok
	}
	return nil, 0, false
}

// parseMember decodes the "key": value member at data[i] into obj.
func parseMember(data []byte, i, depth int, obj map[string]any) (int, bool) {
	if i >= len(data) || data[i] != '"' {
		return 0, false
	}
	key, end, ok := parseString(data, i)
	if !ok {
		return 0, false
	}
	i = Space(data, end)
	if i >= len(data) || data[i] != ':' {
		return 0, false
	}
	var v any
	if v, i, ok = parseValue(data, Space(data, i+1), depth+1); !ok {
		return 0, false
	}
	obj[key] = v
	return i, true
}

// parseString decodes the string at data[i] == '"'.
func parseString(data []byte, i int) (string, int, bool) {
	end, escaped, ok := String(data, i)
	if !ok {
		return "", 0, false
	}
	raw := data[i+1 : end-1]
	if !escaped && utf8.Valid(raw) {
		return string(raw), end, true
	}
	var s string // escapes, invalid UTF-8: encoding/json's rules
	if json.Unmarshal(data[i:end], &s) != nil {
		return "", 0, false
	}
	return s, end, true
}
