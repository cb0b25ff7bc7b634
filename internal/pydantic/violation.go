// Package pydantic words JSON Schema validation errors the way Pydantic v2
// words them, so that a model trained on Python MCP servers reads the same
// sentences from a Go server (sdk) and a user sees the same sentences under
// the inspector's form fields (forms). It is the one place that turns a
// validator's error tree (see Error; internal/validate's, or the
// santhosh-tekuri/jsonschema library's through internal/pydantic/libadapt)
// into Pydantic's {loc, msg, type, input} list. It links no validator.
package pydantic

import (
	"slices"
	"strconv"
	"strings"
)

// Violation is one reason a value breaks a schema, as Pydantic reports it.
type Violation struct {
	Path    string // dotted location, e.g. "book.year", "tags.0", "pet.cat.name"; "" for the value itself
	Message string // e.g. "Input should be less than or equal to 50"
	Type    string // Pydantic's error type, e.g. "less_than_equal"
	Input   any    // the offending value (for a missing field: the object it is missing from)
}

// Options refine what Convert reports.
type Options struct {
	// Order lists violations in the order the schema declares properties,
	// as Pydantic does (extra inputs last); nil: by name.
	Order Order
	// Sent returns the value as the client sent it, before defaults were
	// filled in and lax coercions applied, and the key order of its objects
	// (see InputOrder): each violation's Input comes from it where the
	// location exists there, and extra inputs are listed first, in the
	// order they were sent, as Pydantic does. nil: v itself, extra inputs
	// first by name.
	Sent func() (any, Order)
	// Lax says the value went through Pydantic's lax-mode conversions
	// before validation, so a string left where a number is wanted did
	// not parse: worded int_parsing, float_parsing, bool_parsing,
	// int_from_float, as lax mode words them.
	Lax bool
}

// Convert turns err, what validating v against root found, into
// violations sorted by path (array indices numerically, union variants in
// schema order, properties as o.Order says); root names the variants of a
// failed union, v supplies each violation's Input.
func Convert(root *Schema, err *Error, v any, o Options) []Violation {
	c := &converter{root: root, input: v, order: o.Order, lax: o.Lax}
	var sent any
	if o.Sent != nil {
		sent, c.sentOrder = o.Sent()
	}
	c.collect(err, nil)
	slices.SortStableFunc(c.out, compareItems)
	c.out = listLengths(c.out)
	out := make([]Violation, 0, len(c.out))
	seen := map[[2]string]bool{}
	for _, it := range c.out {
		k := [2]string{it.v.Path, it.v.Message}
		if !seen[k] {
			seen[k] = true
			if o.Sent != nil {
				if x, ok := lookup(sent, it.inputAt); ok {
					it.v.Input = x
				}
			}
			out = append(out, it.v)
		}
	}
	return out
}

// converter walks one error tree.
type converter struct {
	root      *Schema
	input     any
	order     Order
	sentOrder Order // key order of the objects sent, by instance pointer
	lax       bool
	out       []item
}

// tag is a union variant's label inserted into the path after the first
// at segments of the instance location, as Pydantic does ("x.int").
type tag struct {
	at    int
	label string
	index int // the variant's position, for sorting
}

type item struct {
	v       Violation
	key     []rank   // the path's segments placed among their siblings
	sort    int      // Pydantic's check order among one value's violations
	inputAt []string // where Input was taken from
}

func (c *converter) collect(e *Error, tags []tag) {
	loc := e.Loc
	switch e.Kind {
	case KindAnyOf:
		c.union(e, tags, false)
	case KindOneOf:
		if len(e.Both) > 1 {
			c.emit(loc, tags, "value_error", "Value error, Input should match exactly one variant, not several (variants "+strconv.Itoa(e.Both[0])+" and "+strconv.Itoa(e.Both[1])+" both match)", c.at(loc))
			return
		}
		c.union(e, tags, true)
	case KindMissing:
		c.missing(loc, tags, e.Names)
	case KindExtra:
		for _, name := range e.Names {
			sub := append(slices.Clip(loc), name)
			c.emit(sub, tags, "extra_forbidden", "Extra inputs are not permitted", c.at(sub))
		}
	case KindType:
		c.typeError(loc, tags, e.Names)
	case KindLeaf:
		c.emit(loc, tags, e.Type, e.Msg, c.at(loc))
	case KindRef:
		if name, ok := modelRefused(e); ok {
			c.emit(loc, tags, "model_type", "Input should be a valid dictionary or instance of "+name, c.at(loc))
			return
		}
		for _, cause := range e.Causes {
			c.collect(cause, tags)
		}
	default:
		for _, cause := range e.Causes {
			c.collect(cause, tags)
		}
	}
}

// missing reports each absent property; Pydantic's input is the object.
func (c *converter) missing(loc []string, tags []tag, names []string) {
	for _, name := range names {
		c.emitFrom(append(slices.Clip(loc), name), tags, "missing", "Field required", loc)
	}
}

// typeError reports a type mismatch. null in a type list only makes the
// value optional (Pydantic's nullable: the error is the other type's);
// several other types are a union, one tagged violation per type.
func (c *converter) typeError(loc []string, tags []tag, want []string) {
	var types []string
	for _, w := range want {
		if w != "null" {
			types = append(types, w)
		}
	}
	switch len(types) {
	case 0:
		c.emit(loc, tags, "none_required", "Input should be None", c.at(loc))
	case 1:
		typ, msg := typeWording(types[0])
		if c.lax {
			typ, msg = laxTypeWording(types[0], c.at(loc))
		}
		c.emit(loc, tags, typ, msg, c.at(loc))
	default:
		for i, t := range types {
			typ, msg := typeWording(t)
			c.emit(loc, append(slices.Clip(tags), tag{len(loc), typeLabel(t, nil), i}), typ, msg, c.at(loc))
		}
	}
}

func (c *converter) at(loc []string) any { return valueAt(c.input, loc) }

// emit records one violation at loc with the union tags inserted; input
// is the value at loc.
func (c *converter) emit(loc []string, tags []tag, typ, msg string, input any) {
	c.emitFrom(loc, tags, typ, msg, loc)
	c.out[len(c.out)-1].v.Input = input
}

// emitFrom records one violation at loc whose Input is the value at from.
func (c *converter) emitFrom(loc []string, tags []tag, typ, msg string, from []string) {
	var path []string
	t := 0
	for i := 0; i <= len(loc); i++ {
		for ; t < len(tags) && tags[t].at <= i; t++ {
			path = append(path, tags[t].label)
		}
		if i < len(loc) {
			path = append(path, loc[i])
		}
	}
	c.out = append(c.out, item{
		v:       Violation{Path: strings.Join(path, "."), Message: msg, Type: typ, Input: c.at(from)},
		key:     c.ranks(loc, tags),
		sort:    checkOrder[typ],
		inputAt: from,
	})
}

// checkOrder is the order pydantic-core checks a number's constraints in:
// multiple_of, le, lt, ge, gt. Everything else keeps the validator's order.
var checkOrder = map[string]int{
	"multiple_of": 1, "less_than_equal": 2, "less_than": 3, "greater_than_equal": 4, "greater_than": 5,
}

func compareItems(a, b item) int {
	for i := 0; i < len(a.key) && i < len(b.key); i++ {
		if c := compareRank(a.key[i], b.key[i]); c != 0 {
			return c
		}
	}
	if c := len(a.key) - len(b.key); c != 0 {
		return c
	}
	return a.sort - b.sort
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// ValueAt follows an instance location into v; nil when it leads nowhere.
func ValueAt(v any, loc []string) any { return valueAt(v, loc) }

func valueAt(v any, loc []string) any {
	x, _ := lookup(v, loc)
	return x
}

// lookup follows an instance location into v.
func lookup(v any, loc []string) (any, bool) {
	for _, p := range loc {
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[p]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(p)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// modelRefused reports whether e, a failed $ref, is a value that is not an
// object refused by a referenced object schema: a model, which Pydantic
// words as model_type and names ("a valid dictionary or instance of
// Book"), where a plain dict is dict_type.
func modelRefused(e *Error) (name string, ok bool) {
	if e.Schema == nil || e.Schema.Ref == nil || len(e.Causes) != 1 {
		return "", false
	}
	c := e.Causes[0]
	target := e.Schema.Ref
	// A model has properties and no enum or const (the library reports
	// those beside the type error; this validator stops at the type).
	if c.Kind != KindType || len(c.Loc) != len(e.Loc) || !slices.Equal(target.Types, []string{"object"}) || target.Properties == nil || target.HasEnum || target.Const != nil {
		return "", false
	}
	return refName(target), true
}
