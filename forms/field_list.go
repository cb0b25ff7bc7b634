package forms

import (
	"strconv"
)

// listNode is an array edited item by item, with add and remove.
type listNode struct {
	nodeBase
	items []node
}

func (n *listNode) rows(out []*row) []*row {
	out = append(out, &row{id: n.path + "#head", depth: n.depth, text: n.title(), note: n.describe(), flag: n.flag, check: n.check})
	for i, it := range n.items {
		start := len(out)
		out = it.rows(out)
		for _, r := range out[start:] {
			if r.list == nil {
				r.list, r.item = n, i
			}
		}
	}
	add := &row{id: n.path + "#add", depth: n.depth + 1, text: "+ add " + n.itemWord(), list: n, item: -1}
	add.press = func() bool { n.add(); return true }
	add.refuse = func(string) string { return "this is a button: enter adds an item" }
	return append(out, add)
}

func (n *listNode) itemWord() string {
	return "item to " + n.label
}

// add appends a fresh item (with its defaults) and returns it.
func (n *listNode) add() node {
	it := n.b.build(n.itemBase(len(n.items)))
	n.items = append(n.items, it)
	return it
}

func (n *listNode) itemBase(i int) nodeBase {
	return n.child("", i, n.sh.items, true)
}

// remove deletes item i and renumbers the rest.
func (n *listNode) remove(i int) {
	if i < 0 || i >= len(n.items) {
		return
	}
	vals := make([]any, 0, len(n.items)-1)
	for j, it := range n.items {
		if j != i {
			v, _ := it.value()
			vals = append(vals, v)
		}
	}
	n.items = nil
	for j, v := range vals {
		n.items = append(n.items, n.b.load(n.itemBase(j), v))
	}
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
	ps := problemsOf(asSchema(n.sh.schema), plain(v))
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
