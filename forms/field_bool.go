package forms

// newBoolNode is a yes/no select; nullable booleans also offer "none". An
// optional boolean without a default also offers "(not set)"; one with a
// default does not (leaving it out means the default): it starts on the
// default and cycles between yes and no.
func newBoolNode(base nodeBase) *enumNode {
	n := &enumNode{nodeBase: base}
	def, hasDef := boolDefault(base.sh)
	if !hasDef {
		n.opts = n.notSet()
	}
	n.opts = append(n.opts, option{"yes", true, true}, option{"no", false, true})
	if hasDef && !def {
		n.choice = len(n.opts) - 1
	}
	return n.withNull()
}

// boolDefault is the schema's default when it is a boolean.
func boolDefault(sh *shape) (value, ok bool) {
	if sh.def == nil {
		return false, false
	}
	value, ok = (*sh.def).(bool)
	return value, ok
}
