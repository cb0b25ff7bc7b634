package sdk

import (
	"encoding/json"
	"unicode/utf8"
)

// templateVars are the values a URI binds to a template's variables, by
// name: a string, or a []string for a list (or a variable of array type).
type templateVars map[string]any

// json is the variables as a JSON object of arguments: what the
// client is said to have sent when a variable fails its schema, and
// what the argument struct is decoded from when the fast assigner cannot.
func (tv templateVars) json() json.RawMessage {
	raw, _ := json.Marshal(map[string]any(tv))
	return raw
}

// decoded is the variables as decodeArgs decodes json(): a
// map[string]any of strings and []any of strings, without the round
// trip; tv itself when it holds only strings (then it is handed over:
// the caller prepares it in place). A value that is not valid UTF-8 (a
// percent-escape of a lone byte) takes the round trip, which replaces
// such bytes as encoding/json does.
func (tv templateVars) decoded() any {
	if tv.plain() {
		return map[string]any(tv)
	}
	out := make(map[string]any, len(tv))
	for name, v := range tv {
		switch x := v.(type) {
		case string:
			if !utf8.ValidString(x) {
				return tv.roundTrip()
			}
			out[name] = x
		case []string:
			list := make([]any, len(x))
			for i, s := range x {
				if !utf8.ValidString(s) {
					return tv.roundTrip()
				}
				list[i] = s
			}
			out[name] = list
		}
	}
	return out
}

// plain reports whether every value is a string of valid UTF-8.
func (tv templateVars) plain() bool {
	for _, v := range tv {
		if s, ok := v.(string); !ok || !utf8.ValidString(s) {
			return false
		}
	}
	return true
}

func (tv templateVars) roundTrip() any {
	v, err := decodeArgs(tv.json())
	if err != nil {
		return map[string]any{}
	}
	return v
}
