// Package libadapt words the errors of the santhosh-tekuri/jsonschema v6
// library as internal/pydantic words every validator's: it converts the
// library's *ValidationError tree and compiled schemas into pydantic's
// neutral Error and Schema, and configures a library compiler with
// pydantic's format and base64 checks. forms (the inspector's side) keeps
// the library and validates through it; the sdk never links it.
package libadapt

import (
	"errors"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/mcpdev/mcpdev/internal/pydantic"
)

// Check validates v against s and returns every violation, sorted by path;
// nil when v is valid.
func Check(s *jsonschema.Schema, v any) []pydantic.Violation {
	return CheckWith(s, v, pydantic.Options{})
}

// CheckWith is Check with options.
func CheckWith(s *jsonschema.Schema, v any, o pydantic.Options) []pydantic.Violation {
	err := s.Validate(v)
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return []pydantic.Violation{{Message: "Value error, " + err.Error(), Type: "value_error", Input: v}}
	}
	return fromError(s, ve, v, o)
}

// FromError converts err, which s.Validate(v) returned, into violations
// sorted by path (array indices numerically, union variants in schema
// order). s names the variants of a failed union; v supplies each
// violation's Input.
func FromError(s *jsonschema.Schema, err *jsonschema.ValidationError, v any) []pydantic.Violation {
	return fromError(s, err, v, pydantic.Options{})
}

func fromError(s *jsonschema.Schema, err *jsonschema.ValidationError, v any, o pydantic.Options) []pydantic.Violation {
	a := &adapter{schemas: map[*jsonschema.Schema]*pydantic.Schema{}, input: v}
	root := a.schema(s)
	return pydantic.Convert(root, a.error(err), v, o)
}

// Configure makes c assert formats and content encodings, with pydantic's
// checks for the formats it words (date-time as Go's time.Time reads it,
// date, time, uuid, uri, email, double) and for base64.
func Configure(c *jsonschema.Compiler) {
	c.AssertFormat()
	c.AssertContent()
	for _, name := range pydantic.FormatNames() {
		c.RegisterFormat(&jsonschema.Format{Name: name, Validate: pydantic.Format(name)})
	}
	c.RegisterContentEncoding(&jsonschema.Decoder{Name: "base64", Decode: pydantic.Base64})
}

// adapter converts one validation's error tree and the schemas it names.
type adapter struct {
	schemas    map[*jsonschema.Schema]*pydantic.Schema
	byLocation map[string]*jsonschema.Schema // built when a union needs it
	root       *jsonschema.Schema
	input      any
}

func (a *adapter) error(e *jsonschema.ValidationError) *pydantic.Error {
	out := &pydantic.Error{Loc: e.InstanceLocation, Kind: pydantic.KindGroup}
	switch k := e.ErrorKind.(type) {
	case *kind.AnyOf:
		out.Kind, out.Schema = pydantic.KindAnyOf, a.schema(a.schemaAt(e.SchemaURL))
	case *kind.OneOf:
		out.Kind, out.Schema, out.Both = pydantic.KindOneOf, a.schema(a.schemaAt(e.SchemaURL)), k.Subschemas
	case *kind.Required:
		out.Kind, out.Names = pydantic.KindMissing, k.Missing
	case *kind.DependentRequired:
		out.Kind, out.Names = pydantic.KindMissing, k.Missing
	case *kind.Dependency:
		out.Kind, out.Names = pydantic.KindMissing, k.Missing
	case *kind.AdditionalProperties:
		out.Kind, out.Names = pydantic.KindExtra, k.Properties
	case *kind.Type:
		out.Kind, out.Names = pydantic.KindType, k.Want
	case *kind.Contains, *kind.Not, *kind.PropertyNames:
		// Their causes judge other values (items, names) than the one at loc.
		out.Kind, out.Type, out.Msg = pydantic.KindLeaf, "value_error", valueError(e.ErrorKind)
		return out
	case *kind.Reference:
		out.Kind, out.Schema = pydantic.KindRef, a.schema(a.schemaAt(e.SchemaURL))
	default:
		if len(e.Causes) == 0 {
			out.Kind = pydantic.KindLeaf
			out.Type, out.Msg = wording(e.ErrorKind, pydantic.ValueAt(a.input, e.InstanceLocation))
		}
	}
	for _, c := range causes(e) {
		out.Causes = append(out.Causes, a.error(c))
	}
	return out
}

// wording returns Pydantic's error type and message for one leaf error;
// input is the value at the error's location.
func wording(k jsonschema.ErrorKind, input any) (typ, msg string) {
	l, ok := leaf(k)
	if !ok {
		return "value_error", valueError(k)
	}
	return l.Words(input)
}

// leaf describes a leaf error kind pydantic words; false for any other.
func leaf(k jsonschema.ErrorKind) (pydantic.Leaf, bool) {
	switch k := k.(type) {
	case *kind.Maximum:
		return pydantic.Leaf{Keyword: "maximum", Bound: k.Want}, true
	case *kind.Minimum:
		return pydantic.Leaf{Keyword: "minimum", Bound: k.Want}, true
	case *kind.ExclusiveMaximum:
		return pydantic.Leaf{Keyword: "exclusiveMaximum", Bound: k.Want}, true
	case *kind.ExclusiveMinimum:
		return pydantic.Leaf{Keyword: "exclusiveMinimum", Bound: k.Want}, true
	case *kind.MultipleOf:
		return pydantic.Leaf{Keyword: "multipleOf", Bound: k.Want}, true
	case *kind.MinLength:
		return pydantic.Leaf{Keyword: "minLength", Want: k.Want, Got: k.Got}, true
	case *kind.MaxLength:
		return pydantic.Leaf{Keyword: "maxLength", Want: k.Want, Got: k.Got}, true
	case *kind.Pattern:
		return pydantic.Leaf{Keyword: "pattern", Text: k.Want}, true
	case *kind.MinItems:
		return pydantic.Leaf{Keyword: "minItems", Want: k.Want, Got: k.Got}, true
	case *kind.MaxItems:
		return pydantic.Leaf{Keyword: "maxItems", Want: k.Want, Got: k.Got}, true
	case *kind.MinProperties:
		return pydantic.Leaf{Keyword: "minProperties", Want: k.Want, Got: k.Got}, true
	case *kind.MaxProperties:
		return pydantic.Leaf{Keyword: "maxProperties", Want: k.Want, Got: k.Got}, true
	case *kind.AdditionalItems:
		return pydantic.Leaf{Keyword: "additionalItems", Want: k.Count}, true
	case *kind.Enum:
		return pydantic.Leaf{Keyword: "enum", Values: k.Want}, true
	case *kind.Const:
		return pydantic.Leaf{Keyword: "const", Values: []any{k.Want}}, true
	case *kind.Format:
		return pydantic.Leaf{Keyword: "format", Text: k.Want, Err: k.Err}, true
	case *kind.ContentEncoding:
		return pydantic.Leaf{Keyword: "contentEncoding", Text: k.Want, Err: k.Err}, true
	case *kind.FalseSchema:
		return pydantic.Leaf{Keyword: "false"}, true
	case *kind.UniqueItems:
		return pydantic.Leaf{Keyword: "uniqueItems", Want: k.Duplicates[0], Got: k.Duplicates[1]}, true
	}
	return pydantic.Leaf{}, false
}

var printer = message.NewPrinter(language.English)

// valueError words a check Pydantic has no built-in for as a ValueError
// raised by a validator: "Value error, …".
func valueError(k jsonschema.ErrorKind) string {
	return "Value error, " + k.LocalizedString(printer)
}
