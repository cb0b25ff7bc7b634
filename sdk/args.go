package sdk

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/mcpdev/mcpdev/internal/jsonfast"
	"github.com/mcpdev/mcpdev/internal/pydantic"
	"github.com/mcpdev/mcpdev/internal/schema"
	"github.com/mcpdev/mcpdev/internal/validate"
)

// argSchema is a tool's input schema as plain JSON values, used to apply
// defaults and lax coercion before validation. A local $ref is followed
// (schema.Doc.Deref); others are left alone (the validator will not fetch
// them either).
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
	dropExtra bool // drop what structs' objects do not declare (argsCodec.dropExtra)
	changed   bool
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
	if v, ok := jsonfast.DecodeValue(raw); ok {
		return v, nil
	}
	return jsonfast.JSON.DecodeNumbers(raw)
}

// prepare fills in defaults for omitted properties and applies Pydantic's
// lax-mode coercions: numeric and boolean strings for number/boolean
// fields, a JSON string holding an object or array for such fields, and an
// integral float for an integer field.
func (a *preparer) prepare(s map[string]any, v any, depth int) any {
	if depth > 64 || s == nil {
		return v
	}
	s = a.resolve(s)
	if branch := schema.NonNull(s); branch != nil {
		if v == nil {
			return nil
		}
		return a.prepare(branch, v, depth+1)
	}
	switch schema.FirstType(s["type"]) {
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
	if a.dropExtra && isStructObject(s) {
		a.dropUndeclared(obj, props)
	}
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

// isStructObject reports whether s is the inferred schema of a struct:
// declared properties and no other key (a map keyed by integers has
// additionalProperties false too, but its keys are patternProperties).
func isStructObject(s map[string]any) bool {
	_, declared := s["properties"].(map[string]any)
	_, patterns := s["patternProperties"]
	return declared && !patterns && s["additionalProperties"] == false
}

// dropUndeclared removes the keys of obj that props does not declare, as
// a Pydantic model with extra='ignore' drops them; the keys are compared
// exactly (encoding/json would match "QUERY" to a field named query).
func (a *preparer) dropUndeclared(obj, props map[string]any) {
	for name := range obj {
		if _, declared := props[name]; !declared {
			delete(obj, name)
			a.changed = true
		}
	}
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
	s = a.resolve(s)
	d, ok := s["default"]
	return d, ok
}

// flatProperty tells validate.Flat what prepare does with the root's property
// name: the type it coerces to (after $refs and a nullable's non-null
// branch, as prepare follows them) and whether it fills in a default.
func (a *argSchema) flatProperty(name string) (validate.FlatProperty, bool) {
	props, _ := a.resolve(a.root)["properties"].(map[string]any)
	s, _ := props[name].(map[string]any)
	if s == nil {
		return validate.FlatProperty{}, false
	}
	d, def := a.defaultOf(s)
	var dj []byte
	if def {
		dj, _ = json.Marshal(d)
	}
	for depth := 0; ; depth++ {
		if depth > 8 {
			return validate.FlatProperty{}, false
		}
		s = a.resolve(s)
		branch := schema.NonNull(s)
		if branch == nil {
			break
		}
		s = branch
	}
	return validate.FlatProperty{Type: schema.FirstType(s["type"]), Default: def, DefaultJSON: dj}, true
}

// resolve follows a local $ref ("#/$defs/X", "#/definitions/X", "#").
func (a *argSchema) resolve(s map[string]any) map[string]any {
	return schema.Doc{Root: a.root}.Deref(s)
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

// coerceInteger converts what Pydantic's lax mode reads as an integer: a
// string of digits (sign, underscores between digits, surrounding space
// and a ".000" fraction allowed), a number without a fractional part at
// any size (2.0, 1e3), a boolean. The result keeps every digit, so a Go
// integer kind's bounds judge it exactly.
func coerceInteger(v any) any {
	switch x := v.(type) {
	case string:
		text, ok := numberText(x)
		if intPart, frac, _ := strings.Cut(text, "."); ok && !strings.Contains(text, "e") && strings.Trim(frac, "0") == "" {
			return json.Number(intPart)
		}
	case json.Number:
		if strings.ContainsAny(string(x), ".eE") {
			if n, ok := pydantic.IntegerText(string(x)); ok {
				return json.Number(n)
			}
		}
	case bool:
		return boolNumber(x)
	}
	return v
}

// coerceNumber converts what Pydantic's lax mode reads as a number: a
// numeric string (as coerceInteger, with fraction and exponent; kept
// digit for digit, so 1e400 stays too large for a float64 and is refused
// as such) and a boolean.
func coerceNumber(v any) any {
	switch x := v.(type) {
	case string:
		if text, ok := numberText(x); ok {
			return json.Number(text)
		}
	case bool:
		return boolNumber(x)
	}
	return v
}

func boolNumber(b bool) json.Number {
	if b {
		return "1"
	}
	return "0"
}

// coerceBool converts what Pydantic's lax mode reads as a boolean: the
// words it knows and the numbers 0 and 1 (1.0 too).
func coerceBool(v any) any {
	switch x := v.(type) {
	case string:
		switch strings.ToLower(strings.TrimSpace(x)) {
		case "true", "1", "yes", "on", "t", "y":
			return true
		case "false", "0", "no", "off", "f", "n":
			return false
		}
	case json.Number:
		switch n, _ := pydantic.IntegerText(string(x)); n {
		case "1":
			return true
		case "0":
			return false
		}
	}
	return v
}

// numberText rewrites a number written as Python reads one from a string
// (" +1_000.50 ", ".5", "5.", "1e3") as JSON number text with the same
// digits ("1000.50", "0.5", "5", "1e3"); false for anything else.
func numberText(s string) (string, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	sign := ""
	if s != "" && (s[0] == '-' || s[0] == '+') {
		sign, s = strings.TrimPrefix(s[:1], "+"), s[1:]
	}
	mant, exp, hasExp := strings.Cut(s, "e")
	intPart, frac, _ := strings.Cut(mant, ".")
	intPart, ok1 := digitRun(intPart)
	frac, ok2 := digitRun(frac)
	if !ok1 || !ok2 || intPart == "" && frac == "" {
		return "", false
	}
	if intPart = strings.TrimLeft(intPart, "0"); intPart == "" {
		intPart = "0"
	}
	text := sign + intPart
	if frac != "" {
		text += "." + frac
	}
	if hasExp {
		expSign := ""
		if exp != "" && (exp[0] == '-' || exp[0] == '+') {
			expSign, exp = exp[:1], exp[1:]
		}
		if exp, ok1 = digitRun(exp); !ok1 || exp == "" {
			return "", false
		}
		text += "e" + expSign + exp
	}
	return text, true
}

// digitRun removes the underscores of digits like 1_000 (one between two
// digits, as Python allows); false for anything but such digits.
func digitRun(s string) (string, bool) {
	if strings.HasPrefix(s, "_") || strings.HasSuffix(s, "_") || strings.Contains(s, "__") {
		return "", false
	}
	s = strings.ReplaceAll(s, "_", "")
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return "", false
		}
	}
	return s, true
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
