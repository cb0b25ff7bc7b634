package args

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strings"
)

// Words is the inverse of Coerce: it writes argv (a JSON object) as
// key=value words that Coerce, by schema, turns back into exactly argv.
// Per top-level key, in the schema's property order (as a form sends
// them; keys the schema does not name after, in name order): key=value (nested objects as dotted
// keys: book.title=Dune) when that round-trips, else key:=JSON. ok is
// false when some key fits neither (the caller falls back to the JSON
// object): a key with a dot or '=', a word a flag parser would take for a
// flag, a NUL byte (no command-line argument can carry one). No arguments
// (empty argv) are no words.
func Words(schema, argv json.RawMessage) (words []string, ok bool) {
	if len(bytes.TrimSpace(argv)) == 0 {
		return nil, true
	}
	var m map[string]any
	if decodeNumbers(argv, &m) != nil || m == nil {
		return nil, false
	}
	for _, k := range keyOrder(schema, m) {
		want := Marshal(map[string]any{k: m[k]})
		var plain []string
		flatten(k, m[k], &plain)
		raw, _ := marshalNoEscape(m[k])
		switch {
		case roundTrips(schema, want, plain):
			words = append(words, plain...)
		case roundTrips(schema, want, []string{k + ":=" + string(raw)}):
			words = append(words, k+":="+string(raw))
		default:
			return nil, false
		}
	}
	return words, true
}

// keyOrder lists m's keys in the schema's property order, the keys it
// does not name after them in name order.
func keyOrder(schema json.RawMessage, m map[string]any) []string {
	var keys []string
	for _, a := range topLevel(schema) {
		if _, ok := m[a.Path]; ok {
			keys = append(keys, a.Path)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// roundTrips reports whether Coerce turns pairs back into want.
func roundTrips(schema json.RawMessage, want []byte, pairs []string) bool {
	for _, p := range pairs {
		if strings.HasPrefix(p, "-") || strings.ContainsRune(p, 0) {
			return false
		}
	}
	got, err := Coerce(schema, pairs, nil)
	return err == nil && EqualJSON(string(Marshal(got)), string(want))
}

// flatten writes v at name: objects as dotted keys, strings as they are,
// anything else as JSON.
func flatten(name string, v any, out *[]string) {
	switch v := v.(type) {
	case map[string]any:
		if len(v) == 0 {
			*out = append(*out, name+"={}")
		}
		for _, k := range slices.Sorted(maps.Keys(v)) {
			flatten(name+"."+k, v[k], out)
		}
	case string:
		*out = append(*out, name+"="+v)
	default:
		b, _ := marshalNoEscape(v)
		*out = append(*out, name+"="+string(b))
	}
}

// decodeNumbers decodes JSON with numbers kept as written.
func decodeNumbers(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return dec.Decode(v)
}

func marshalNoEscape(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	err := enc.Encode(v)
	return bytes.TrimSpace(b.Bytes()), err
}
