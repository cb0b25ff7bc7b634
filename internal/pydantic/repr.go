package pydantic

import (
	"encoding/json"
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Render words violations as str(pydantic.ValidationError) does:
//
//	2 validation errors for search_books
//	limit
//	  Input should be less than or equal to 50 [type=less_than_equal, input_value=500, input_type=int]
//	query
//	  Field required [type=missing, input_value={}, input_type=dict]
//
// A violation with an empty path is printed without a location line.
func Render(title string, vs []Violation) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d validation %s for %s", len(vs), plural(len(vs), "error"), title)
	for _, v := range vs {
		b.WriteByte('\n')
		if v.Path != "" {
			b.WriteString(v.Path + "\n  ")
		}
		fmt.Fprintf(&b, "%s [type=%s, input_value=%s, input_type=%s]", v.Message, v.Type, truncate(Repr(v.Input), 80), TypeName(v.Input))
	}
	return b.String()
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// truncate cuts s after n bytes (never inside a character) and marks the cut.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "..."
}

// Repr renders a decoded JSON value (or a plain Go scalar) as Python's
// repr() renders the equivalent Python value: 'text', None, True, [1, 2],
// {'a': 1}. Object keys are sorted: JSON decoding forgot their order.
func Repr(v any) string {
	switch x := v.(type) {
	case string:
		return quote(x)
	case nil:
		return "None"
	case bool:
		if x {
			return "True"
		}
		return "False"
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = quote(k) + ": " + Repr(x[k])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = Repr(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case json.Number:
		return string(x)
	}
	return fmt.Sprint(v)
}

// quote is Python's string repr: single quotes unless the text holds a
// single quote and no double quote; backslashes and control characters
// escaped.
func quote(s string) string {
	q := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		q = '"'
	}
	var b strings.Builder
	b.WriteByte(q)
	for _, r := range s {
		switch {
		case r == rune(q) || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte(q)
	return b.String()
}

// TypeName is the Python type name of the value Repr renders: str, int,
// float, bool, NoneType, list, dict.
func TypeName(v any) string {
	switch x := v.(type) {
	case string:
		return "str"
	case nil:
		return "NoneType"
	case bool:
		return "bool"
	case map[string]any:
		return "dict"
	case []any:
		return "list"
	case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		return "int"
	case json.Number:
		if _, err := x.Int64(); err == nil {
			return "int"
		}
		if _, ok := new(big.Int).SetString(string(x), 10); ok {
			return "int"
		}
	}
	return "float"
}

// number prints a schema bound as Pydantic prints the constraint: an
// integer as one, anything else as Python's float repr (0.5, 1e-05).
func number(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	f, _ := r.Float64()
	e := strconv.FormatFloat(f, 'e', -1, 64)
	exp, _ := strconv.Atoi(e[strings.IndexByte(e, 'e')+1:])
	if exp < -4 || exp >= 16 {
		return e
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}
