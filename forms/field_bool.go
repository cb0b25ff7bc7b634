package forms

// newBoolNode is a yes/no select; optional booleans also offer "(not set)"
// and nullable ones "none", so every state the schema allows is reachable.
func newBoolNode(base nodeBase) *enumNode {
	n := &enumNode{nodeBase: base}
	n.opts = n.notSet()
	n.opts = append(n.opts, option{"yes", true, true}, option{"no", false, true})
	return n.withNull()
}
