package sdk

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"sync"

	"github.com/mcpdev/mcpdev/internal/pydantic"
	"github.com/mcpdev/mcpdev/internal/validate"
)

// A tool's checked input schema has three readers, each of which used to
// decode the document for itself at registration: the preparer (plain
// values, numbers as float64: argSchema), the validator (numbers as
// json.Number) and the declaration order of properties (pydantic.Order,
// from a slower decoding that keeps the order of keys). Now registration
// decodes it once, as the validator does, and copies it with float64
// numbers for the preparer; the order is read at the first violation to
// word, the only time it is needed. A document that is not an object,
// holds a number float64 cannot (1e400) or has data after it is left to
// the three readers' own decodings, so that its error is the one it always
// was.

// decodeInputSchema returns the preparer's and the validator's forms of
// the checked input schema and its declaration order (read on first use),
// or the error the first reader to refuse it gives.
func decodeInputSchema(check []byte) (*argSchema, *validate.Schema, func() pydantic.Order, error) {
	doc, root, ok := decodeOnce(check)
	if !ok {
		return decodeThrice(check)
	}
	compiled, err := compileDecoded(doc)
	if err != nil {
		return nil, nil, nil, err
	}
	// pydantic.NewOrder refuses no document that decodeOnce decoded: its
	// checks are encoding/json's (validity, depth) and its numbers exact.
	order := sync.OnceValue(func() pydantic.Order {
		o, _ := pydantic.NewOrder(check)
		return o
	})
	return &argSchema{root: root}, compiled, order, nil
}

// decodeOnce decodes check as validate.Compile does (doc) and as
// encoding/json decodes it into a map (root); false when check is not a
// JSON object alone every number of which is a float64.
func decodeOnce(check []byte) (doc any, root map[string]any, ok bool) {
	d := json.NewDecoder(bytes.NewReader(check))
	d.UseNumber()
	if err := d.Decode(&doc); err != nil {
		return nil, nil, false
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, nil, false
	}
	if _, isObject := doc.(map[string]any); !isObject {
		return nil, nil, false
	}
	f, ok := floats(doc)
	if !ok {
		return nil, nil, false
	}
	return doc, f.(map[string]any), true
}

// decodeThrice is what each reader does with the document on its own.
func decodeThrice(check []byte) (*argSchema, *validate.Schema, func() pydantic.Order, error) {
	args, err := newArgSchema(check)
	if err != nil {
		return nil, nil, nil, err
	}
	compiled, err := compileSchema(check)
	if err != nil {
		return nil, nil, nil, err
	}
	order, err := pydantic.NewOrder(check)
	if err != nil {
		return nil, nil, nil, err
	}
	return args, compiled, func() pydantic.Order { return order }, nil
}

// floats is a copy of v (plain decoded JSON) with every json.Number the
// float64 encoding/json decodes it to; false if one does not fit.
func floats(v any) (any, bool) {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			f, ok := floats(e)
			if !ok {
				return nil, false
			}
			m[k] = f
		}
		return m, true
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			f, ok := floats(e)
			if !ok {
				return nil, false
			}
			out[i] = f
		}
		return out, true
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		return f, err == nil
	}
	return v, true
}
