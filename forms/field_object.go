package forms

import "github.com/mcpdev/mcpdev/internal/schema"

// objectNode is an object shown as grouped sub-fields with dotted labels.
type objectNode struct {
	nodeBase
	names  []string
	kids   []node
	inline bool // no header (root, or a union branch under its selector)
}

func newObjectNode(base nodeBase) *objectNode {
	n := &objectNode{nodeBase: base, inline: base.depth == 0}
	for _, k := range base.sh.props {
		n.names = append(n.names, k)
		n.kids = append(n.kids, n.b.build(n.child(k, -1, base.sh.propSch[k], base.sh.required[k])))
	}
	return n
}

func (n *objectNode) rows(out []*row) []*row {
	if !n.inline {
		out = append(out, &row{id: n.path + "#head", depth: n.depth, text: n.title(), note: n.describe(), flag: n.flag})
	}
	for _, k := range n.kids {
		out = k.rows(out)
	}
	return out
}

func (n *objectNode) value() (any, bool) {
	obj := &schema.Object{}
	for i, k := range n.kids {
		if v, ok := k.value(); ok {
			obj.Set(n.names[i], v)
		}
	}
	if obj.Len() == 0 && !n.required && n.depth > 0 {
		return nil, false
	}
	return obj, true
}

func (n *objectNode) prefill(v any) bool {
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	known := map[string]int{}
	for i, k := range n.names {
		known[k] = i
		if x, ok := m[k]; ok {
			n.kids[i] = n.b.load(n.kids[i].meta().reset(), x)
		} else {
			n.kids[i] = n.b.make(n.kids[i].meta().reset())
		}
	}
	n.addExtras(m, known)
	return true
}

// addExtras keeps keys the schema does not know, flagged, as JSON fields.
func (n *objectNode) addExtras(m map[string]any, known map[string]int) {
	for _, k := range sortedKeys(m) {
		if _, ok := known[k]; ok {
			continue
		}
		base := n.child(k, -1, nil, false)
		j := &jsonNode{nodeBase: base}
		j.prefill(m[k])
		j.flag = "not in the schema; sent as is unless cleared"
		if n.sh.closed {
			j.flag = "not allowed by the schema; clear it to drop it"
		}
		n.names = append(n.names, k)
		n.kids = append(n.kids, j)
	}
}

// reset returns a copy of the base without a misfit flag.
func (n *nodeBase) reset() nodeBase {
	c := *n
	c.flag = ""
	return c
}
