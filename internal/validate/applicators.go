package validate

import (
	"errors"
	"sort"
	"strconv"
	"strings"

	"github.com/mcpdev/mcpdev/internal/pydantic"
)

// The applicators whose failure Pydantic has no words for: not, contains
// (with minContains and maxContains) and propertyNames judge other values
// than the one at their location (itself negated, its items, its names),
// so each is one "Value error, …" at that location, worded as the library
// words it; dependentSchemas applies a schema to the object itself.

// applicator compiles not, contains, propertyNames and dependentSchemas.
func (c *compiler) applicator(n *node, k string, x any) (err error) {
	switch k {
	case "not":
		n.not, err = c.child(n, x, k)
	case "contains":
		n.contains, err = c.child(n, x, k)
	case "propertyNames":
		n.propNames, err = c.child(n, x, k)
	case "dependentSchemas":
		m, ok := x.(map[string]any)
		if !ok {
			return errors.New("must be an object of schemas")
		}
		n.dependentSchemas = make([]dependentSchema, 0, len(m))
		for name, sub := range m {
			d, err := c.child(n, sub, k, name)
			if err != nil {
				return err
			}
			n.dependentSchemas = append(n.dependentSchemas, dependentSchema{name, d})
		}
		sort.Slice(n.dependentSchemas, func(i, j int) bool { return n.dependentSchemas[i].name < n.dependentSchemas[j].name })
	}
	return err
}

// dependentSchema applies n to an object that has the property name.
type dependentSchema struct {
	name string
	n    *node
}

// setCount compiles minContains and maxContains.
func (n *node) setCount(k string, x any) error {
	var tmp node
	if err := tmp.setNumber("minItems", x); err != nil {
		return err
	}
	if k == "minContains" {
		n.minContains = tmp.minItems
	} else {
		n.maxContains = tmp.minItems
	}
	return nil
}

// valueError is a failed check worded as a Pydantic validator raising
// ValueError with the library's message.
func valueError(loc []string, msg string) *pydantic.Error {
	return &pydantic.Error{Kind: pydantic.KindLeaf, Loc: loc, Type: "value_error", Msg: "Value error, " + msg}
}

// negated checks not: the value must fail n.not.
func (n *node) negated(v any, loc []string) *pydantic.Error {
	if n.not == nil || validate(n.not, v, loc) != nil {
		return nil
	}
	return valueError(loc, "'not' failed")
}

// containsCheck checks contains, minContains and maxContains. With
// minContains, too few matches report the items that failed, or, when
// none failed, the count.
func (n *node) containsCheck(arr []any, loc []string, errs []*pydantic.Error) []*pydantic.Error {
	if n.contains == nil {
		return errs
	}
	var failed []*pydantic.Error
	var matched []int
	for i, item := range arr {
		if e := validate(n.contains, item, at(loc, strconv.Itoa(i))); e != nil {
			failed = append(failed, e)
		} else {
			matched = append(matched, i)
		}
	}
	switch {
	case n.minContains != nil && len(matched) < *n.minContains && failed != nil:
		errs = append(errs, &pydantic.Error{Kind: pydantic.KindGroup, Loc: loc, Causes: failed})
	case n.minContains != nil && len(matched) < *n.minContains && matched == nil:
		errs = append(errs, valueError(loc, "min "+grouped(*n.minContains)+" items required to match contains schema, but none matched"))
	case n.minContains != nil && len(matched) < *n.minContains:
		errs = append(errs, valueError(loc, "min "+grouped(*n.minContains)+" items required to match contains schema, but "+matchedAt(matched)))
	case n.minContains == nil && matched == nil:
		errs = append(errs, valueError(loc, "no items match contains schema"))
	}
	if n.maxContains != nil && len(matched) > *n.maxContains {
		errs = append(errs, valueError(loc, "max "+grouped(*n.maxContains)+" items required to match contains schema, but "+matchedAt(matched)))
	}
	return errs
}

// matchedAt words the items that matched: "matched 2 items at 0 3".
func matchedAt(idx []int) string {
	at := make([]string, len(idx))
	for i, x := range idx {
		at[i] = strconv.Itoa(x)
	}
	return "matched " + grouped(len(idx)) + " items at " + strings.Join(at, " ")
}

// grouped writes n with thousands separators, as the library's English
// message printer does: 1,000.
func grouped(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// names checks propertyNames (in name order) and dependentSchemas.
func (n *node) names(obj map[string]any, loc []string, errs []*pydantic.Error) []*pydantic.Error {
	if n.propNames != nil {
		keys := make([]string, 0, len(obj))
		for name := range obj {
			keys = append(keys, name)
		}
		sort.Strings(keys)
		for _, name := range keys {
			if validate(n.propNames, name, nil) != nil {
				errs = append(errs, valueError(loc, "invalid propertyName "+quoteName(name)))
			}
		}
	}
	for _, d := range n.dependentSchemas {
		if _, ok := obj[d.name]; ok {
			errs = appendErr(errs, validate(d.n, obj, loc))
		}
	}
	return errs
}

// quoteName quotes a property name as the library's messages do: Go's
// escapes, in single quotes, a single quote escaped.
func quoteName(s string) string {
	q := strconv.Quote(s)
	q = strings.ReplaceAll(q[1:len(q)-1], `\"`, `"`)
	return "'" + strings.ReplaceAll(q, `'`, `\'`) + "'"
}
