package sdk

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// argSchema is a tool's input schema as plain JSON values, used to apply
// defaults and lax coercion before validation. $ref is resolved against
// the root's $defs/definitions; unknown refs are left alone (the validator
// will not fetch them either).
type argSchema struct {
	root map[string]any
}

func newArgSchema(raw []byte) (*argSchema, error) {
	var root map[string]any
	if err := json.Unmarshal(raw, &root); err != nil {
		return nil, err
	}
	return &argSchema{root: root}, nil
}

// preparer applies one call's defaults and coercions (see prepare) and
// notes whether they changed the arguments at all.
type preparer struct {
	*argSchema
	changed bool
}

// coerced records whether a scalar coercion replaced old with v.
func (a *preparer) coerced(old, v any) any {
	switch v.(type) {
	case json.Number, bool: // what coercions produce; comparable
		if v != old {
			a.changed = true
		}
	}
	return v
}

// parsed records whether a JSON string was replaced by what it encodes.
func (a *preparer) parsed(old, v any) any {
	if _, wasString := old.(string); wasString {
		if _, isString := v.(string); !isString {
			a.changed = true
		}
	}
	return v
}

// decodeArgs parses raw arguments with numbers kept exact. Missing or null
// arguments are an empty object.
func decodeArgs(raw json.RawMessage) (any, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return map[string]any{}, nil
	}
	if v, ok := decodeAny(raw); ok {
		return v, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// prepare fills in defaults for omitted properties and applies Pydantic's
// lax-mode coercions: numeric and boolean strings for number/boolean
// fields, a JSON string holding an object or array for such fields, and an
// integral float for an integer field.
func (a *preparer) prepare(s map[string]any, v any, depth int) any {
	if depth > 64 || s == nil {
		return v
	}
	s = a.resolve(s, 0)
	if branch := nonNullBranch(s); branch != nil {
		if v == nil {
			return nil
		}
		return a.prepare(branch, v, depth+1)
	}
	switch schemaType(s) {
	case "object":
		return a.prepareObject(s, v, depth)
	case "array":
		return a.prepareArray(s, v, depth)
	case "integer":
		return a.coerced(v, coerceInteger(v))
	case "number":
		return a.coerced(v, coerceNumber(v))
	case "boolean":
		return a.coerced(v, coerceBool(v))
	}
	return v
}

func (a *preparer) prepareObject(s map[string]any, v any, depth int) any {
	v = a.parsed(v, parseJSONString(v, '{'))
	obj, ok := v.(map[string]any)
	if !ok {
		return v
	}
	props, _ := s["properties"].(map[string]any)
	if extra, _ := s["additionalProperties"].(map[string]any); extra != nil {
		for name, val := range obj { // map values: map[string]T
			if _, declared := props[name]; !declared {
				obj[name] = a.prepare(extra, val, depth+1)
			}
		}
	}
	for name, p := range props {
		ps, _ := p.(map[string]any)
		if ps == nil {
			continue
		}
		if val, present := obj[name]; present {
			obj[name] = a.prepare(ps, val, depth+1)
		} else if def, ok := a.defaultOf(ps); ok {
			obj[name] = deepCopy(def)
			a.changed = true
		}
	}
	return obj
}

func (a *preparer) prepareArray(s map[string]any, v any, depth int) any {
	v = a.parsed(v, parseJSONString(v, '['))
	list, ok := v.([]any)
	if !ok {
		return v
	}
	items, _ := s["items"].(map[string]any)
	for i := range list {
		list[i] = a.prepare(items, list[i], depth+1)
	}
	return list
}

func (a *argSchema) defaultOf(s map[string]any) (any, bool) {
	if d, ok := s["default"]; ok {
		return d, true
	}
	s = a.resolve(s, 0)
	d, ok := s["default"]
	return d, ok
}

// resolve follows a local $ref ("#/$defs/X", "#/definitions/X").
func (a *argSchema) resolve(s map[string]any, depth int) map[string]any {
	ref, _ := s["$ref"].(string)
	if ref == "" || depth > 32 {
		return s
	}
	var target map[string]any
	for _, prefix := range []string{"#/$defs/", "#/definitions/"} {
		if name, ok := strings.CutPrefix(ref, prefix); ok {
			defs, _ := a.root[strings.Trim(prefix[1:], "/")].(map[string]any)
			target, _ = defs[name].(map[string]any)
		}
	}
	if ref == "#" {
		target = a.root
	}
	if target == nil {
		return s
	}
	return a.resolve(target, depth+1)
}

// nonNullBranch returns X for anyOf/oneOf [X, {type: null}].
func nonNullBranch(s map[string]any) map[string]any {
	for _, key := range []string{"anyOf", "oneOf"} {
		list, _ := s[key].([]any)
		if len(list) != 2 {
			continue
		}
		for i, b := range list {
			if bm, _ := b.(map[string]any); bm != nil && bm["type"] == "null" {
				other, _ := list[1-i].(map[string]any)
				return other
			}
		}
	}
	return nil
}

func schemaType(s map[string]any) string {
	switch t := s["type"].(type) {
	case string:
		return t
	case []any:
		for _, x := range t {
			if str, _ := x.(string); str != "" && str != "null" {
				return str
			}
		}
	}
	return ""
}

func parseJSONString(v any, open byte) any {
	str, ok := v.(string)
	if !ok {
		return v
	}
	trimmed := strings.TrimSpace(str)
	if len(trimmed) == 0 || trimmed[0] != open {
		return v
	}
	parsed, err := decodeArgs(json.RawMessage(trimmed))
	if err != nil {
		return v
	}
	return parsed
}

func coerceInteger(v any) any {
	switch x := v.(type) {
	case string:
		if n, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64); err == nil {
			return json.Number(strconv.FormatInt(n, 10))
		}
	case json.Number:
		if f, err := x.Float64(); err == nil && f == math.Trunc(f) && math.Abs(f) < 1<<53 && strings.ContainsAny(string(x), ".eE") {
			return json.Number(strconv.FormatInt(int64(f), 10))
		}
	}
	return v
}

func coerceNumber(v any) any {
	if x, ok := v.(string); ok {
		if f, err := strconv.ParseFloat(strings.TrimSpace(x), 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
			return json.Number(strconv.FormatFloat(f, 'g', -1, 64))
		}
	}
	return v
}

func coerceBool(v any) any {
	if x, ok := v.(string); ok {
		switch strings.ToLower(strings.TrimSpace(x)) {
		case "true", "1", "yes", "on", "t", "y":
			return true
		case "false", "0", "no", "off", "f", "n":
			return false
		}
	}
	return v
}

func deepCopy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = deepCopy(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = deepCopy(e)
		}
		return out
	case float64:
		return json.Number(strconv.FormatFloat(x, 'g', -1, 64))
	}
	return v
}
