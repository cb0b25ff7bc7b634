package forms

import (
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Field describes one argument as the form shows it.
type Field struct {
	Path        string // dotted path; list items appear as "tags[]", "rows[].name"
	Label       string // what the form shows: the path, or "Title (path)"
	Kind        string // string, text, integer, number, boolean, enum, multi-enum, array, object, union, json
	Description string
	Required    bool
	Constraints string // e.g. "integer · 1–50 · default 10"
	Enum        []any  // allowed values (enum, multi-enum; branch labels for union)
	Default     any    // the schema's default, nil when none
}

// Fields lists the fields a form built from schema has, depth first in
// property order: objects before their sub-fields, lists before the
// fields of their items. Recursive schemas stop where the form would
// switch to a JSON editor.
func Fields(schema []byte) ([]Field, error) {
	doc, err := compileDoc(schema)
	if err != nil {
		return nil, err
	}
	sp := &shaper{doc: doc}
	var out []Field
	sp.fields(&out, doc.root, "", true, nil, true)
	return out, nil
}

func (sp *shaper) fields(out *[]Field, s *jsonschema.Schema, path string, req bool, stack []*jsonschema.Schema, root bool) {
	sh := sp.shapeOf(s, stack)
	stack = append(stack, sh.body)
	if sh.kind == kindObject && len(sh.props) == 0 && !root && !sh.closed {
		sh.kind = kindJSON
	}
	if !root || sh.kind != kindObject {
		f := describeField(sh, path, req)
		for i, b := range sh.branches {
			f.Enum = append(f.Enum, sp.branchLabel(i, b, stack))
		}
		*out = append(*out, f)
	}
	switch sh.kind {
	case kindObject:
		for _, k := range sh.props {
			sp.fields(out, sh.propSch[k], joinPath(path, k), sh.required[k], stack, false)
		}
	case kindList:
		if sh.items != nil {
			item := sp.shapeOf(sh.items, stack)
			if item.kind == kindObject || item.kind == kindList {
				sp.fields(out, sh.items, path+"[]", true, stack, false)
			}
		}
	}
}

func describeField(sh *shape, path string, req bool) Field {
	f := Field{
		Path: path, Label: fieldLabel(sh, path), Kind: sh.kind.String(),
		Description: sh.desc, Required: req, Constraints: constraintText(sh),
	}
	if sh.kind == kindBool {
		f.Kind = "boolean"
	}
	if sh.kind == kindList {
		f.Kind = "array"
	}
	if sh.def != nil {
		f.Default = *sh.def
	}
	f.Enum = append(f.Enum, sh.enum...)
	if sh.nullable && (sh.kind == kindEnum) {
		f.Enum = append(f.Enum, nil)
	}
	return f
}

// fieldLabel shows a title only when it says more than the name.
func fieldLabel(sh *shape, path string) string {
	name := path[strings.LastIndex(path, ".")+1:]
	if sh.title == "" || squash(sh.title) == squash(name) {
		return path
	}
	return sh.title + " (" + path + ")"
}

func squash(s string) string {
	return strings.ToLower(strings.NewReplacer(" ", "", "_", "", "-", "").Replace(s))
}
