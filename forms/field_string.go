package forms

import (
	"strings"

	"charm.land/huh/v2"
	"github.com/mcpdev/mcpdev/internal/schema"
	"github.com/mcpdev/mcpdev/internal/schema/check"
)

// inputNode edits a string, integer or number as text.
type inputNode struct {
	nodeBase
	text string
}

func (n *inputNode) rows(out []*row) []*row {
	r := &row{id: n.path + "#input", depth: n.depth, check: n.check, flag: n.flag}
	switch n.sh.kind {
	case kindText:
		r.field = huh.NewText().Value(&n.text).Title(n.fit(n.title())).Description(n.fit(n.describe())).Lines(4)
		r.multiline = true
		r.clear = func() { n.text = "" }
	default:
		in := huh.NewInput().Value(&n.text).Title(n.fit(n.title())).Description(n.fit(n.describe()))
		in.Placeholder(n.placeholder())
		r.field = in
		r.refuse = n.refuses
		r.replaceable = true
	}
	return append(out, r)
}

func (n *inputNode) placeholder() string {
	return formatHints[n.sh.format]
}

// formatHints are placeholders for the common string formats.
var formatHints = map[string]string{
	"uri": "https://…", "url": "https://…", "email": "name@example.com",
	"date": "YYYY-MM-DD", "date-time": "YYYY-MM-DDThh:mm:ssZ", "time": "hh:mm:ss",
	"uuid": "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", "ipv4": "127.0.0.1",
}

func (n *inputNode) value() (any, bool) {
	switch n.sh.kind {
	case kindInteger, kindNumber:
		return numberValue(n.text)
	}
	if n.text == "" && !n.required {
		return nil, false
	}
	return n.text, true
}

func (n *inputNode) prefill(v any) bool {
	switch n.sh.kind {
	case kindInteger, kindNumber:
		return n.prefillNumber(v)
	}
	s, ok := v.(string)
	if ok {
		n.text = s
		if strings.Contains(s, "\n") {
			n.sh.kind = kindText
		}
	}
	return ok
}

// check is the field's verdict when the cursor leaves it.
func (n *inputNode) check() string {
	v, ok := n.value()
	if !ok {
		if n.required {
			return "Field required"
		}
		return ""
	}
	return firstProblem(n.sh.schema, v)
}

// firstProblem validates one value against its own schema.
func firstProblem(s any, v any) string {
	sch := asSchema(s)
	if sch == nil {
		return ""
	}
	if ps := check.Problems(sch, schema.Plain(v)); len(ps) > 0 {
		return ps[0].String()
	}
	return ""
}
