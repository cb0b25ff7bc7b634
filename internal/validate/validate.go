package validate

import (
	"math/big"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/mcpdev/mcpdev/internal/pydantic"
)

// validate checks v, found at loc, against n and returns what failed: one
// error, a group of them, or nil. It checks in the jsonschema library's
// order (type, const, enum and format each end the checks of the schema;
// then $ref, the checks of v's type, not, allOf, anyOf, oneOf, if), so that the
// tree, and the order of violations at one location, are the library's.
func validate(n *node, v any, loc []string) *pydantic.Error {
	if n.boolean != nil {
		if *n.boolean {
			return nil
		}
		return leaf(loc, pydantic.Leaf{Keyword: "false"}, v)
	}
	if n.types != 0 && !typeMatches(n.types, v) {
		return &pydantic.Error{Kind: pydantic.KindType, Loc: loc, Names: n.typeNames}
	}
	if n.constVal != nil && !equal(v, *n.constVal) {
		return leaf(loc, pydantic.Leaf{Keyword: "const", Values: []any{*n.constVal}}, v)
	}
	if n.hasEnum && !slices.ContainsFunc(n.enum, func(e any) bool { return equal(v, e) }) {
		return leaf(loc, pydantic.Leaf{Keyword: "enum", Values: n.enum}, v)
	}
	if n.format != nil {
		if err := n.format(v); err != nil {
			return leaf(loc, pydantic.Leaf{Keyword: "format", Text: n.view.Format, Err: err}, v)
		}
	}
	var errs []*pydantic.Error
	if n.ref != nil {
		if e := validate(n.ref, v, loc); e != nil {
			w := wrap(pydantic.KindRef, loc, e)
			w.Schema = n.view // the wording names the target (model_type)
			errs = append(errs, w)
		}
	}
	switch x := v.(type) {
	case map[string]any:
		errs = n.object(x, loc, errs)
	case []any:
		errs = n.array(x, loc, errs)
	case string:
		errs = n.str(x, loc, errs)
	default:
		if typeOf(v) == tNumber {
			errs = n.number(v, loc, errs)
		}
	}
	errs = n.combined(v, loc, errs)
	switch len(errs) {
	case 0:
		return nil
	case 1:
		return errs[0]
	}
	return &pydantic.Error{Kind: pydantic.KindGroup, Loc: loc, Causes: errs}
}

// leaf is one failed keyword, worded for the value v.
func leaf(loc []string, l pydantic.Leaf, v any) *pydantic.Error {
	typ, msg := l.Words(v)
	return &pydantic.Error{Kind: pydantic.KindLeaf, Loc: loc, Type: typ, Msg: msg}
}

// wrap puts e under a node of kind k; a group's causes become its own.
func wrap(k pydantic.Kind, loc []string, e *pydantic.Error) *pydantic.Error {
	causes := []*pydantic.Error{e}
	if e.Kind == pydantic.KindGroup {
		causes = e.Causes
	}
	return &pydantic.Error{Kind: k, Loc: loc, Causes: causes}
}

// at is the location of a member or item below loc.
func at(loc []string, tok string) []string {
	return append(slices.Clip(loc), tok)
}

func (n *node) object(obj map[string]any, loc []string, errs []*pydantic.Error) []*pydantic.Error {
	if n.minProps != nil && len(obj) < *n.minProps {
		errs = append(errs, leaf(loc, pydantic.Leaf{Keyword: "minProperties", Want: *n.minProps, Got: len(obj)}, obj))
	}
	if n.maxProps != nil && len(obj) > *n.maxProps {
		errs = append(errs, leaf(loc, pydantic.Leaf{Keyword: "maxProperties", Want: *n.maxProps, Got: len(obj)}, obj))
	}
	if missing := missing(obj, n.required); missing != nil {
		errs = append(errs, &pydantic.Error{Kind: pydantic.KindMissing, Loc: loc, Names: missing})
	}
	var extra []string
	for name, val := range obj {
		evaluated := false
		if p, ok := n.props[name]; ok {
			evaluated = true
			errs = appendErr(errs, validate(p, val, at(loc, name)))
		}
		for _, pp := range n.patternProps {
			if pp.re.MatchString(name) {
				evaluated = true
				errs = appendErr(errs, validate(pp.n, val, at(loc, name)))
			}
		}
		switch {
		case evaluated:
		case n.noAdditional:
			extra = append(extra, name)
		case n.additional != nil:
			errs = appendErr(errs, validate(n.additional, val, at(loc, name)))
		}
	}
	if extra != nil {
		errs = append(errs, &pydantic.Error{Kind: pydantic.KindExtra, Loc: loc, Names: extra})
	}
	errs = n.names(obj, loc, errs)
	for name, names := range n.dependentRequired {
		if _, ok := obj[name]; ok {
			if missing := missing(obj, names); missing != nil {
				errs = append(errs, &pydantic.Error{Kind: pydantic.KindMissing, Loc: loc, Names: missing})
			}
		}
	}
	return errs
}

// missing lists the names obj lacks, in their order; nil when none.
func missing(obj map[string]any, names []string) []string {
	var out []string
	for _, name := range names {
		if _, ok := obj[name]; !ok {
			out = append(out, name)
		}
	}
	return out
}

func appendErr(errs []*pydantic.Error, e *pydantic.Error) []*pydantic.Error {
	if e == nil {
		return errs
	}
	return append(errs, e)
}

func (n *node) array(arr []any, loc []string, errs []*pydantic.Error) []*pydantic.Error {
	if n.minItems != nil && len(arr) < *n.minItems {
		errs = append(errs, leaf(loc, pydantic.Leaf{Keyword: "minItems", Want: *n.minItems, Got: len(arr)}, arr))
	}
	if n.maxItems != nil && len(arr) > *n.maxItems {
		errs = append(errs, leaf(loc, pydantic.Leaf{Keyword: "maxItems", Want: *n.maxItems, Got: len(arr)}, arr))
	}
	if n.unique && len(arr) > 1 {
		if i, j, ok := duplicates(arr); ok {
			errs = append(errs, leaf(loc, pydantic.Leaf{Keyword: "uniqueItems", Want: i, Got: j}, arr))
		}
	}
	done := min(len(n.prefix), len(arr))
	for i, item := range arr[:done] {
		errs = appendErr(errs, validate(n.prefix[i], item, at(loc, strconv.Itoa(i))))
	}
	if n.items != nil {
		for i, item := range arr[done:] {
			errs = appendErr(errs, validate(n.items, item, at(loc, strconv.Itoa(done+i))))
		}
	}
	return n.containsCheck(arr, loc, errs)
}

func (n *node) str(s string, loc []string, errs []*pydantic.Error) []*pydantic.Error {
	if n.minLen != nil || n.maxLen != nil {
		l := utf8.RuneCountInString(s)
		if n.minLen != nil && l < *n.minLen {
			errs = append(errs, leaf(loc, pydantic.Leaf{Keyword: "minLength", Want: *n.minLen, Got: l}, s))
		}
		if n.maxLen != nil && l > *n.maxLen {
			errs = append(errs, leaf(loc, pydantic.Leaf{Keyword: "maxLength", Want: *n.maxLen, Got: l}, s))
		}
	}
	if n.pattern != nil && !n.pattern.MatchString(s) {
		errs = append(errs, leaf(loc, pydantic.Leaf{Keyword: "pattern", Text: n.pattern.String()}, s))
	}
	if n.base64 {
		if _, err := pydantic.Base64(s); err != nil {
			errs = append(errs, leaf(loc, pydantic.Leaf{Keyword: "contentEncoding", Text: "base64", Err: err}, s))
		}
	}
	return errs
}

func (n *node) number(v any, loc []string, errs []*pydantic.Error) []*pydantic.Error {
	if n.minimum == nil && n.maximum == nil && n.exclMin == nil && n.exclMax == nil && n.multipleOf == nil {
		return errs
	}
	r := rat(v)
	if r == nil {
		return errs
	}
	bounds := []struct {
		bound *big.Rat
		bad   func(c int) bool
		kw    string
	}{
		{n.minimum, func(c int) bool { return c < 0 }, "minimum"},
		{n.maximum, func(c int) bool { return c > 0 }, "maximum"},
		{n.exclMin, func(c int) bool { return c <= 0 }, "exclusiveMinimum"},
		{n.exclMax, func(c int) bool { return c >= 0 }, "exclusiveMaximum"},
	}
	for _, b := range bounds {
		if b.bound != nil && b.bad(r.Cmp(b.bound)) {
			errs = append(errs, leaf(loc, pydantic.Leaf{Keyword: b.kw, Bound: b.bound}, v))
		}
	}
	if n.multipleOf != nil && !new(big.Rat).Quo(r, n.multipleOf).IsInt() {
		errs = append(errs, leaf(loc, pydantic.Leaf{Keyword: "multipleOf", Bound: n.multipleOf}, v))
	}
	return errs
}

// combined checks not, allOf, anyOf, oneOf and if/then/else.
func (n *node) combined(v any, loc []string, errs []*pydantic.Error) []*pydantic.Error {
	errs = appendErr(errs, n.negated(v, loc))
	if len(n.allOf) > 0 {
		var failed []*pydantic.Error
		for _, b := range n.allOf {
			failed = appendErr(failed, validate(b, v, loc))
		}
		if failed != nil {
			errs = append(errs, &pydantic.Error{Kind: pydantic.KindGroup, Loc: loc, Causes: failed})
		}
	}
	if len(n.anyOf) > 0 {
		var failed []*pydantic.Error
		for _, b := range n.anyOf {
			e := validate(b, v, loc)
			if e == nil {
				failed = nil
				break
			}
			failed = append(failed, e)
		}
		if failed != nil {
			errs = append(errs, &pydantic.Error{Kind: pydantic.KindAnyOf, Loc: loc, Schema: n.view, Causes: failed})
		}
	}
	if len(n.oneOf) > 0 {
		errs = appendErr(errs, n.one(v, loc))
	}
	if n.ifN != nil {
		switch {
		case validate(n.ifN, v, loc) == nil:
			if n.thenN != nil {
				errs = appendErr(errs, validate(n.thenN, v, loc))
			}
		case n.elseN != nil:
			errs = appendErr(errs, validate(n.elseN, v, loc))
		}
	}
	return errs
}

// one checks a oneOf: exactly one variant must match.
func (n *node) one(v any, loc []string) *pydantic.Error {
	matched := -1
	var failed []*pydantic.Error
	for i, b := range n.oneOf {
		e := validate(b, v, loc)
		switch {
		case e != nil:
			if matched == -1 {
				failed = append(failed, e)
			}
		case matched == -1:
			matched = i
		default:
			return &pydantic.Error{Kind: pydantic.KindOneOf, Loc: loc, Schema: n.view, Both: []int{matched, i}}
		}
	}
	if matched == -1 {
		return &pydantic.Error{Kind: pydantic.KindOneOf, Loc: loc, Schema: n.view, Causes: failed}
	}
	return nil
}
