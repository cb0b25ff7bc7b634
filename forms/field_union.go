package forms

import (
	"fmt"
	"strings"

	"charm.land/huh/v2"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcpdev/mcpdev/internal/schema/check"
	"github.com/mcpdev/mcpdev/internal/termtext"
)

// unionNode is an anyOf/oneOf: the user picks a branch, then fills it.
// Branches already filled keep their values when the user switches away.
type unionNode struct {
	nodeBase
	opts   []option // val holds the branch index
	choice int
	last   int
	prev   int // the choice before the Null key chose "none"
	built  map[int]node
}

func newUnionNode(base nodeBase) *unionNode {
	n := &unionNode{nodeBase: base, built: map[int]node{}}
	n.opts = n.notSet()
	for i, b := range base.sh.branches {
		n.opts = append(n.opts, option{n.b.shaper.branchLabel(i, b, n.stack), i, true})
	}
	if base.sh.nullable {
		n.opts = append(n.opts, option{"none", -1, true})
	}
	if len(n.opts) > 0 && n.opts[0].present {
		n.choice = 0
	}
	n.last = n.choice
	return n
}

// branchLabel names a branch by title, by its properties, or by its type.
func (sp *shaper) branchLabel(i int, b *jsonschema.Schema, stack []*jsonschema.Schema) string {
	sh := sp.shapeOf(b, stack)
	switch {
	case sh.title != "":
		return sh.title
	case sh.kind == kindObject && len(sh.props) > 0:
		return "{" + strings.Join(sh.props, ", ") + "}"
	case sh.kind == kindEnum:
		return sh.enumList()
	case sh.kind != kindJSON:
		return sh.kind.String()
	}
	return fmt.Sprintf("variant %d", i+1)
}

func (n *unionNode) rows(out []*row) []*row {
	opts := make([]huh.Option[int], len(n.opts))
	for i, o := range n.opts {
		opts[i] = huh.NewOption(termtext.Line(o.label), i)
	}
	sel := newSelect(n.b).Options(opts...).Value(&n.choice).
		Title(n.fit(n.title())).Description(n.fit(n.describe())).Inline(true)
	r := &row{id: n.path + "#union", depth: n.depth, field: sel, check: n.check, flag: n.flag, refuse: selectRefuses}
	r.changed = func() bool {
		c := n.choice != n.last
		n.last = n.choice
		return c
	}
	if n.sh.nullable {
		r.toggleNull, r.nullPath = func() {
			toggleChoice(n.opts, &n.choice, &n.prev, func(o option) bool { return o.present && o.val.(int) < 0 })
			n.last = n.choice
		}, n.path
	}
	out = append(out, r)
	if b := n.branch(); b != nil {
		out = b.rows(out)
	}
	return out
}

// branch returns the node of the chosen branch, building it on first use.
func (n *unionNode) branch() node {
	if n.choice < 0 || n.choice >= len(n.opts) || !n.opts[n.choice].present {
		return nil
	}
	i := n.opts[n.choice].val.(int)
	if i < 0 {
		return nil
	}
	if b, ok := n.built[i]; ok {
		return b
	}
	b := n.b.build(n.branchBase(i))
	n.built[i] = b
	return b
}

// branchBase places a branch at the union's own path, one level deeper.
func (n *unionNode) branchBase(i int) nodeBase {
	c := n.child("", -1, n.sh.branches[i], true)
	c.path, c.label, c.depth = n.path, n.label, n.depth+1
	c.required = true
	if c.sh.kind == kindObject {
		c.depth = n.depth // its fields sit under the selector
	}
	return c
}

func (n *unionNode) value() (any, bool) {
	if n.choice >= 0 && n.choice < len(n.opts) && n.opts[n.choice].present && n.opts[n.choice].val.(int) < 0 {
		return nil, true // "none"
	}
	b := n.branch()
	if b == nil {
		return nil, false
	}
	return b.value()
}

// prefill picks the first branch the value satisfies, else the first whose
// kind can hold it (its own checks then show what is wrong).
func (n *unionNode) prefill(v any) bool {
	if v == nil && n.sh.nullable {
		n.choice, n.last = len(n.opts)-1, len(n.opts)-1
		return true
	}
	for pass := 0; pass < 2; pass++ {
		for oi, o := range n.opts {
			if !o.present || o.val.(int) < 0 {
				continue
			}
			i := o.val.(int)
			if pass == 0 && len(check.Problems(n.sh.branches[i], v)) > 0 {
				continue
			}
			b := n.b.make(n.branchBase(i))
			if b.prefill(v) {
				n.built[i], n.choice, n.last = b, oi, oi
				return true
			}
		}
	}
	return false
}

func (n *unionNode) check() string {
	if _, ok := n.value(); !ok && n.required {
		return "Field required"
	}
	return ""
}
