package forms

import (
	"strconv"
	"strings"

	"github.com/mcpdev/mcpdev/internal/schema"
	"github.com/mcpdev/mcpdev/internal/schema/check"
)

// listNode is an array edited item by item, with add and remove.
type listNode struct {
	nodeBase
	items []node
}

// rows shows the header, each item, and the add button. Every row learns
// the innermost list item holding it (ctrl+x removes that item) and the
// innermost list holding it (ctrl+n adds to that list): the add button of
// a list nested in an item belongs to that item.
func (n *listNode) rows(out []*row) []*row {
	out = append(out, &row{id: n.path + "#head", depth: n.depth, text: n.title(), note: n.describe(), flag: n.flag, check: n.check})
	for i, it := range n.items {
		start := len(out)
		out = it.rows(out)
		for _, r := range out[start:] {
			if r.list == nil {
				r.list, r.item = n, i
			}
			if r.adds == nil {
				r.adds = n
			}
		}
	}
	add := &row{id: n.path + "#add", depth: n.depth + 1, text: "+ add " + n.itemWord(), adds: n}
	add.press = func() bool { n.add(); return true }
	add.refuse = func(string) string { return "this is a button: enter adds an item" }
	return append(out, add)
}

func (n *listNode) itemWord() string {
	return "item to " + n.label
}

// add appends a fresh item (with its defaults) and returns it. An item
// that is itself a list starts with one item, so the cursor can go into it
// and what is typed next lands there.
func (n *listNode) add() node {
	it := n.b.build(n.itemBase(len(n.items)))
	n.items = append(n.items, it)
	if inner, ok := bare(it).(*listNode); ok && len(inner.items) == 0 {
		inner.add()
	}
	return it
}

func (n *listNode) itemBase(i int) nodeBase {
	return n.child("", i, n.sh.items, true)
}

// remove deletes item i; the items after it keep their nodes (values,
// flags, fields as they were) and move up one place.
func (n *listNode) remove(i int) {
	if i < 0 || i >= len(n.items) {
		return
	}
	n.items = append(n.items[:i], n.items[i+1:]...)
	for j := i; j < len(n.items); j++ {
		n.renumber(n.items[j], j+1, j)
	}
}

// renumber moves item it from index from to index to: its path and label,
// and those of every node below it, follow.
func (n *listNode) renumber(it node, from, to int) {
	oldPath, newPath := n.itemBase(from).path, n.itemBase(to).path
	oldLabel, newLabel := n.itemBase(from).label, n.itemBase(to).label
	subtree(it, func(x node) {
		b := x.meta()
		b.path = newPath + strings.TrimPrefix(b.path, oldPath)
		b.label = newLabel + strings.TrimPrefix(b.label, oldLabel)
	})
}

func (n *listNode) value() (any, bool) {
	if len(n.items) == 0 && !n.required {
		return nil, false
	}
	out := make([]any, len(n.items))
	for i, it := range n.items {
		out[i], _ = it.value() // an unset item is sent as null: visible, never dropped
	}
	return out, true
}

func (n *listNode) prefill(v any) bool {
	arr, ok := v.([]any)
	if !ok {
		return false
	}
	n.items = nil
	for i, x := range arr {
		n.items = append(n.items, n.b.load(n.itemBase(i), x))
	}
	return true
}

func (n *listNode) check() string {
	if len(n.items) == 0 {
		if n.required {
			return firstProblem(n.sh.schema, []any{})
		}
		return ""
	}
	v, _ := n.value()
	ps := check.Problems(asSchema(n.sh.schema), schema.Plain(v))
	for _, p := range ps {
		if p.Path == "" || isIndex(p.Path) {
			return p.String()
		}
	}
	return ""
}

func isIndex(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}
