package forms

import (
	"strconv"
	"strings"

	"charm.land/huh/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcpdev/mcpdev/internal/termtext"
)

// node is one value in the form's tree. Nodes own their state; the huh
// fields that edit it are rebuilt whenever the tree's structure changes.
type node interface {
	meta() *nodeBase
	// rows appends the rows that show and edit this node.
	rows(out []*row) []*row
	// value returns the typed value and whether it is sent at all.
	value() (any, bool)
	// prefill loads a previous value; false means it does not fit.
	prefill(v any) bool
}

// nodeBase is what every node knows about its place in the form.
type nodeBase struct {
	b        *builder
	path     string // dotted path used by Problems: "book.year", "tags.0"
	label    string // what the user reads: "book.year", "tags[0]"
	required bool
	sh       *shape
	stack    []*jsonschema.Schema
	depth    int
	flag     string // why a previous value was kept but does not fit
}

func (n *nodeBase) meta() *nodeBase { return n }

// title is the label with a required marker. Names and titles come from
// the schema (a server's): termtext makes them safe to show.
func (n *nodeBase) title() string {
	t := fieldLabel(n.sh, n.label)
	if t == "" {
		t = "arguments"
	}
	if n.required {
		t += " *"
	}
	return termtext.Line(t)
}

// describe is the description line: constraints, then the schema's text
// (made safe to show, like title).
func (n *nodeBase) describe() string {
	c := constraintText(n.sh)
	if d := strings.TrimSpace(n.sh.desc); d != "" {
		c += " — " + d
	}
	return termtext.Text(c)
}

// fit wraps a huh field's title or description (s) once, at spaces, to
// the width inside the node's field. huh wraps them itself, also after
// "-", ",", "." and ";", and its wrap lets such a character run one column
// past the width; the field's frame then wrapped that line again
// ("(hero-" / "2),"). Lines that fit are left as they are by both.
func (n *nodeBase) fit(s string) string {
	if n.b == nil || n.b.width == nil {
		return s
	}
	return wrapAtSpaces(s, max(fieldWidth(*n.b.width, n.depth)-n.b.frame(), 10))
}

// wrapAtSpaces wraps each line of s to w columns at spaces only (a word
// wider than w is cut into pieces of w): "(hero-2)," stays whole, where
// ansi's word wrap also breaks after a hyphen.
func wrapAtSpaces(s string, w int) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		indent := line[:len(line)-len(strings.TrimLeft(line, " "))]
		cur := ""
		for _, word := range strings.Fields(line) {
			switch {
			case cur == "":
				cur = indent + word
			case ansi.StringWidth(cur)+1+ansi.StringWidth(word) <= w:
				cur += " " + word
			default:
				out = append(out, cur)
				cur = word
			}
			for ansi.StringWidth(cur) > w {
				piece := ansi.Truncate(cur, w, "")
				n := max(ansi.StringWidth(piece), 1)
				out = append(out, piece)
				cur = ansi.TruncateLeft(cur, n, "")
			}
		}
		out = append(out, cur)
	}
	return strings.Join(out, "\n")
}

// frame is the width of a field's frame in the form's theme (its focus
// bar and padding).
func (b *builder) frame() int {
	if b.theme == nil {
		return 2
	}
	st := b.theme.Theme(true)
	return max(st.Focused.Base.GetHorizontalFrameSize(), st.Blurred.Base.GetHorizontalFrameSize())
}

// child derives the base of a property or item node.
func (n *nodeBase) child(name string, index int, s *jsonschema.Schema, required bool) nodeBase {
	c := nodeBase{b: n.b, required: required, depth: n.depth + 1}
	c.stack = append(append([]*jsonschema.Schema{}, n.stack...), n.sh.body)
	seg := name
	if index >= 0 {
		seg = strconv.Itoa(index)
	}
	c.path = joinPath(n.path, seg)
	switch {
	case index >= 0:
		c.label = n.label + "[" + seg + "]"
	case n.label == "":
		c.label = name
	default:
		c.label = n.label + "." + name
	}
	c.sh = n.b.shaper.shapeOf(s, n.stack)
	return c
}

func joinPath(base, seg string) string {
	if base == "" {
		return seg
	}
	return base + "." + seg
}

// builder makes nodes from schemas.
type builder struct {
	theme    huh.Theme // the form's (cached) theme, set on fields before they size themselves
	width    *int      // the form's width (Form.width): titles and descriptions are wrapped to it
	shaper   *shaper
	defaults bool // pre-fill schema defaults (off while loading Prefill)
}

// build creates the node for base.sh and applies its default.
func (b *builder) build(base nodeBase) node {
	n := b.make(base)
	if b.defaults && base.sh.def != nil && *base.sh.def != nil {
		if !n.prefill(*base.sh.def) {
			return b.make(base) // an ill-fitting default is ignored
		}
	}
	return n
}

func (b *builder) make(base nodeBase) node {
	n := b.makeBare(base)
	if nullable(base) {
		return &nullNode{inner: n}
	}
	return n
}

func (b *builder) makeBare(base nodeBase) node {
	sh := base.sh
	switch sh.kind {
	case kindString, kindText, kindInteger, kindNumber:
		return &inputNode{nodeBase: base}
	case kindBool:
		return newBoolNode(base)
	case kindEnum:
		return newEnumNode(base)
	case kindMulti:
		return &multiNode{nodeBase: base}
	case kindList:
		return &listNode{nodeBase: base}
	case kindObject:
		if len(sh.props) == 0 && base.depth > 0 && !sh.closed {
			return &jsonNode{nodeBase: base}
		}
		return newObjectNode(base)
	case kindUnion:
		return newUnionNode(base)
	}
	return &jsonNode{nodeBase: base}
}

// load builds a node and fills it from a previous value; values that do
// not fit become a flagged JSON editor so nothing is silently dropped.
func (b *builder) load(base nodeBase, v any) node {
	n := b.make(base)
	if n.prefill(v) {
		return n
	}
	j := &jsonNode{nodeBase: base}
	j.prefill(v)
	j.flag = "previous value does not fit the schema; kept as JSON"
	return j
}
