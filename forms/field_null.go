package forms

// nullNode wraps a nullable value edited by fields (a string, a number, a
// list, an object): the KeyMap's Null key sets it to an explicit null,
// shown as one "null" row, and back. Typing on the null row starts a value.
// (Selects offer "none" among their options; JSON editors take null typed.)
type nullNode struct {
	inner node
	null  bool
}

// nullable reports whether a node of this shape is wrapped in a nullNode.
func nullable(base nodeBase) bool {
	if !base.sh.nullable || base.depth == 0 {
		return false
	}
	switch base.sh.kind {
	case kindString, kindText, kindInteger, kindNumber, kindList, kindMulti, kindObject:
		return true
	}
	return false
}

func (n *nullNode) meta() *nodeBase { return n.inner.meta() }

func (n *nullNode) rows(out []*row) []*row {
	b := n.inner.meta()
	if n.null {
		r := &row{id: b.path + "#null", depth: b.depth, text: b.title(), note: b.describe(), flag: b.flag, isNull: true}
		r.toggleNull, r.nullPath = n.toggle, b.path
		switch b.sh.kind {
		case kindString, kindText, kindInteger, kindNumber:
			r.nullInput = true
		}
		return append(out, r)
	}
	start := len(out)
	out = n.inner.rows(out)
	for _, r := range out[start:] {
		if r.toggleNull == nil {
			r.toggleNull, r.nullPath = n.toggle, b.path
		}
	}
	return out
}

func (n *nullNode) toggle() { n.null = !n.null }

func (n *nullNode) value() (any, bool) {
	if n.null {
		return nil, true
	}
	return n.inner.value()
}

func (n *nullNode) prefill(v any) bool {
	if v == nil {
		n.null = true
		return true
	}
	n.null = false
	return n.inner.prefill(v)
}

// bare unwraps a nullNode.
func bare(n node) node {
	if w, ok := n.(*nullNode); ok {
		return w.inner
	}
	return n
}

// toggleChoice switches a nullable select to its "none" option, or back
// to the option chosen before.
func toggleChoice(opts []option, choice, prev *int, isNone func(option) bool) {
	for i, o := range opts {
		if !isNone(o) {
			continue
		}
		if *choice == i {
			*choice = *prev
		} else {
			*prev, *choice = *choice, i
		}
		return
	}
}
