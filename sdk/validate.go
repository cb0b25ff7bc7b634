package sdk

import (
	"errors"
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// Violation is one reason arguments (or a result) break a schema, worded as
// Pydantic words it so that models trained on Python servers recover from it.
type Violation struct {
	Path    string // argument path, e.g. "book.year"; "" for the whole object
	Message string // e.g. "Input should be less than or equal to 50"
	Type    string // Pydantic's error type, e.g. "less_than_equal"
	Input   any    // the offending value, when known
}

// ErrRemoteRef is returned when a schema refers to a document that is not
// part of it: the SDK never fetches remote $refs.
var ErrRemoteRef = errors.New("sdk: remote $ref not allowed")

type noLoader struct{}

func (noLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("%w: %s", ErrRemoteRef, url)
}

// compileSchema compiles a JSON Schema document (2020-12 unless it says
// otherwise) once, for repeated validation.
func compileSchema(raw []byte) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(raw)))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(noLoader{})
	const url = "mcpdev:///schema.json"
	if err := c.AddResource(url, doc); err != nil {
		return nil, err
	}
	return c.Compile(url)
}

// violations validates v against s and returns every problem found.
func violations(s *jsonschema.Schema, v any) []Violation {
	err := s.Validate(v)
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []Violation{{Message: err.Error()}}
	}
	var out []Violation
	collectViolations(ve, v, &out)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return dedupe(out)
}

func collectViolations(e *jsonschema.ValidationError, root any, out *[]Violation) {
	if _, ok := e.ErrorKind.(*kind.AnyOf); ok && len(e.Causes) == 2 {
		// Optional[X]: report only X's problems, not "should be null".
		for _, c := range e.Causes {
			if !isNullTypeError(c) {
				collectViolations(c, root, out)
				return
			}
		}
	}
	if len(e.Causes) > 0 {
		for _, c := range e.Causes {
			collectViolations(c, root, out)
		}
		return
	}
	*out = append(*out, leafViolations(e, root)...)
}

func isNullTypeError(e *jsonschema.ValidationError) bool {
	t, ok := e.ErrorKind.(*kind.Type)
	return ok && len(t.Want) == 1 && t.Want[0] == "null"
}

func leafViolations(e *jsonschema.ValidationError, root any) []Violation {
	path := strings.Join(e.InstanceLocation, ".")
	input := valueAt(root, e.InstanceLocation)
	one := func(typ, msg string) []Violation {
		return []Violation{{Path: path, Message: msg, Type: typ, Input: input}}
	}
	switch k := e.ErrorKind.(type) {
	case *kind.Required:
		var vs []Violation
		for _, name := range k.Missing {
			vs = append(vs, Violation{Path: joinPath(path, name), Message: "Field required", Type: "missing", Input: input})
		}
		return vs
	case *kind.AdditionalProperties:
		var vs []Violation
		for _, name := range k.Properties {
			vs = append(vs, Violation{Path: joinPath(path, name), Message: "Extra inputs are not permitted", Type: "extra_forbidden", Input: valueAt(input, []string{name})})
		}
		return vs
	case *kind.Maximum:
		return one("less_than_equal", "Input should be less than or equal to "+ratString(k.Want))
	case *kind.Minimum:
		return one("greater_than_equal", "Input should be greater than or equal to "+ratString(k.Want))
	case *kind.ExclusiveMaximum:
		return one("less_than", "Input should be less than "+ratString(k.Want))
	case *kind.ExclusiveMinimum:
		return one("greater_than", "Input should be greater than "+ratString(k.Want))
	case *kind.MultipleOf:
		return one("multiple_of", "Input should be a multiple of "+ratString(k.Want))
	case *kind.MinLength:
		return one("string_too_short", fmt.Sprintf("String should have at least %d %s", k.Want, plural(k.Want, "character")))
	case *kind.MaxLength:
		return one("string_too_long", fmt.Sprintf("String should have at most %d %s", k.Want, plural(k.Want, "character")))
	case *kind.MinItems:
		return one("too_short", fmt.Sprintf("List should have at least %d %s", k.Want, plural(k.Want, "item")))
	case *kind.MaxItems:
		return one("too_long", fmt.Sprintf("List should have at most %d %s", k.Want, plural(k.Want, "item")))
	case *kind.Pattern:
		return one("string_pattern_mismatch", fmt.Sprintf("String should match pattern '%s'", k.Want))
	case *kind.Enum:
		return one("enum", "Input should be "+enumList(k.Want))
	case *kind.Const:
		return one("literal_error", "Input should be "+pyRepr(k.Want))
	case *kind.Type:
		return one(typeErrorType(k.Want), "Input should be a valid "+typeNoun(k.Want))
	case *kind.Format:
		return one("value_error", fmt.Sprintf("Input should be a valid %s", k.Want))
	case *kind.FalseSchema:
		return one("extra_forbidden", "Extra inputs are not permitted")
	}
	return one("value_error", "Value error, "+e.Error())
}

func joinPath(base, name string) string {
	if base == "" {
		return name
	}
	return base + "." + name
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

func ratString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	f, _ := r.Float64()
	return fmt.Sprint(f)
}

var typeNouns = map[string]string{
	"integer": "integer", "number": "number", "string": "string", "boolean": "boolean",
	"array": "list", "object": "dictionary", "null": "null",
}

func typeNoun(want []string) string {
	for _, w := range want {
		if w != "null" {
			return typeNouns[w]
		}
	}
	return "null"
}

func typeErrorType(want []string) string {
	switch typeNoun(want) {
	case "integer":
		return "int_type"
	case "number":
		return "float_type"
	case "string":
		return "string_type"
	case "boolean":
		return "bool_type"
	case "list":
		return "list_type"
	case "dictionary":
		return "dict_type"
	}
	return "none_required"
}

// enumList words allowed values as Pydantic does: 'a', 'b' or 'c'.
func enumList(vals []any) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = pyRepr(v)
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}

// pyRepr renders a JSON value roughly as Python's repr would.
func pyRepr(v any) string {
	switch x := v.(type) {
	case string:
		return "'" + strings.ReplaceAll(x, "'", `\'`) + "'"
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
			parts[i] = pyRepr(k) + ": " + pyRepr(x[k])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = pyRepr(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return fmt.Sprint(v)
}

func pyTypeName(v any) string {
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
		return "int" // a Go value given to FormatViolations
	case interface{ Int64() (int64, error) }:
		if _, err := x.Int64(); err == nil {
			return "int"
		}
		return "float"
	}
	return "float"
}

func valueAt(v any, path []string) any {
	for _, p := range path {
		switch x := v.(type) {
		case map[string]any:
			v = x[p]
		case []any:
			var i int
			if _, err := fmt.Sscan(p, &i); err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

func dedupe(vs []Violation) []Violation {
	seen := map[string]bool{}
	out := vs[:0]
	for _, v := range vs {
		key := v.Path + "\x00" + v.Message
		if !seen[key] {
			seen[key] = true
			out = append(out, v)
		}
	}
	return out
}

// FormatViolations renders violations as Pydantic renders a ValidationError,
// titled for the tool:
//
//	Error executing tool search_books: 1 validation error for search_books
//	limit
//	  Input should be less than or equal to 50 [type=less_than_equal, input_value=500, input_type=int]
func FormatViolations(tool string, vs []Violation) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Error executing tool %s: %d validation %s for %s", tool, len(vs), plural(len(vs), "error"), tool)
	for _, v := range vs {
		path := v.Path
		if path == "" {
			path = "arguments"
		}
		fmt.Fprintf(&b, "\n%s\n  %s [type=%s, input_value=%s, input_type=%s]", path, v.Message, v.Type, truncate(pyRepr(v.Input), 80), pyTypeName(v.Input))
	}
	return b.String()
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
