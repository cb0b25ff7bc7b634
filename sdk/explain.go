package sdk

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/mcpdev/mcpdev/internal/pydantic"
	"github.com/mcpdev/mcpdev/sdk/internal/infer"
	"github.com/mcpdev/mcpdev/sdk/internal/tags"
)

// When encoding/json refuses arguments that validation passed (a type
// with its own UnmarshalJSON or UnmarshalText that says no, a schema given
// in ToolOptions.InputSchema that is looser than the Go type), the
// handler cannot run. Go's error would name Go types and stop at the
// first problem; decodeViolations walks the value along the type instead
// and reports each part that does not decode, at its path, in Pydantic's
// words.

// decodeViolations explains why v does not decode into t.
func decodeViolations(t reflect.Type, v any, err error) []Violation {
	var out []Violation
	explain(t, v, nil, &out, 0)
	if len(out) == 0 {
		out = []Violation{{Message: "Value error, Input is not a valid " + typeLabel(t), Type: "value_error", Input: v}}
	}
	return out
}

func explain(t reflect.Type, v any, path []string, out *[]Violation, depth int) {
	if depth > 64 {
		return
	}
	add := func(typ, msg string) {
		*out = append(*out, Violation{Path: strings.Join(path, "."), Message: msg, Type: typ, Input: v})
	}
	if t == infer.URLType {
		if s, ok := v.(string); ok {
			if err := pydantic.Format("uri")(s); err != nil {
				add(pydantic.Leaf{Keyword: "format", Text: "uri", Err: err}.Words(s))
			}
		}
		return
	}
	if hasUnmarshaler(t) {
		if data, err := json.Marshal(v); err == nil {
			if err := json.Unmarshal(data, reflect.New(t).Interface()); err != nil {
				add(customWording(t, err))
			}
		}
		return
	}
	switch t.Kind() {
	case reflect.Pointer:
		if v != nil {
			explain(t.Elem(), v, path, out, depth+1)
		}
	case reflect.Interface:
		explainNumbers(v, path, out)
	case reflect.Struct:
		explainStruct(t, v, path, out, depth)
	case reflect.Slice, reflect.Array:
		explainList(t, v, path, out, depth)
	case reflect.Map:
		explainMap(t, v, path, out, depth)
	default:
		if typ, msg := scalarWording(t, v); typ != "" {
			add(typ, msg)
		}
	}
}

func hasUnmarshaler(t reflect.Type) bool {
	p := reflect.PointerTo(t)
	return t.Kind() != reflect.Pointer && (p.Implements(unmarshalerType) || p.Implements(textUnmarshalerType))
}

func explainStruct(t reflect.Type, v any, path []string, out *[]Violation, depth int) {
	obj, ok := v.(map[string]any)
	if !ok {
		if v != nil {
			*out = append(*out, Violation{Path: strings.Join(path, "."), Message: "Input should be a valid dictionary", Type: "dict_type", Input: v})
		}
		return
	}
	for _, sf := range infer.VisibleFields(t) {
		name, _ := infer.JSONName(sf)
		x, ok := obj[name]
		if !ok || sf.Tag.Get("json") == "-" {
			continue
		}
		at := append(path[:len(path):len(path)], name)
		if text, quoted := x.(string); quoted && tags.StringOption(sf) {
			explainQuoted(sf.Type, text, at, out)
			continue
		}
		explain(sf.Type, x, at, out, depth+1)
	}
}

// explainQuoted words a json:",string" number that does not decode by the
// number its text holds: the input stays the string the client sent.
func explainQuoted(t reflect.Type, text string, path []string, out *[]Violation) {
	t = infer.Deref(t)
	var typ, msg string
	switch k := t.Kind(); {
	case k >= reflect.Int && k <= reflect.Uintptr:
		if _, integral := pydantic.IntegerText(text); !integral {
			typ, msg = pydantic.ParsingWording("integer")
		} else {
			typ, msg = intWording(t, json.Number(text))
		}
	case k == reflect.Float32 || k == reflect.Float64:
		if _, err := strconv.ParseFloat(text, 64); err != nil && !errors.Is(err, strconv.ErrRange) || !json.Valid([]byte(text)) {
			typ, msg = pydantic.ParsingWording("number")
		} else {
			typ, msg = scalarWording(t, json.Number(text))
		}
	}
	if typ != "" {
		*out = append(*out, Violation{Path: strings.Join(path, "."), Message: msg, Type: typ, Input: text})
	}
}

func explainList(t reflect.Type, v any, path []string, out *[]Violation, depth int) {
	if s, ok := v.(string); ok && t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 {
		if _, err := pydantic.Base64(s); err != nil {
			*out = append(*out, Violation{Path: strings.Join(path, "."), Message: "Data should be valid base64: " + err.Error(), Type: "bytes_invalid_encoding", Input: v})
		}
		return
	}
	list, _ := v.([]any)
	for i, x := range list {
		explain(t.Elem(), x, append(path[:len(path):len(path)], strconv.Itoa(i)), out, depth+1)
	}
}

func explainMap(t reflect.Type, v any, path []string, out *[]Violation, depth int) {
	obj, _ := v.(map[string]any)
	for k, x := range obj {
		at := append(path[:len(path):len(path)], k)
		if typ, msg := keyWording(t.Key(), k); typ != "" {
			*out = append(*out, Violation{Path: strings.Join(append(at, "[key]"), "."), Message: msg, Type: typ, Input: k})
		}
		explain(t.Elem(), x, at, out, depth+1)
	}
}

// keyWording says why map key k does not decode into a key of type t: an
// integer key is text, worded as Pydantic words a string that does not
// parse (int_parsing), else by its range.
func keyWording(t reflect.Type, k string) (typ, msg string) {
	if kind := t.Kind(); kind < reflect.Int || kind > reflect.Uintptr {
		return "", ""
	}
	if _, integral := pydantic.IntegerText(k); !integral {
		return pydantic.ParsingWording("integer")
	}
	return scalarWording(t, json.Number(k))
}

// explainNumbers finds numbers no float64 holds in a value decoded into
// an interface (encoding/json makes every number a float64 there).
func explainNumbers(v any, path []string, out *[]Violation) {
	switch x := v.(type) {
	case json.Number:
		if f, err := strconv.ParseFloat(string(x), 64); err != nil && math.IsInf(f, 0) {
			*out = append(*out, Violation{Path: strings.Join(path, "."), Message: "Input should be a finite number", Type: "finite_number", Input: v})
		}
	case []any:
		for i, e := range x {
			explainNumbers(e, append(path[:len(path):len(path)], strconv.Itoa(i)), out)
		}
	case map[string]any:
		for k, e := range x {
			explainNumbers(e, append(path[:len(path):len(path)], k), out)
		}
	}
}

// scalarWording says why v does not decode into a value of a scalar kind;
// "" when it does.
func scalarWording(t reflect.Type, v any) (typ, msg string) {
	switch k := t.Kind(); {
	case k >= reflect.Int && k <= reflect.Uintptr:
		return intWording(t, v)
	case k == reflect.Float32 || k == reflect.Float64:
		n, ok := v.(json.Number)
		if !ok {
			return nilOr(v, "float_type", "Input should be a valid number")
		}
		if _, err := strconv.ParseFloat(string(n), t.Bits()); err != nil {
			return "finite_number", "Input should be a finite number"
		}
	case k == reflect.String:
		if _, ok := v.(string); !ok {
			return nilOr(v, "string_type", "Input should be a valid string")
		}
	case k == reflect.Bool:
		if _, ok := v.(bool); !ok {
			return nilOr(v, "bool_type", "Input should be a valid boolean")
		}
	}
	return "", ""
}

// nilOr: null leaves a Go value as it is (no error).
func nilOr(v any, typ, msg string) (string, string) {
	if v == nil {
		return "", ""
	}
	return typ, msg
}

func intWording(t reflect.Type, v any) (typ, msg string) {
	n, ok := v.(json.Number)
	if !ok {
		return nilOr(v, "int_type", "Input should be a valid integer")
	}
	text, integral := pydantic.IntegerText(string(n))
	if !integral {
		if f, err := strconv.ParseFloat(string(n), 64); err != nil && math.IsInf(f, 0) {
			return "finite_number", "Input should be a finite number"
		}
		return "int_from_float", "Input should be a valid integer, got a number with a fractional part"
	}
	lo, hi, _ := infer.KindRange(t.Kind())
	switch r, _ := new(big.Rat).SetString(text); {
	case r.Cmp(lo) < 0:
		return "greater_than_equal", "Input should be greater than or equal to " + lo.RatString()
	case r.Cmp(hi) > 0:
		return "less_than_equal", "Input should be less than or equal to " + hi.RatString()
	}
	return "", ""
}

// customWording words the error of a type's own unmarshaler: its message
// as a Pydantic validator's ValueError, unless the error comes from Go's
// parsers, whose words name Go types.
func customWording(t reflect.Type, err error) (typ, msg string) {
	var (
		typeErr  *json.UnmarshalTypeError
		syntax   *json.SyntaxError
		num      *strconv.NumError
		parse    *time.ParseError
		b64      base64.CorruptInputError
		textType = reflect.PointerTo(t).Implements(textUnmarshalerType)
	)
	switch {
	case errors.As(err, &typeErr), errors.As(err, &syntax), errors.As(err, &num), errors.As(err, &parse), errors.As(err, &b64):
		return "value_error", "Value error, Input is not a valid " + typeLabel(t)
	case textType && strings.HasPrefix(err.Error(), "json: "):
		return "string_type", "Input should be a valid string"
	}
	return "value_error", "Value error, " + err.Error()
}

// typeLabel names t for a message: its own name, lowercase words for
// what Go has no name for.
func typeLabel(t reflect.Type) string {
	if t.Name() != "" {
		return t.Name()
	}
	return "value"
}
