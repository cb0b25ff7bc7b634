package pydantic

import (
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpdev/mcpdev/internal/schema"
)

// Order is the order a schema document declares the properties of each of
// its objects in: Pydantic validates a model field by field in declaration
// order and reports the errors in that order, then extra inputs. Compiled
// schemas keep properties in maps, so the order is read from the document.
type Order map[string][]string // fragment of a schema's Location → property names

// NewOrder reads the declaration order of every "properties" object in a
// schema document.
func NewOrder(doc []byte) (Order, error) {
	return readOrder(doc, false)
}

// InputOrder reads the key order of every object in a JSON value, by the
// JSON pointer of the object ("/book", "/books/0"): Pydantic reports extra
// inputs, and a dictionary's entries, in the order the client sent them.
func InputOrder(value []byte) (Order, error) {
	return readOrder(value, true)
}

func readOrder(doc []byte, all bool) (Order, error) {
	v, err := schema.DecodeOrderedNumbers(doc) // 1e400 is JSON too
	if err != nil {
		return nil, err
	}
	o := Order{}
	o.walk(v, "", all, false)
	return o, nil
}

// walk reads one value at pointer ptr. With all, every object's keys are
// recorded under its own pointer; else only those of "properties" objects
// (props), under the pointer of their schema, as a compiled schema's
// Location writes it.
func (o Order) walk(v any, ptr string, all, props bool) {
	switch x := v.(type) {
	case *schema.Object:
		for _, key := range x.Keys() {
			child := ptr + "/" + escapeToken(key)
			if !all {
				child = ptr + "/" + url.PathEscape(escapeToken(key))
			}
			val, _ := x.Get(key)
			o.walk(val, child, all, !all && key == "properties" && !props)
		}
		switch {
		case all:
			o[ptr] = x.Keys()
		case props:
			o[strings.TrimSuffix(ptr, "/properties")] = x.Keys()
		}
	case []any:
		for i, e := range x {
			o.walk(e, ptr+"/"+strconv.Itoa(i), all, false)
		}
	}
}

func escapeToken(tok string) string {
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
}

// rank is one path segment's place among its siblings.
type rank struct {
	n    int    // declaration index, array index or union variant
	name string // ties: extra inputs and map keys by name
}

func compareRank(a, b rank) int {
	if a.n != b.n {
		return a.n - b.n
	}
	return strings.Compare(a.name, b.name)
}

// ranks places each segment of a violation's location (with its union
// tags) by walking the compiled schema along it.
func (c *converter) ranks(loc []string, tags []tag) []rank {
	out := make([]rank, 0, len(loc)+len(tags))
	s := c.root
	t := 0
	ptr := ""
	for i := 0; i <= len(loc); i++ {
		for ; t < len(tags) && tags[t].at <= i; t++ {
			out = append(out, rank{n: tags[t].index})
			s = variant(s, tags[t].index)
		}
		if i < len(loc) {
			var r rank
			r, s = c.step(s, loc[i], ptr)
			out = append(out, r)
			ptr += "/" + escapeToken(loc[i])
		}
	}
	return out
}

// undeclared ranks a member no property declares before the declared ones,
// in the order the client sent it (by name when that is not known), as
// pydantic-core reports extra inputs and a dictionary's entries.
const undeclared = -1 << 30

// step ranks seg within schema s, the schema of the object at instance
// pointer ptr, and returns the schema of the value at seg.
func (c *converter) step(s *Schema, seg, ptr string) (rank, *Schema) {
	s = settle(s)
	if s == nil {
		return fallbackRank(seg), nil
	}
	if len(s.Properties) > 0 || s.HasAdditional {
		next := s.Properties[seg]
		if next == nil {
			next = s.Additional
		}
		if i := slices.Index(c.order[fragment(s.Location)], seg); i >= 0 {
			return rank{n: i, name: seg}, next
		}
		if c.order == nil && c.sentOrder == nil {
			return rank{name: seg}, next // no orders: by name, as before
		}
		return rank{n: undeclared + max(0, slices.Index(c.sentOrder[ptr], seg)), name: seg}, next
	}
	if s.HasItems {
		return fallbackRank(seg), s.Items
	}
	return fallbackRank(seg), nil
}

// settle follows $refs and the non-null variant of an optional value to
// the schema that describes the value's members; nil for a leaf.
func settle(s *Schema) *Schema {
	for i := 0; s != nil && i < 32; i++ {
		if len(s.Properties) > 0 || s.HasAdditional || s.HasItems {
			return s
		}
		switch {
		case s.Ref != nil:
			s = s.Ref
		case len(s.AllOf) == 1:
			s = s.AllOf[0]
		default:
			s = nonNull(s)
		}
	}
	return nil
}

// nonNull returns X of anyOf/oneOf [X, null]; nil when s is no such union.
func nonNull(s *Schema) *Schema {
	for _, list := range [][]*Schema{s.AnyOf, s.OneOf} {
		if len(list) != 2 {
			continue
		}
		for i, b := range list {
			if len(b.Types) == 1 && b.Types[0] == "null" {
				return list[1-i]
			}
		}
	}
	return nil
}

// variant is the index-th variant of the union at s.
func variant(s *Schema, index int) *Schema {
	for i := 0; s != nil && i < 32 && s.Ref != nil && len(s.AnyOf) == 0 && len(s.OneOf) == 0; i++ {
		s = s.Ref
	}
	switch {
	case s == nil:
		return nil
	case index < len(s.AnyOf):
		return s.AnyOf[index]
	case index < len(s.OneOf):
		return s.OneOf[index]
	}
	return s // a type list ["integer", "string"]: no subschema
}

// fallbackRank orders array indices numerically and names by name.
func fallbackRank(seg string) rank {
	if isDigits(seg) && len(seg) < 10 {
		n, _ := strconv.Atoi(seg)
		return rank{n: n}
	}
	return rank{name: seg}
}

// fragment is the JSON pointer part of a compiled schema's location.
func fragment(location string) string {
	_, frag, _ := strings.Cut(location, "#")
	return frag
}
