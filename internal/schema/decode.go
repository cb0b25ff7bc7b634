package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
)

// ErrTooDeep is returned for JSON nested deeper than encoding/json accepts.
var ErrTooDeep = errors.New("schema: JSON nested too deeply")

// maxDepth is encoding/json's own nesting limit.
const maxDepth = 10000

// DecodeOrdered parses one JSON value as encoding/json parses it into an
// any (numbers float64, repeated keys: last value wins), except that
// objects are *Object, keys in the order they first appear.
func DecodeOrdered(raw []byte) (any, error) {
	return decodeAll(raw, false)
}

// DecodeOrderedNumbers is DecodeOrdered with numbers kept as json.Number,
// so that 1e400 is a number too.
func DecodeOrderedNumbers(raw []byte) (any, error) {
	return decodeAll(raw, true)
}

func decodeAll(raw []byte, numbers bool) (any, error) {
	if err := json.Unmarshal(raw, new(json.RawMessage)); err != nil {
		return nil, err // encoding/json's own error text (and its checks)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if numbers {
		dec.UseNumber()
	}
	v, err := decodeValue(dec, 0, numbers)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("schema: data after the JSON value")
	}
	return v, nil
}

func decodeValue(dec *json.Decoder, depth int, numbers bool) (any, error) {
	if depth > maxDepth {
		return nil, ErrTooDeep
	}
	tok, err := dec.Token()
	if err == io.EOF {
		return nil, io.ErrUnexpectedEOF
	}
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		return decodeObject(dec, depth, numbers)
	case json.Delim('['):
		list := []any{}
		for dec.More() {
			v, err := decodeValue(dec, depth+1, numbers)
			if err != nil {
				return nil, err
			}
			list = append(list, v)
		}
		_, err := dec.Token()
		return list, err
	}
	if n, ok := tok.(json.Number); ok && !numbers {
		return strconv.ParseFloat(string(n), 64)
	}
	return tok, nil
}

func decodeObject(dec *json.Decoder, depth int, numbers bool) (any, error) {
	o := &Object{vals: map[string]any{}}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		k, _ := tok.(string)
		v, err := decodeValue(dec, depth+1, numbers)
		if err != nil {
			return nil, err
		}
		o.Set(k, v)
	}
	_, err := dec.Token()
	return o, err
}

// At returns the value at a JSON pointer ("/properties/a~1b/0") inside a
// decoded document (*Object, map[string]any and []any), or nil.
func At(root any, ptr string) any {
	if ptr == "" {
		return root
	}
	if ptr[0] != '/' {
		return nil
	}
	v, rest := root, ptr[1:]
	for {
		seg, more, found := strings.Cut(rest, "/")
		var ok bool
		if v, ok = child(v, unescapeToken(seg)); !ok {
			return nil
		}
		if !found {
			return v
		}
		rest = more
	}
}

// child returns the member seg of an object or the element seg of an array.
func child(v any, seg string) (any, bool) {
	switch x := v.(type) {
	case *Object:
		return x.Get(seg)
	case map[string]any:
		c, ok := x[seg]
		return c, ok
	case []any:
		i, err := strconv.Atoi(seg)
		if err != nil || i < 0 || i >= len(x) || (len(seg) > 1 && seg[0] == '0') {
			return nil, false
		}
		return x[i], true
	}
	return nil, false
}

func unescapeToken(s string) string {
	if !strings.Contains(s, "~") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}
