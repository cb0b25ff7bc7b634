// Package validate is the sdk's JSON Schema validator: draft 2020-12, the
// keywords the sdk's inferred schemas use and the common ones of
// hand-written schemas (see Supported), references only inside the
// document. It reports what fails as internal/pydantic's error tree, the
// same tree (and so, worded by pydantic.Convert, the same violations) the
// santhosh-tekuri/jsonschema library gives through
// internal/pydantic/libadapt, which the differential and fuzz tests of
// this package check. Unlike the library it compiles no metaschema, so
// linking it costs a server nothing at start-up.
//
// A schema using a keyword outside the supported set, or a format whose
// check it does not carry, is refused by Compile with an error naming the
// keyword (ErrUnsupported), never validated half-way.
//
// Beside the validator, a proof (proof.go, CompileProof) answers only
// "certainly valid" for the common simple schemas, without the
// validator's cost, and Flat (proof_flat.go) decodes flat arguments
// straight into their struct, proving them valid on the way; Pattern is
// the "pattern" keyword as both compile it.
package validate

import (
	"errors"
	"fmt"

	"github.com/mcpdev/mcpdev/internal/pydantic"
)

// ErrUnsupported is wrapped by Compile's error for a schema that uses a
// keyword (or a format, a $ref form, a draft) this validator does not
// implement.
var ErrUnsupported = errors.New("not supported by the sdk's validator")

// Supported lists the validation keywords Compile accepts, besides the
// annotations (title, description, default, examples, deprecated,
// readOnly, writeOnly, $comment, $defs, definitions, $anchor, and any
// keyword JSON Schema does not define, such as x-mcp-header).
const Supported = "type, enum, const, format (date-time, date, time, uuid, uri, email, double, ipv4, ipv6, " +
	"hostname, duration, json-pointer, relative-json-pointer, uri-reference, iri, iri-reference, semver; " +
	"other names are ignored), $ref (local JSON pointers), properties, required, additionalProperties, " +
	"patternProperties, dependentRequired, minProperties, maxProperties, items, prefixItems, minItems, " +
	"maxItems, uniqueItems, minLength, maxLength, pattern, contentEncoding (base64), minimum, maximum, " +
	"exclusiveMinimum, exclusiveMaximum, multipleOf, allOf, anyOf, oneOf, if, then, else, not, contains, " +
	"minContains, maxContains, propertyNames, dependentSchemas; " +
	"$schema must be draft 2020-12 and $id may only name the root"

// refused are the keywords of draft 2020-12 (and earlier drafts) that
// change validation and are not implemented.
var refused = []string{
	"dependencies",
	"unevaluatedProperties", "unevaluatedItems", "$dynamicRef", "$recursiveRef", "contentSchema",
}

// Schema is a compiled schema document.
type Schema struct {
	root *node
}

// ValidationError is what Validate returns for an invalid value: the tree
// of what failed, as pydantic.Convert reads it.
type ValidationError struct {
	Tree *pydantic.Error
}

func (e *ValidationError) Error() string {
	n := 0
	countLeaves(e.Tree, &n)
	return fmt.Sprintf("value does not match the schema (%d failed checks)", n)
}

func countLeaves(e *pydantic.Error, n *int) {
	if len(e.Causes) == 0 {
		*n++
	}
	for _, c := range e.Causes {
		countLeaves(c, n)
	}
}

// Validate reports whether v (a decoded JSON value, numbers as
// json.Number) is valid: nil, or a *ValidationError.
func (s *Schema) Validate(v any) error {
	if e := validate(s.root, v, nil); e != nil {
		return &ValidationError{Tree: root(e)}
	}
	return nil
}

// Check validates v and returns every violation, worded and ordered by
// pydantic.Convert with o; nil when v is valid.
func (s *Schema) Check(v any, o pydantic.Options) []pydantic.Violation {
	e := validate(s.root, v, nil)
	if e == nil {
		return nil
	}
	return pydantic.Convert(s.root.view, root(e), v, o)
}

// root wraps the root schema's errors as the library does: one group of
// its checks.
func root(e *pydantic.Error) *pydantic.Error {
	if e.Kind == pydantic.KindGroup {
		return e
	}
	return &pydantic.Error{Kind: pydantic.KindGroup, Causes: []*pydantic.Error{e}}
}
