package schema

import (
	"bytes"
	"encoding/json"
)

// Object is a JSON object that remembers the order its keys were first set
// in. Setting a key again replaces its value and keeps its place, as a
// repeated key in JSON text does for encoding/json (last value wins).
type Object struct {
	keys []string
	vals map[string]any
}

// Set stores v under k.
func (o *Object) Set(k string, v any) {
	if o.vals == nil {
		o.vals = map[string]any{}
	}
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

// Get returns the value under k.
func (o *Object) Get(k string) (any, bool) {
	v, ok := o.vals[k]
	return v, ok
}

// Keys returns the keys in order. The slice is the object's own.
func (o *Object) Keys() []string { return o.keys }

// Len is the number of keys.
func (o *Object) Len() int { return len(o.keys) }

// MarshalJSON writes the keys in order, HTML characters unescaped.
func (o *Object) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	buf.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			buf.WriteByte(',')
		}
		if err := enc.Encode(k); err != nil {
			return nil, err
		}
		buf.Truncate(buf.Len() - 1) // Encode's newline
		buf.WriteByte(':')
		if err := enc.Encode(o.vals[k]); err != nil {
			return nil, err
		}
		buf.Truncate(buf.Len() - 1)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// Plain returns v with every *Object replaced by a map[string]any, for
// code (validators, encoding/json users) that takes plain decoded JSON.
func Plain(v any) any {
	switch x := v.(type) {
	case *Object:
		m := make(map[string]any, len(x.keys))
		for _, k := range x.keys {
			m[k] = Plain(x.vals[k])
		}
		return m
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = Plain(e)
		}
		return out
	}
	return v
}
