package forms

import (
	"encoding/json"
	"math/big"
	"reflect"
	"strings"

	"charm.land/huh/v2"

	"github.com/mcpdev/mcpdev/internal/termtext"
)

// option is one choice of a select: a typed value, or "not set".
type option struct {
	label   string
	val     any
	present bool
}

// enumNode is a select over typed values (strings, numbers, booleans,
// null for a nullable enum).
type enumNode struct {
	nodeBase
	opts   []option
	choice int
	prev   int // the choice before the Null key chose "none"
}

func newEnumNode(base nodeBase) *enumNode {
	n := &enumNode{nodeBase: base}
	n.opts = n.notSet()
	for i, v := range base.sh.enum {
		n.opts = append(n.opts, option{base.sh.optionText(i), v, true})
	}
	return n.withNull()
}

// notSet is the leading "omit this argument" option, offered when the
// argument is optional (or required but not yet chosen).
func (n *nodeBase) notSet() []option {
	if n.required && n.sh.def != nil && *n.sh.def != nil {
		return nil
	}
	label := "(not set)"
	if n.required {
		label = "(choose)"
	}
	return []option{{label: label}}
}

func (n *enumNode) withNull() *enumNode {
	if n.sh.nullable {
		n.opts = append(n.opts, option{"none", nil, true})
	}
	return n
}

func (n *enumNode) rows(out []*row) []*row {
	opts := make([]huh.Option[int], len(n.opts))
	for i, o := range n.opts {
		opts[i] = huh.NewOption(termtext.Line(o.label), i)
	}
	sel := newSelect(n.b).Options(opts...).Value(&n.choice).
		Title(n.fit(n.title())).Description(n.fit(n.describe())).Inline(true)
	r := &row{id: n.path + "#select", depth: n.depth, field: sel, check: n.check, flag: n.flag, refuse: selectRefuses}
	if n.sh.nullable {
		r.toggleNull, r.nullPath = func() {
			toggleChoice(n.opts, &n.choice, &n.prev, func(o option) bool { return o.present && o.val == nil })
		}, n.path
	}
	return append(out, r)
}

// selectRefuses explains text typed into a select: it is chosen, not typed.
func selectRefuses(typed string) string {
	if len(typed) == 1 && strings.Contains("hl gG", typed) {
		return ""
	}
	return "choose with ←/→ (or h/l, space)"
}

func (n *enumNode) value() (any, bool) {
	if n.choice < 0 || n.choice >= len(n.opts) || !n.opts[n.choice].present {
		return nil, false
	}
	return n.opts[n.choice].val, true
}

func (n *enumNode) prefill(v any) bool {
	for i, o := range n.opts {
		if o.present && equalJSON(o.val, v) {
			n.choice = i
			return true
		}
	}
	return false
}

func (n *enumNode) check() string {
	if _, ok := n.value(); !ok && n.required {
		return "Field required"
	}
	return ""
}

// equalJSON compares decoded JSON values, numbers by value.
func equalJSON(a, b any) bool {
	ra, aNum := toRat(a)
	rb, bNum := toRat(b)
	if aNum || bNum {
		return aNum && bNum && ra.Cmp(rb) == 0
	}
	switch x := a.(type) {
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equalJSON(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			if w, ok := y[k]; !ok || !equalJSON(v, w) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a, b)
}

func toRat(v any) (*big.Rat, bool) {
	var s string
	switch x := v.(type) {
	case json.Number:
		s = x.String()
	case float64, int, int64:
		s = compactJSON(x)
	default:
		return nil, false
	}
	r, ok := new(big.Rat).SetString(s)
	return r, ok
}

// newSelect returns a select that already has the form's theme: huh sizes a
// select while its options are set, asking its theme for styles each time
// (a default theme built afresh per call), and keeps the first theme given.
func newSelect(b *builder) *huh.Select[int] {
	sel := huh.NewSelect[int]()
	if b.theme != nil {
		sel.WithTheme(b.theme)
	}
	return sel
}
