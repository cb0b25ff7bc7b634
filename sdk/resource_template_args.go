package sdk

import (
	"encoding/json"

	"github.com/mcpdev/mcpdev/internal/jsonfast"
)

// boundArgs is what a URI binds to a template's variables: the JSON
// object of arguments when the fast matcher bound them (decoded as a
// tool's arguments are, in one pass into the argument struct when it is
// flat), else the variables by name as the library's matcher bound them.
type boundArgs struct {
	raw  json.RawMessage
	vars templateVars
}

// bind binds uri to the template's variables; false when uri does not
// fit.
func (t *registeredTemplate) bind(uri string) (boundArgs, bool) {
	if t.fast != nil {
		var room [8]string
		if vals, sure := t.fast.MatchInto(uri, room[:0]); sure {
			if vals == nil {
				return boundArgs{}, false
			}
			return boundArgs{raw: t.argsJSON(vals)}, true
		}
	}
	vars, ok := t.match(uri)
	return boundArgs{vars: vars}, ok
}

// decodeBound stores the arguments uri bound (b) into an In, with every
// violation of the argument struct's schema.
func decodeBound[In any](in *inputCodec[In], t *registeredTemplate, uri string, b boundArgs) (In, []Violation, error) {
	if b.raw != nil {
		return in.decode(b.raw)
	}
	// b.vars is prepared in place (decoded): what the client sent is
	// uri's match again.
	return in.decodeValue(b.vars.decoded(), func() json.RawMessage { sent, _ := t.match(uri); return sent.json() })
}

// argsJSON is the fast matcher's values (in the order of t.fast.Names()) as
// templateVars.json writes the same variables: keys sorted, strings
// quoted as encoding/json quotes them, a variable of array type a list
// of its one value.
func (t *registeredTemplate) argsJSON(vals []string) json.RawMessage {
	n := 2
	for i, v := range vals {
		n += len(t.fast.Names()[i]) + len(v) + 8
	}
	b := append(make([]byte, 0, n), '{')
	for k, i := range t.fastKeys {
		if k > 0 {
			b = append(b, ',')
		}
		b = append(jsonfast.AppendQuoted(b, t.fast.Names()[i], true), ':')
		if t.fastLists[i] {
			b = append(jsonfast.AppendQuoted(append(b, '['), vals[i], true), ']')
		} else {
			b = jsonfast.AppendQuoted(b, vals[i], true)
		}
	}
	return append(b, '}')
}
