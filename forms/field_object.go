package forms

import (
	"bytes"
	"encoding/json"
)

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
	obj := &object{}
	for i, k := range n.kids {
		if v, ok := k.value(); ok {
			obj.set(n.names[i], v)
		}
	}
	if len(obj.keys) == 0 && !n.required && n.depth > 0 {
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

// object is a JSON object that keeps its keys in insertion order.
type object struct {
	keys []string
	vals []any
}

func (o *object) set(k string, v any) {
	o.keys = append(o.keys, k)
	o.vals = append(o.vals, v)
}

// MarshalJSON writes the keys in order.
func (o *object) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			buf.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		buf.Write(kb)
		buf.WriteByte(':')
		vb, err := json.Marshal(o.vals[i])
		if err != nil {
			return nil, err
		}
		buf.Write(vb)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}
