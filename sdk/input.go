package sdk

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/mcpdev/mcpdev/internal/jsonfast"
	"github.com/mcpdev/mcpdev/internal/pydantic"
	"github.com/mcpdev/mcpdev/internal/validate"
	"github.com/mcpdev/mcpdev/sdk/internal/infer"
	"github.com/mcpdev/mcpdev/transport"
)

// inputCodec turns raw arguments into a validated In.
type inputCodec[In any] struct {
	*argsCodec
}

// newInputCodec is the codec of In's arguments, checked against override
// when it is not nil (as written), else against the schema inferred from
// In. forbidExtra (ToolOptions.ForbidExtra) refuses the keys of the
// objects of In's structs that they do not declare and publishes
// additionalProperties: false; otherwise those keys are dropped before
// validation and the schema leaves it out, as a Pydantic model's default
// extra='ignore' does.
func newInputCodec[In any](override json.RawMessage, forbidExtra bool) (*inputCodec[In], error) {
	c, err := newArgsCodec(reflect.TypeFor[In](), override, forbidExtra)
	if err != nil {
		return nil, err
	}
	return &inputCodec[In]{c}, nil
}

func (c *inputCodec[In]) decode(raw json.RawMessage) (In, []Violation, error) {
	var in In
	vs, err := c.decodeInto(raw, reflect.ValueOf(&in).Elem())
	return in, vs, err
}

// decodeValue is decode for arguments already decoded (as decodeArgs
// decodes them, and not shared: they are prepared in place); sent
// returns the JSON they stand for, asked only when a violation is worded
// or the assigner cannot store them.
func (c *inputCodec[In]) decodeValue(v any, sent func() json.RawMessage) (In, []Violation, error) {
	var in In
	vs, err := c.store(v, sent, reflect.ValueOf(&in).Elem())
	return in, vs, err
}

// argsCodec validates the raw arguments of a tool against its input
// schema and stores them into a value of its argument type.
type argsCodec struct {
	t   reflect.Type
	raw json.RawMessage // the input schema tools/list shows
	// dropExtra: drop the undeclared keys of structs' objects before
	// validation (an inferred schema without forbidExtra).
	dropExtra bool
	args      *argSchema // the schema validated against: raw and the limits of Go's types
	schema    *validate.Schema
	order     func() pydantic.Order // the schema's declaration order, read on first use
	fast      *validate.Proof       // proves common valid input valid without schema
	flat      *validate.Flat        // decodes common valid input of a flat struct in one pass
	closed    bool                  // inferred schema: objects accept only their declared keys
	urls      bool                  // t holds a url.URL, a string in JSON (url_form.go)
	assign    jsonfast.Assigner     // stores validated arguments; nil: encoding/json does
}

func newArgsCodec(t reflect.Type, override json.RawMessage, forbidExtra bool) (*argsCodec, error) {
	if infer.Deref(t).Kind() != reflect.Struct {
		return nil, fmt.Errorf("argument type %v must be a struct", t)
	}
	raw, check := override, []byte(override)
	if raw == nil {
		s, err := inferInputSchema(t, docs, !forbidExtra)
		if err != nil {
			return nil, fmt.Errorf("input schema: %w", err)
		}
		if err := addParamHeaders(s, t); err != nil {
			return nil, err
		}
		raw = mustJSON(s)
		v, err := inferValidationSchema(t, docs)
		if err != nil {
			return nil, fmt.Errorf("input schema: %w", err)
		}
		check = mustJSON(v)
	} else if hasHeaderTags(t) {
		return nil, fmt.Errorf("%s tags of %v do not apply to ToolOptions.InputSchema: annotate its properties with %q instead", ParamHeaderTag, t, transport.ParamHeaderKeyword)
	}
	defer startPhase("compile").end() // and the pieces below
	args, compiled, order, err := decodeInputSchema(check)
	if err != nil {
		return nil, fmt.Errorf("input schema: %w", err)
	}
	closed := override == nil && !seesRawJSON(t, map[reflect.Type]bool{})
	fast := compileFast(args.root)
	c := &argsCodec{t: t, raw: raw, dropExtra: override == nil && !forbidExtra, args: args,
		schema: compiled, order: order, fast: fast, closed: closed, urls: holdsURL(t)}
	if !c.urls {
		c.flat, c.assign = fast.Flat(t, args.flatProperty), jsonfast.NewAssigner(t)
	}
	return c, nil
}

var (
	unmarshalerType     = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	marshalerType       = reflect.TypeFor[json.Marshaler]()
	textMarshalerType   = reflect.TypeFor[encoding.TextMarshaler]()
)

// seesRawJSON reports whether decoding into t hands raw JSON bytes to some
// json.Unmarshaler (json.RawMessage included), whose input would then
// depend on the request's formatting.
func seesRawJSON(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	if t.Implements(unmarshalerType) || reflect.PointerTo(t).Implements(unmarshalerType) {
		return true
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return seesRawJSON(t.Elem(), seen)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if seesRawJSON(t.Field(i).Type, seen) {
				return true
			}
		}
	}
	return false
}

// isObject reports whether raw is a JSON object (not empty, not null).
func isObject(raw json.RawMessage) bool {
	for _, b := range raw {
		switch b {
		case ' ', '\t', '\r', '\n':
			continue
		}
		return b == '{'
	}
	return false
}

// decodeInto validates raw and stores it into dst (of the codec's type),
// or returns every violation, worded as Pydantic words them.
func (c *argsCodec) decodeInto(raw json.RawMessage, dst reflect.Value) ([]Violation, error) {
	if c.flat.Decode(raw, dst) {
		return nil, nil
	}
	v, err := decodeArgs(raw)
	if err != nil {
		return nil, fmt.Errorf("invalid arguments: %v", err)
	}
	return c.store(v, func() json.RawMessage { return raw }, dst)
}

// store is decodeInto for arguments v already decoded from sent().
func (c *argsCodec) store(v any, sent func() json.RawMessage, dst reflect.Value) ([]Violation, error) {
	p := preparer{argSchema: c.args, dropExtra: c.dropExtra}
	v = p.prepare(c.args.root, v, 0)
	if !c.fast.Valid(v) {
		if vs := c.violations(sent(), v); len(vs) > 0 {
			return vs, nil
		}
	}
	if c.assign != nil && c.assign(v, dst) {
		return nil, nil
	}
	dst.SetZero() // the assigner may have stored part of it
	raw := sent()
	data := []byte(raw)
	if p.changed || !c.closed || !isObject(raw) || c.urls {
		// The arguments the handler gets are the ones validated: re-encode
		// them. Untouched arguments of an inferred schema (no key but the
		// declared ones) decode the same from the request's own bytes.
		var err error
		if data, err = jsonfast.JSON.Marshal(stripURLs(c.t, v)); err != nil {
			return nil, err
		}
	}
	if err := jsonfast.JSON.Unmarshal(data, dst.Addr().Interface()); err != nil {
		dst.SetZero()
		return decodeViolations(c.t, v, err), nil
	}
	if c.urls {
		var vs []Violation
		if fillURLs(c.t, v, dst, nil, &vs); len(vs) > 0 {
			dst.SetZero()
			return vs, nil
		}
	}
	return nil, nil
}

// violations validates v, the prepared arguments, and words what is wrong
// in declaration order, each input_value as the client sent it (raw).
func (c *argsCodec) violations(raw json.RawMessage, v any) []Violation {
	sent := func() (any, pydantic.Order) {
		s, err := decodeArgs(raw)
		if err != nil {
			return v, nil
		}
		order, _ := pydantic.InputOrder(raw)
		return s, order
	}
	return violations(c.schema, v, pydantic.Options{Order: c.order(), Sent: sent, Lax: true})
}
