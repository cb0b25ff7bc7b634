package forms

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	ek "github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Problem is one reason the arguments do not satisfy the schema.
type Problem struct {
	// Path is the argument's dotted path ("book.year", "tags.0"); empty for
	// the arguments object itself.
	Path string
	// Message is a human sentence worded as Pydantic words it, e.g.
	// "Input should be greater than or equal to 1450".
	Message string
}

// String renders "path: message", or the message alone at the root.
func (p Problem) String() string {
	if p.Path == "" {
		return p.Message
	}
	return p.Path + ": " + p.Message
}

// Validate checks args against schema and returns one Problem per
// violation, in a stable order. The error is non-nil only when the schema
// or args cannot be read at all.
func Validate(schema []byte, args []byte) ([]Problem, error) {
	doc, err := compile(schema)
	if err != nil {
		return nil, err
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(args))
	if err != nil {
		return nil, fmt.Errorf("forms: arguments are not JSON: %w", err)
	}
	return problemsOf(doc.root, v), nil
}

// problemsOf validates v against s and converts the verdict.
func problemsOf(s *jsonschema.Schema, v any) []Problem {
	err := s.Validate(v)
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []Problem{{Message: err.Error()}}
	}
	var out []Problem
	collect(ve, &out)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].Message < out[j].Message
	})
	return dedupe(out)
}

func dedupe(ps []Problem) []Problem {
	seen := map[Problem]bool{}
	out := ps[:0]
	for _, p := range ps {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

func collect(e *jsonschema.ValidationError, out *[]Problem) {
	path := strings.Join(e.InstanceLocation, ".")
	switch k := e.ErrorKind.(type) {
	case *ek.AnyOf, *ek.OneOf:
		if o, ok := k.(*ek.OneOf); ok && len(o.Subschemas) > 1 {
			*out = append(*out, Problem{path, "Input should match exactly one variant, not several"})
			return
		}
		collectUnion(e, path, out)
	case *ek.Required:
		for _, m := range k.Missing {
			*out = append(*out, Problem{join(path, m), "Field required"})
		}
	case *ek.AdditionalProperties:
		for _, m := range k.Properties {
			*out = append(*out, Problem{join(path, m), "Extra inputs are not permitted"})
		}
	default:
		if len(e.Causes) > 0 {
			for _, c := range e.Causes {
				collect(c, out)
			}
			return
		}
		*out = append(*out, Problem{path, wording(e.ErrorKind)})
	}
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// collectUnion reports the closest branch: branches failing only on the
// type are skipped; if all fail on type, one "valid X or Y" message is given.
func collectUnion(e *jsonschema.ValidationError, path string, out *[]Problem) {
	var wants []string
	for _, c := range e.Causes {
		if t := typeOnly(c); t != nil {
			wants = append(wants, t.Want...)
			continue
		}
		collect(c, out)
		return
	}
	*out = append(*out, Problem{path, typeWording(wants)})
}

// typeOnly returns the type error when c is nothing but a type mismatch.
func typeOnly(c *jsonschema.ValidationError) *ek.Type {
	for len(c.Causes) == 1 {
		c = c.Causes[0]
	}
	t, _ := c.ErrorKind.(*ek.Type)
	if t != nil && len(c.Causes) == 0 {
		return t
	}
	return nil
}

var printer = message.NewPrinter(language.English)

// wording turns one error kind into Pydantic's sentence for it.
func wording(k jsonschema.ErrorKind) string {
	switch k := k.(type) {
	case *ek.Type:
		return typeWording(k.Want)
	case *ek.Minimum:
		return "Input should be greater than or equal to " + ratString(k.Want)
	case *ek.Maximum:
		return "Input should be less than or equal to " + ratString(k.Want)
	case *ek.ExclusiveMinimum:
		return "Input should be greater than " + ratString(k.Want)
	case *ek.ExclusiveMaximum:
		return "Input should be less than " + ratString(k.Want)
	case *ek.MultipleOf:
		return "Input should be a multiple of " + ratString(k.Want)
	case *ek.MinLength:
		return fmt.Sprintf("String should have at least %s", plural(k.Want, "character"))
	case *ek.MaxLength:
		return fmt.Sprintf("String should have at most %s", plural(k.Want, "character"))
	case *ek.Pattern:
		return fmt.Sprintf("String should match pattern '%s'", k.Want)
	case *ek.Enum:
		return "Input should be " + orList(k.Want)
	case *ek.Const:
		return "Input should be " + orList([]any{k.Want})
	case *ek.MinItems:
		return fmt.Sprintf("List should have at least %s after validation, not %d", plural(k.Want, "item"), k.Got)
	case *ek.MaxItems:
		return fmt.Sprintf("List should have at most %s after validation, not %d", plural(k.Want, "item"), k.Got)
	case *ek.UniqueItems:
		return "List items should be unique"
	case *ek.Format:
		return "Input should be a valid " + k.Want
	case *ek.FalseSchema:
		return "Extra inputs are not permitted"
	}
	return upperFirst(k.LocalizedString(printer))
}

var typeWords = map[string]string{
	"integer": "a valid integer", "number": "a valid number", "string": "a valid string",
	"boolean": "a valid boolean", "array": "a valid list", "object": "a valid dictionary", "null": "None",
}

func typeWording(want []string) string {
	seen := map[string]bool{}
	var words []string
	for _, w := range want {
		if tw, ok := typeWords[w]; ok && !seen[w] {
			seen[w] = true
			words = append(words, tw)
		}
	}
	if len(words) == 0 {
		return "Input should match one of the allowed variants"
	}
	return "Input should be " + strings.Join(words, " or ")
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

// orList renders enum values as Pydantic does: 'a', 'b' or 'c'.
func orList(vals []any) string {
	s := make([]string, len(vals))
	for i, v := range vals {
		if str, ok := v.(string); ok {
			s[i] = "'" + str + "'"
		} else {
			s[i] = compactJSON(v)
		}
	}
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
