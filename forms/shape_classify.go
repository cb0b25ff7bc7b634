package forms

import (
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// classify fills sh.kind and the kind's details from the resolved schema b.
func (sp *shaper) classify(b *jsonschema.Schema, sh *shape, stack []*jsonschema.Schema) {
	switch {
	case b.Enum != nil || b.Const != nil:
		sp.classifyEnum(b, sh)
	case titledConsts(b):
		classifyTitled(b, sh)
	case len(unionOf(b)) > 1 && !hasOwnType(b):
		sh.kind = kindUnion
		sh.branches = nonNull(unionOf(b))
	case len(b.AllOf) > 1:
		sp.classifyAllOf(b, sh)
	default:
		sp.classifyType(b, sh, stack)
	}
}

func (sp *shaper) classifyEnum(b *jsonschema.Schema, sh *shape) {
	var vals []any
	if b.Enum != nil {
		vals = b.Enum.Values
	} else {
		vals = []any{*b.Const}
	}
	names := sp.enumNames(b, len(vals))
	for i, v := range vals {
		if v == nil {
			sh.nullable = true
			continue
		}
		sh.enum = append(sh.enum, v)
		if names != nil {
			sh.labels = append(sh.labels, names[i])
		}
	}
	sh.kind = kindEnum
	if len(sh.enum) == 0 {
		sh.kind = kindJSON
	}
}

// enumNames are the labels of an enum's n values from the legacy
// "enumNames" keyword (MCP's elicitation before SEP-1330: {"enum":
// ["pet-1"], "enumNames": ["Cats"]}), nil when there is none or it does
// not name each value; a label that is not a string is "".
func (sp *shaper) enumNames(b *jsonschema.Schema, n int) []string {
	loc, ok := pointerOf(b)
	if !ok {
		return nil
	}
	raw, _ := sp.doc.at(loc + "/enumNames").([]any)
	if len(raw) != n {
		return nil
	}
	names := make([]string, n)
	for i, v := range raw {
		names[i], _ = v.(string)
	}
	return names
}

// titledConsts reports whether b is a titled enum (SEP-1330): a oneOf or
// anyOf whose every branch is one constant, usually with a title, as
// elicitation forms spell a select whose options have labels.
func titledConsts(b *jsonschema.Schema) bool {
	alts := unionOf(b)
	if len(alts) == 0 {
		return false
	}
	for _, a := range alts {
		if a = deref(a); a == nil || a.Const == nil {
			return false
		}
	}
	return true
}

// classifyTitled makes a titled enum a select of its constants, each
// labelled with its branch's title.
func classifyTitled(b *jsonschema.Schema, sh *shape) {
	for _, a := range unionOf(b) {
		a = deref(a)
		if *a.Const == nil {
			sh.nullable = true
			continue
		}
		sh.enum = append(sh.enum, *a.Const)
		sh.labels = append(sh.labels, a.Title)
	}
	sh.kind = kindEnum
	if len(sh.enum) == 0 {
		sh.kind = kindJSON
	}
}

// classifyAllOf merges an allOf of objects into one object; anything else
// is edited as JSON.
func (sp *shaper) classifyAllOf(b *jsonschema.Schema, sh *shape) {
	sh.propSch = map[string]*jsonschema.Schema{}
	sh.required = map[string]bool{}
	for _, part := range append([]*jsonschema.Schema{b}, b.AllOf...) {
		p := deref(part)
		if p == nil {
			continue
		}
		if p != b && len(p.Properties) == 0 && !isType(p, "object") {
			sh.kind = kindJSON
			return
		}
		sp.addProps(p, sh)
	}
	sh.kind = kindObject
}

func (sp *shaper) classifyType(b *jsonschema.Schema, sh *shape, stack []*jsonschema.Schema) {
	types := typesOf(b)
	if b.Types != nil && len(types) < len(b.Types.ToStrings()) {
		sh.nullable = true
	}
	if len(types) != 1 {
		sh.kind = kindJSON
		return
	}
	switch types[0] {
	case "string":
		sh.kind = kindString
		if isLongText(b) {
			sh.kind = kindText
		}
	case "integer":
		sh.kind = kindInteger
	case "number":
		sh.kind = kindNumber
	case "boolean":
		sh.kind = kindBool
	case "array":
		sp.classifyArray(b, sh, stack)
	case "object":
		sp.classifyObject(b, sh)
	}
}

// typesOf lists the non-null types a schema admits, inferring "object" and
// "array" from properties/items when type is absent.
func typesOf(b *jsonschema.Schema) []string {
	var out []string
	if b.Types != nil {
		for _, t := range b.Types.ToStrings() {
			if t != "null" {
				out = append(out, t)
			}
		}
		if len(out) == 0 {
			return nil
		}
		return out
	}
	switch {
	case len(b.Properties) > 0:
		return []string{"object"}
	case b.Items != nil || b.Items2020 != nil:
		return []string{"array"}
	}
	return nil
}

func isType(s *jsonschema.Schema, t string) bool {
	ts := typesOf(s)
	return len(ts) == 1 && ts[0] == t
}

func isLongText(b *jsonschema.Schema) bool {
	if b.MaxLength != nil && *b.MaxLength > 200 {
		return true
	}
	return b.ContentMediaType != nil
}

func (sp *shaper) classifyArray(b *jsonschema.Schema, sh *shape, stack []*jsonschema.Schema) {
	items := b.Items2020
	if is, ok := b.Items.(*jsonschema.Schema); ok {
		items = is
	}
	if len(b.PrefixItems) > 0 || (b.Items != nil && items == nil) {
		sh.kind = kindJSON // tuples
		return
	}
	sh.items = items
	sh.kind = kindList
	if items == nil {
		return
	}
	ish := sp.shapeOf(items, stack)
	if ish.kind == kindEnum && !ish.nullable {
		sh.kind = kindMulti
		sh.enum, sh.labels = ish.enum, ish.labels
	}
}

func (sp *shaper) classifyObject(b *jsonschema.Schema, sh *shape) {
	sh.propSch = map[string]*jsonschema.Schema{}
	sh.required = map[string]bool{}
	sp.addProps(b, sh)
	if ap, ok := b.AdditionalProperties.(bool); ok && !ap {
		sh.closed = true
	}
	sh.kind = kindObject
	if len(sh.props) == 0 && b.AdditionalProperties != nil && !sh.closed {
		sh.kind = kindJSON // a map
	}
}

func (sp *shaper) addProps(p *jsonschema.Schema, sh *shape) {
	names := make([]string, 0, len(p.Properties))
	for k := range p.Properties {
		names = append(names, k)
	}
	loc, _ := pointerOf(p)
	for _, k := range sp.doc.propertyOrder(loc, names) {
		if _, dup := sh.propSch[k]; !dup {
			sh.props = append(sh.props, k)
		}
		sh.propSch[k] = p.Properties[k]
	}
	for _, r := range p.Required {
		sh.required[r] = true
	}
}
