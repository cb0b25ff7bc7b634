package sdk

import (
	"encoding/json"
	"unicode/utf8"

	"github.com/mcpdev/mcpdev/internal/jsonscan"
)

// decodeAny parses one JSON value (whitespace around it allowed) into what
// encoding/json's Decoder with UseNumber produces into an any, without
// reflection: map[string]any, []any (never nil), json.Number, string,
// bool, nil. Duplicate keys keep the last value, as encoding/json does.
// It reports false for invalid JSON, trailing data and nesting deeper
// than jsonscan.MaxDepth; decodeArgs then uses encoding/json.
func decodeAny(data []byte) (any, bool) {
	v, i, ok := parseValue(data, jsonscan.Space(data, 0), 1)
	if !ok || jsonscan.Space(data, i) != len(data) {
		return nil, false
	}
	return v, true
}

func parseValue(data []byte, i, depth int) (any, int, bool) {
	if i >= len(data) || depth > jsonscan.MaxDepth {
		return nil, 0, false
	}
	switch c := data[i]; {
	case c == '"':
		s, end, ok := parseString(data, i)
		return s, end, ok
	case c == '{':
		obj := map[string]any{}
		i = jsonscan.Space(data, i+1)
		if i < len(data) && data[i] == '}' {
			return obj, i + 1, true
		}
		for {
			if i >= len(data) || data[i] != '"' {
				return nil, 0, false
			}
			key, end, ok := parseString(data, i)
			if !ok {
				return nil, 0, false
			}
			i = jsonscan.Space(data, end)
			if i >= len(data) || data[i] != ':' {
				return nil, 0, false
			}
			var v any
			if v, i, ok = parseValue(data, jsonscan.Space(data, i+1), depth+1); !ok {
				return nil, 0, false
			}
			obj[key] = v
			i = jsonscan.Space(data, i)
			if i >= len(data) {
				return nil, 0, false
			}
			switch data[i] {
			case ',':
				i = jsonscan.Space(data, i+1)
			case '}':
				return obj, i + 1, true
			default:
				return nil, 0, false
			}
		}
	case c == '[':
		list := []any{}
		i = jsonscan.Space(data, i+1)
		if i < len(data) && data[i] == ']' {
			return list, i + 1, true
		}
		for {
			v, end, ok := parseValue(data, i, depth+1)
			if !ok {
				return nil, 0, false
			}
			list = append(list, v)
			i = jsonscan.Space(data, end)
			if i >= len(data) {
				return nil, 0, false
			}
			switch data[i] {
			case ',':
				i = jsonscan.Space(data, i+1)
			case ']':
				return list, i + 1, true
			default:
				return nil, 0, false
			}
		}
	case c == '-' || '0' <= c && c <= '9':
		end, ok := jsonscan.Number(data, i)
		if !ok {
			return nil, 0, false
		}
		return json.Number(data[i:end]), end, true
	case c == 't':
		end, ok := jsonscan.Literal(data, i, "true")
		return true, end, ok
	case c == 'f':
		end, ok := jsonscan.Literal(data, i, "false")
		return false, end, ok
	case c == 'n':
		end, ok := jsonscan.Literal(data, i, "null")
		return nil, end, ok
	}
	return nil, 0, false
}

// parseString decodes the string at data[i] == '"'.
func parseString(data []byte, i int) (string, int, bool) {
	end, escaped, ok := jsonscan.String(data, i)
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
