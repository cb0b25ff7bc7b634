package forms

import (
	"sort"
	"strings"

	"charm.land/huh/v2"

	"github.com/mcpdev/mcpdev/internal/termtext"
)

// multiNode is an array of enum values edited as a multi-select.
type multiNode struct {
	nodeBase
	sel []int
}

func (n *multiNode) rows(out []*row) []*row {
	opts := make([]huh.Option[int], len(n.sh.enum))
	for i := range n.sh.enum {
		opts[i] = huh.NewOption(termtext.Line(n.sh.optionText(i)), i).Selected(contains(n.sel, i))
	}
	ms := huh.NewMultiSelect[int]()
	if n.b.theme != nil {
		ms.WithTheme(n.b.theme) // before Options: sizing asks the theme for every option
	}
	ms = ms.Options(opts...).Value(&n.sel).
		Title(n.fit(n.title())).Description(n.fit(n.describe())).Height(min(len(opts), 8) + 2)
	return append(out, &row{id: n.path + "#multi", depth: n.depth, field: ms, check: n.check, flag: n.flag, refuse: multiRefuses})
}

// multiRefuses explains text typed into a multi-select.
func multiRefuses(typed string) string {
	if strings.Contains(" xjkgG", typed) && len(typed) == 1 {
		return ""
	}
	return "move with ↑/↓, toggle with space or x"
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func (n *multiNode) value() (any, bool) {
	if len(n.sel) == 0 && !n.required {
		return nil, false
	}
	idx := append([]int(nil), n.sel...)
	sort.Ints(idx)
	out := make([]any, 0, len(idx))
	for _, i := range idx {
		if i >= 0 && i < len(n.sh.enum) {
			out = append(out, n.sh.enum[i])
		}
	}
	return out, true
}

// prefill accepts an array whose items are all allowed values, in the
// option order (a different order would not round-trip).
func (n *multiNode) prefill(v any) bool {
	arr, ok := v.([]any)
	if !ok {
		return false
	}
	var sel []int
	for _, x := range arr {
		i := n.indexOf(x)
		if i < 0 || (len(sel) > 0 && i <= sel[len(sel)-1]) {
			return false
		}
		sel = append(sel, i)
	}
	n.sel = sel
	return true
}

func (n *multiNode) indexOf(x any) int {
	for i, v := range n.sh.enum {
		if equalJSON(v, x) {
			return i
		}
	}
	return -1
}

func (n *multiNode) check() string {
	v, ok := n.value()
	if !ok {
		return ""
	}
	return firstProblem(n.sh.schema, v)
}
