package pydantic

import (
	"encoding/json"
	"math/big"
	"reflect"
	"slices"
	"sort"
	"strings"
)

// union reports an anyOf/oneOf that no variant matched, as pydantic-core
// reports a union:
//   - null variants only make the value optional (X | None): the errors
//     are the other variant's, untagged;
//   - a oneOf whose object variants all pin one required property to a
//     constant is a discriminated union: the tag picks the variant, whose
//     errors are tagged with the tag's value ("pet.cat.name");
//   - otherwise every variant's errors, each tagged with the variant's
//     name ("x.int", "x.str", "pet.Cat.name").
func (c *converter) union(e *Error, tags []tag, oneOf bool) {
	loc := e.Loc
	branches := c.branches(e, oneOf)
	var keep []int
	for i, cause := range e.Causes {
		if !isNullBranch(cause, branches[i]) {
			keep = append(keep, i)
		}
	}
	switch {
	case len(keep) == 0:
		c.emit(loc, tags, "none_required", "Input should be None", c.at(loc))
	case len(keep) == 1:
		c.collect(e.Causes[keep[0]], tags)
	case oneOf && c.discriminated(e, tags, branches):
	default:
		for _, i := range keep {
			c.collect(e.Causes[i], append(slices.Clip(tags), tag{len(loc), label(branches[i]), i}))
		}
	}
}

// branches returns the union's variants in the order of e.Causes (a union
// that failed has one cause per variant); nil entries when unknown.
func (c *converter) branches(e *Error, oneOf bool) []*Schema {
	out := make([]*Schema, len(e.Causes))
	s := e.Schema
	if s == nil {
		return out
	}
	list := s.AnyOf
	if oneOf {
		list = s.OneOf
	}
	if len(list) == len(out) {
		copy(out, list)
	}
	return out
}

// isNullBranch reports a variant that accepts only null.
func isNullBranch(cause *Error, s *Schema) bool {
	if s != nil {
		s = deref(s)
		return s.Types != nil && slices.Equal(s.Types, []string{"null"})
	}
	for len(cause.Causes) == 1 && cause.Kind == KindRef {
		cause = cause.Causes[0]
	}
	return cause.Kind == KindType && slices.Equal(cause.Names, []string{"null"})
}

// deref follows a schema that is nothing but a $ref.
func deref(s *Schema) *Schema {
	for i := 0; s.Ref != nil && i < 32; i++ {
		if s.Types != nil || len(s.Properties) > 0 || s.Const != nil || s.HasEnum {
			break
		}
		s = s.Ref
	}
	return s
}

// discriminated handles a oneOf whose variants carry a constant tag
// property, as pydantic-core's tagged union does. It reports false when the
// union has no such property.
func (c *converter) discriminated(e *Error, tags []tag, branches []*Schema) bool {
	prop, values := discriminator(branches)
	if prop == "" {
		return false
	}
	loc := e.Loc
	obj, ok := c.at(loc).(map[string]any)
	if !ok {
		typ, msg := typeWording("object")
		c.emit(loc, tags, typ, msg, c.at(loc))
		return true
	}
	got, ok := obj[prop]
	if !ok {
		c.emit(loc, tags, "union_tag_not_found", "Unable to extract tag using discriminator "+Repr(prop), obj)
		return true
	}
	for i, want := range values {
		if equalJSON(got, want) {
			c.collect(e.Causes[i], append(slices.Clip(tags), tag{len(loc), tagText(want), i}))
			return true
		}
	}
	expected := make([]string, len(values))
	for i, v := range values {
		expected[i] = Repr(v)
	}
	c.emit(loc, tags, "union_tag_invalid", "Input tag '"+tagText(got)+"' found using "+Repr(prop)+
		" does not match any of the expected tags: "+strings.Join(expected, ", "), obj)
	return true
}

// discriminator finds the property every variant requires and pins to a
// distinct constant; "" when there is none.
func discriminator(branches []*Schema) (string, []any) {
	var candidates []string
	for i, b := range branches {
		if b == nil {
			return "", nil
		}
		b = deref(b)
		var mine []string
		for _, name := range b.Required {
			if _, ok := constOf(b.Properties[name]); ok {
				mine = append(mine, name)
			}
		}
		if i == 0 {
			candidates = mine
		} else {
			candidates = slices.DeleteFunc(candidates, func(n string) bool { return !slices.Contains(mine, n) })
		}
	}
	sort.Strings(candidates)
next:
	for _, prop := range candidates {
		values := make([]any, len(branches))
		for i, b := range branches {
			values[i], _ = constOf(deref(b).Properties[prop])
			for _, prev := range values[:i] {
				if equalJSON(prev, values[i]) {
					continue next
				}
			}
		}
		return prop, values
	}
	return "", nil
}

// constOf returns the one value a schema allows (const, or a one-value enum).
func constOf(s *Schema) (any, bool) {
	if s == nil {
		return nil, false
	}
	s = deref(s)
	if s.Const != nil {
		return *s.Const, true
	}
	if s.HasEnum && len(s.Enum) == 1 {
		return s.Enum[0], true
	}
	return nil, false
}

func tagText(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return Repr(v)
}

// equalJSON compares decoded JSON values, numbers by value.
func equalJSON(a, b any) bool {
	ra, aNum := rat(a)
	rb, bNum := rat(b)
	if aNum || bNum {
		return aNum && bNum && ra.Cmp(rb) == 0
	}
	return reflect.DeepEqual(a, b)
}

func rat(v any) (*big.Rat, bool) {
	switch x := v.(type) {
	case json.Number:
		return new(big.Rat).SetString(string(x))
	case float64:
		r := new(big.Rat)
		return r, r.SetFloat64(x) != nil
	case int:
		return big.NewRat(int64(x), 1), true
	case int64:
		return big.NewRat(x, 1), true
	}
	return nil, false
}

// label names a union variant as pydantic-core's validators name
// themselves in a location: "int", "constrained-str", "list[int]",
// "dict[str,float]", "literal['a','b']", a model's name for a $ref.
func label(s *Schema) string {
	if s == nil {
		return "any"
	}
	if s.Ref != nil && deref(s) != s {
		return refName(deref(s))
	}
	switch {
	case s.Const != nil:
		return "literal[" + Repr(*s.Const) + "]"
	case s.HasEnum:
		parts := make([]string, len(s.Enum))
		for i, v := range s.Enum {
			parts[i] = Repr(v)
		}
		return "literal[" + strings.Join(parts, ",") + "]"
	case s.Types != nil:
		var names []string
		nullable := false
		for _, t := range s.Types {
			if t == "null" {
				nullable = true
				continue
			}
			names = append(names, typeLabel(t, s))
		}
		return wrapLabels(names, nullable)
	case len(s.AllOf) == 1: // Pydantic v1's {"allOf": [{"$ref": …}]}
		return label(s.AllOf[0])
	case len(s.AnyOf) > 0:
		var names []string
		nullable := false
		for _, b := range s.AnyOf {
			if l := label(b); l != "none" {
				names = append(names, l)
			} else {
				nullable = true
			}
		}
		return wrapLabels(names, nullable)
	}
	return "any"
}

// wrapLabels names a union the way pydantic-core does: nullable[int],
// union[int,str], nullable[union[int,str]].
func wrapLabels(names []string, nullable bool) string {
	var l string
	switch len(names) {
	case 0:
		return "none"
	case 1:
		l = names[0]
	default:
		l = "union[" + strings.Join(names, ",") + "]"
	}
	if nullable {
		return "nullable[" + l + "]"
	}
	return l
}

// refName is the name of a referenced definition: its title, else the
// last segment of its location ("#/$defs/Book" → "Book").
func refName(s *Schema) string {
	if s.Title != "" {
		return s.Title
	}
	seg := s.Location[strings.LastIndexAny(s.Location, "/#")+1:]
	seg = strings.ReplaceAll(strings.ReplaceAll(seg, "~1", "/"), "~0", "~")
	if seg == "" {
		return "any"
	}
	return seg
}

// typeLabel names one JSON type; s (may be nil) refines it with its
// constraints, items and format.
func typeLabel(t string, s *Schema) string {
	if s == nil {
		s = &Schema{}
	}
	switch t {
	case "integer":
		return constrained("int", s.Constrained)
	case "number":
		return constrained("float", s.Constrained)
	case "string":
		if name := formatLabel(s.Format); name != "" {
			return name
		}
		if s.StringBounded {
			return "constrained-str"
		}
		return "str"
	case "boolean":
		return "bool"
	case "array":
		return "list[" + label(s.Items) + "]"
	case "object":
		if s.Additional != nil {
			return "dict[str," + label(s.Additional) + "]"
		}
		if s.Title != "" {
			return s.Title
		}
		return "dict[str,any]"
	}
	return "none"
}

func constrained(name string, bounded bool) string {
	if bounded {
		return "constrained-" + name
	}
	return name
}

// formatLabel names the type a string format stands for; "" for none.
func formatLabel(format string) string {
	switch format {
	case "date-time":
		return "datetime"
	case "duration":
		return "timedelta"
	case "uri":
		return "url"
	case "date", "time", "uuid":
		return format
	}
	return ""
}
