package forms

import (
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// kind is what a schema becomes in a form.
type kind int

const (
	kindJSON    kind = iota // anything else: a JSON editor
	kindString              // single-line input
	kindText                // multi-line input
	kindInteger             // input refusing decimals
	kindNumber              // numeric input
	kindBool                // yes/no
	kindEnum                // select with typed values
	kindMulti               // array of enums: multi-select
	kindList                // array of anything else: add/remove items
	kindObject              // grouped sub-fields
	kindUnion               // anyOf/oneOf: choose a branch
)

var kindNames = [...]string{"json", "string", "text", "integer", "number", "boolean", "enum", "multi-enum", "array", "object", "union"}

func (k kind) String() string { return kindNames[k] }

// maxDepth bounds nesting; deeper structures, and schemas met again
// inside themselves (recursion), become JSON editors.
const maxDepth = 12

// shape is the form-relevant reading of one (sub)schema: references and
// single-branch combinators followed, nullable unions collapsed.
type shape struct {
	kind     kind
	schema   *jsonschema.Schema // validates the value (kept nullable)
	body     *jsonschema.Schema // the resolved non-null schema carrying constraints
	title    string
	desc     string
	def      *any
	nullable bool
	enum     []any    // kindEnum / kindMulti: allowed non-null values
	labels   []string // titles of enum's values (a titled enum, SEP-1330, or enumNames); nil or "" where none
	props    []string // kindObject: property names in source order
	propSch  map[string]*jsonschema.Schema
	required map[string]bool
	items    *jsonschema.Schema   // kindList / kindMulti
	branches []*jsonschema.Schema // kindUnion
	closed   bool                 // kindObject: additionalProperties false
	format   string               // the raw "format" keyword, if any
}

// optionText shows enum value i: its title with the value after it when
// the enum has titles, else the value.
func (sh *shape) optionText(i int) string {
	v := optionLabel(sh.enum[i])
	if i < len(sh.labels) && sh.labels[i] != "" && sh.labels[i] != v {
		return sh.labels[i] + " (" + v + ")"
	}
	return v
}

// shaper classifies schemas of one document.
type shaper struct {
	doc *document
}

// shapeOf classifies s; stack holds the schemas already expanded above it.
func (sp *shaper) shapeOf(s *jsonschema.Schema, stack []*jsonschema.Schema) *shape {
	sh := &shape{schema: s}
	if s == nil || len(stack) >= maxDepth {
		return sh
	}
	b := sp.resolve(s, sh, 0)
	if b == nil || onStack(b, stack) {
		return sh // a recursive schema unfolds once, then is edited as JSON
	}
	sh.body = b
	if loc, ok := pointerOf(b); ok {
		sh.format = sp.doc.format(loc)
	}
	sp.classify(b, sh, append(stack, b))
	return sh
}

func onStack(s *jsonschema.Schema, stack []*jsonschema.Schema) bool {
	for _, t := range stack {
		if t == s {
			return true
		}
	}
	return false
}

// resolve follows $ref, single allOf and nullable anyOf/oneOf, collecting
// annotations from the outermost schema that has them.
func (sp *shaper) resolve(s *jsonschema.Schema, sh *shape, hops int) *jsonschema.Schema {
	if s == nil || hops > 32 {
		return nil
	}
	sp.annotate(s, sh)
	if s.Bool != nil {
		return nil
	}
	if s.Ref != nil && !hasStructure(s) {
		return sp.resolve(s.Ref, sh, hops+1)
	}
	if len(s.AllOf) == 1 && !hasStructure(s) && s.Ref == nil {
		return sp.resolve(s.AllOf[0], sh, hops+1)
	}
	if alts := unionOf(s); len(alts) > 0 && !hasOwnType(s) {
		rest := nonNull(alts)
		if len(rest) < len(alts) {
			sh.nullable = true
		}
		if len(rest) == 1 {
			return sp.resolve(rest[0], sh, hops+1)
		}
	}
	if s.Ref != nil && s.Types == nil && len(s.Properties) == 0 {
		return sp.resolve(s.Ref, sh, hops+1)
	}
	return s
}

func (sp *shaper) annotate(s *jsonschema.Schema, sh *shape) {
	if sh.title == "" {
		sh.title = s.Title
	}
	if sh.desc == "" {
		sh.desc = s.Description
	}
	if sh.def == nil && s.Default != nil {
		sh.def = s.Default
	}
}

// hasStructure reports whether s constrains values itself (beyond a $ref).
func hasStructure(s *jsonschema.Schema) bool {
	return s.Types != nil || s.Enum != nil || s.Const != nil || len(s.Properties) > 0 ||
		len(s.AnyOf) > 0 || len(s.OneOf) > 0 || len(s.AllOf) > 0 || s.Items != nil || s.Items2020 != nil
}

func hasOwnType(s *jsonschema.Schema) bool {
	return (s.Types != nil && !onlyNull(s)) || len(s.Properties) > 0 || s.Enum != nil
}

func unionOf(s *jsonschema.Schema) []*jsonschema.Schema {
	if len(s.AnyOf) > 0 {
		return s.AnyOf
	}
	return s.OneOf
}

func nonNull(alts []*jsonschema.Schema) []*jsonschema.Schema {
	var out []*jsonschema.Schema
	for _, a := range alts {
		if !onlyNull(deref(a)) {
			out = append(out, a)
		}
	}
	return out
}

// deref follows bare $refs.
func deref(s *jsonschema.Schema) *jsonschema.Schema {
	for i := 0; s != nil && s.Ref != nil && !hasStructure(s) && i < 32; i++ {
		s = s.Ref
	}
	return s
}

func onlyNull(s *jsonschema.Schema) bool {
	if s == nil {
		return false
	}
	if s.Types != nil {
		t := s.Types.ToStrings()
		return len(t) == 1 && t[0] == "null"
	}
	if s.Enum != nil {
		return len(s.Enum.Values) == 1 && s.Enum.Values[0] == nil
	}
	return s.Const != nil && *s.Const == nil
}
