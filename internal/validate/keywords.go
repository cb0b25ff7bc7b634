package validate

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"sort"

	"github.com/mcpdev/mcpdev/internal/pydantic"
)

// node is one compiled subschema.
type node struct {
	view    *pydantic.Schema // what the wording reads
	ptr     string           // its JSON pointer, as the location writes it
	boolean *bool            // a true or false schema

	types     uint8    // allowed JSON types (t*); 0: any
	typeNames []string // the same, in the library's order
	constVal  *any
	enum      []any
	hasEnum   bool
	format    func(any) error
	ref       *node

	minProps, maxProps, minItems, maxItems, minLen, maxLen *int
	required                                               []string
	props                                                  map[string]*node
	patternProps                                           []patternProp
	additional                                             *node
	noAdditional                                           bool // additionalProperties: false
	dependentRequired                                      map[string][]string

	prefix []*node
	items  *node
	unique bool

	pattern *Pattern // Go's regexp, with a fast matcher for simple patterns
	base64  bool

	minimum, maximum, exclMin, exclMax, multipleOf *big.Rat

	allOf, anyOf, oneOf []*node
	ifN, thenN, elseN   *node

	not, contains, propNames *node
	minContains, maxContains *int
	dependentSchemas         []dependentSchema // by name
}

type patternProp struct {
	re *Pattern
	n  *node
}

const (
	tNull uint8 = 1 << iota
	tBoolean
	tNumber
	tInteger
	tString
	tArray
	tObject
)

// typeNames are the JSON types in the order the library lists them.
var typeNames = []string{"null", "boolean", "number", "integer", "string", "array", "object"}

func typeBit(name string) uint8 {
	for i, t := range typeNames {
		if t == name {
			return 1 << i
		}
	}
	return 0
}

// knownFormats are the formats the library would check by a name this
// validator has no check for: refused rather than silently skipped.
var knownFormats = []string{"period", "uri-template", "regex"}

var errNotSchemaList = errors.New("must be a non-empty array of schemas")

// keyword compiles keyword k with value x into n.
func (c *compiler) keyword(n *node, k string, x any) (err error) {
	switch k {
	case "type":
		return n.setTypes(x)
	case "enum":
		list, ok := x.([]any)
		if !ok {
			return errors.New("must be an array")
		}
		n.enum, n.hasEnum = list, true
		n.view.Enum, n.view.HasEnum = list, true
	case "const":
		n.constVal, n.view.Const = &x, &x
	case "format":
		return n.setFormat(x)
	case "$ref":
		ref, ok := x.(string)
		if !ok {
			return errors.New("must be a string")
		}
		c.refs = append(c.refs, pendingRef{n, ref})
	case "properties", "patternProperties":
		return c.properties(n, k, x)
	case "required":
		n.required, err = uniqueStrings(x)
		n.view.Required = n.required
	case "dependentRequired":
		return n.setDependentRequired(x)
	case "additionalProperties":
		n.view.HasAdditional = true
		if b, ok := x.(bool); ok && !b {
			n.noAdditional = true
			return nil
		}
		n.additional, err = c.child(n, x, k)
		if err == nil && n.additional.boolean == nil {
			n.view.Additional = n.additional.view
		}
	case "items":
		n.view.HasItems = true
		if n.items, err = c.child(n, x, k); err == nil {
			n.view.Items = n.items.view
		}
	case "prefixItems":
		n.prefix, _, err = c.list(n, k, x)
	case "uniqueItems":
		b, ok := x.(bool)
		if !ok {
			return errors.New("must be a boolean")
		}
		n.unique = b
	case "pattern":
		n.view.StringBounded = true
		src, ok := x.(string)
		if !ok {
			return errors.New("must be a string")
		}
		n.pattern, err = CompilePattern(src)
	case "contentEncoding":
		n.base64 = x == "base64" // any other encoding is not checked, as by the library
	case "allOf", "anyOf", "oneOf":
		return c.union(n, k, x)
	case "if", "then", "else":
		return c.conditional(n, k, x)
	case "not", "contains", "propertyNames", "dependentSchemas":
		return c.applicator(n, k, x)
	case "minContains", "maxContains":
		return n.setCount(k, x)
	default:
		return n.setNumber(k, x)
	}
	return err
}

// setNumber compiles the numeric keywords: bounds and lengths.
func (n *node) setNumber(k string, x any) error {
	num, ok := x.(json.Number)
	if !ok {
		return errors.New("must be a number")
	}
	r, ok := new(big.Rat).SetString(string(num))
	if !ok {
		return errors.New("must be a number")
	}
	if k == "multipleOf" && r.Sign() <= 0 {
		return errors.New("must be greater than 0")
	}
	if b := n.bound(k); b != nil {
		*b = r
		n.view.Constrained = true
		return nil
	}
	if !r.IsInt() || r.Sign() < 0 || !r.Num().IsInt64() || r.Num().Int64() > 1<<31 {
		return errors.New("must be a non-negative integer")
	}
	i := int(r.Num().Int64())
	switch k {
	case "minProperties":
		n.minProps = &i
	case "maxProperties":
		n.maxProps = &i
	case "minItems":
		n.minItems = &i
	case "maxItems":
		n.maxItems = &i
	case "minLength":
		n.minLen, n.view.StringBounded = &i, true
	case "maxLength":
		n.maxLen, n.view.StringBounded = &i, true
	}
	return nil
}

// bound is the field of a number keyword; nil for any other keyword.
func (n *node) bound(k string) **big.Rat {
	switch k {
	case "minimum":
		return &n.minimum
	case "maximum":
		return &n.maximum
	case "exclusiveMinimum":
		return &n.exclMin
	case "exclusiveMaximum":
		return &n.exclMax
	case "multipleOf":
		return &n.multipleOf
	}
	return nil
}

func (n *node) setTypes(x any) error {
	var names []string
	switch t := x.(type) {
	case string:
		names = []string{t}
	case []any:
		var err error
		if names, err = uniqueStrings(x); err != nil || len(names) == 0 {
			return errors.New("must be a type name or a non-empty array of distinct ones")
		}
	default:
		return errors.New("must be a type name or an array of them")
	}
	for _, name := range names {
		bit := typeBit(name)
		if bit == 0 {
			return fmt.Errorf("unknown type %q", name)
		}
		n.types |= bit
	}
	for _, t := range typeNames {
		if n.types&typeBit(t) != 0 {
			n.typeNames = append(n.typeNames, t)
		}
	}
	n.view.Types = n.typeNames
	return nil
}

func (n *node) setFormat(x any) error {
	name, ok := x.(string)
	if !ok {
		return errors.New("must be a string")
	}
	if n.format = formatCheck(name); n.format != nil {
		n.view.Format = name
		return nil
	}
	for _, f := range knownFormats {
		if f == name {
			return fmt.Errorf("%q is %w (supported: %s)", name, ErrUnsupported, Supported)
		}
	}
	return nil // an unknown format is an annotation
}

func (n *node) setDependentRequired(x any) error {
	m, ok := x.(map[string]any)
	if !ok {
		return errors.New("must be an object of string arrays")
	}
	n.dependentRequired = map[string][]string{}
	for name, list := range m {
		names, err := uniqueStrings(list)
		if err != nil {
			return err
		}
		n.dependentRequired[name] = names
	}
	return nil
}

// properties compiles properties and patternProperties.
func (c *compiler) properties(n *node, k string, x any) error {
	m, ok := x.(map[string]any)
	if !ok {
		return errors.New("must be an object of schemas")
	}
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	sort.Strings(names)
	if k == "properties" {
		n.props = make(map[string]*node, len(m))
		n.view.Properties = make(map[string]*pydantic.Schema, len(m))
	}
	for _, name := range names {
		sub, err := c.child(n, m[name], k, name)
		if err != nil {
			return err
		}
		if k == "properties" {
			n.props[name], n.view.Properties[name] = sub, sub.view
			continue
		}
		re, err := CompilePattern(name)
		if err != nil {
			return err
		}
		n.patternProps = append(n.patternProps, patternProp{re, sub})
	}
	return nil
}

// list compiles an array of subschemas.
func (c *compiler) list(n *node, k string, x any) ([]*node, []*pydantic.Schema, error) {
	arr, ok := x.([]any)
	if !ok || len(arr) == 0 {
		return nil, nil, errNotSchemaList
	}
	nodes := make([]*node, len(arr))
	views := make([]*pydantic.Schema, len(arr))
	for i, e := range arr {
		sub, err := c.child(n, e, k, fmt.Sprint(i))
		if err != nil {
			return nil, nil, err
		}
		nodes[i], views[i] = sub, sub.view
	}
	return nodes, views, nil
}

func (c *compiler) union(n *node, k string, x any) error {
	nodes, views, err := c.list(n, k, x)
	switch k {
	case "allOf":
		n.allOf, n.view.AllOf = nodes, views
	case "anyOf":
		n.anyOf, n.view.AnyOf = nodes, views
	default:
		n.oneOf, n.view.OneOf = nodes, views
	}
	return err
}

func (c *compiler) conditional(n *node, k string, x any) error {
	sub, err := c.child(n, x, k)
	switch k {
	case "if":
		n.ifN = sub
	case "then":
		n.thenN = sub
	default:
		n.elseN = sub
	}
	return err
}

// stringList reads an array of strings.
func stringList(x any) ([]string, error) {
	arr, ok := x.([]any)
	if !ok {
		return nil, errors.New("must be an array of strings")
	}
	out := make([]string, len(arr))
	for i, e := range arr {
		s, ok := e.(string)
		if !ok {
			return nil, errors.New("must be an array of strings")
		}
		out[i] = s
	}
	return out, nil
}

// uniqueStrings reads an array of distinct strings.
func uniqueStrings(x any) ([]string, error) {
	list, err := stringList(x)
	if err != nil {
		return nil, err
	}
	for i, a := range list {
		for _, b := range list[:i] {
			if a == b {
				return nil, fmt.Errorf("%q is listed twice", a)
			}
		}
	}
	return list, nil
}

// annotations compiles the keywords that do not validate but must be well
// formed (the library checks them against the metaschema): the $defs are
// compiled as schemas, even when nothing refers to them.
func (c *compiler) annotations(n *node, s map[string]any) error {
	for _, k := range []string{"title", "description", "$comment", "$anchor", "$schema", "$id", "contentMediaType", "contentEncoding"} {
		if x, ok := s[k]; ok {
			if _, ok := x.(string); !ok {
				return fmt.Errorf("%s: must be a string", k)
			}
		}
	}
	for _, k := range []string{"deprecated", "readOnly", "writeOnly"} {
		if x, ok := s[k]; ok {
			if _, ok := x.(bool); !ok {
				return fmt.Errorf("%s: must be a boolean", k)
			}
		}
	}
	if x, ok := s["examples"]; ok {
		if _, ok := x.([]any); !ok {
			return errors.New("examples: must be an array")
		}
	}
	for _, k := range []string{"$defs", "definitions"} {
		x, ok := s[k]
		if !ok {
			continue
		}
		defs, ok := x.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: must be an object of schemas", k)
		}
		for name, d := range defs {
			if _, err := c.child(n, d, k, name); err != nil {
				return err
			}
		}
	}
	return nil
}
