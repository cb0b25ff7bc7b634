package sdk

import (
	"bytes"
	"encoding"
	"encoding/json"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/mcpdev/mcpdev/internal/jsonenc"
	"github.com/mcpdev/mcpdev/internal/pydantic"
	"github.com/mcpdev/mcpdev/sdk/internal/infer"
)

// url.URL is a URI string in the schema, as everywhere JSON carries one,
// but encoding/json knows it as a struct of its fields (it has
// MarshalBinary, not MarshalText). Arguments: the strings at url.URL
// places are left out of what encoding/json decodes and parsed into
// place after (userinfo and all). Results: the objects encoding/json
// writes there become the URLs' strings.

// holdsURL reports whether encoding/json meets a url.URL in a value of
// type t (not through an interface), cached by type.
func holdsURL(t reflect.Type) bool { return byType(&urlHolders, t, findURL) }

var urlHolders sync.Map // reflect.Type → bool

// pointerMarshals reports whether a value of type t holds, not through a
// pointer, a type only whose pointer has MarshalJSON or MarshalText;
// cached by type.
func pointerMarshals(t reflect.Type) bool { return byType(&addressNeeders, t, findPointerMarshaler) }

// byType is find's answer for t (a walk of its fields from no type seen),
// remembered in cache.
func byType(cache *sync.Map, t reflect.Type, find func(reflect.Type, map[reflect.Type]bool) bool) bool {
	if v, ok := cache.Load(t); ok {
		return v.(bool)
	}
	found := find(t, map[reflect.Type]bool{})
	cache.Store(t, found)
	return found
}

var addressNeeders sync.Map // reflect.Type → bool

func findPointerMarshaler(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] || t.Kind() == reflect.Pointer {
		return false
	}
	seen[t] = true
	if !t.Implements(marshalerType) && !t.Implements(textMarshalerType) &&
		(reflect.PointerTo(t).Implements(marshalerType) || reflect.PointerTo(t).Implements(textMarshalerType)) {
		return true
	}
	if infer.HasOwnForm(t) {
		return false
	}
	switch t.Kind() {
	case reflect.Array, reflect.Slice:
		return findPointerMarshaler(t.Elem(), seen)
	case reflect.Struct:
		for _, sf := range infer.VisibleFields(t) {
			if findPointerMarshaler(sf.Type, seen) {
				return true
			}
		}
	}
	return false
}

func findURL(t reflect.Type, seen map[reflect.Type]bool) bool {
	if t == infer.URLType {
		return true
	}
	if seen[t] || infer.HasOwnForm(t) {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return findURL(t.Elem(), seen)
	case reflect.Struct:
		for _, sf := range infer.VisibleFields(t) {
			if sf.Tag.Get("json") != "-" && findURL(sf.Type, seen) {
				return true
			}
		}
	}
	return false
}

// fieldByJSONName is the field of struct type t encoding/json reads
// member name into: the exact name, else one equal under case folding.
func fieldByJSONName(t reflect.Type, name string) (reflect.StructField, bool) {
	var folded reflect.StructField
	found := false
	for _, sf := range infer.VisibleFields(t) {
		if sf.Tag.Get("json") == "-" {
			continue
		}
		n, _ := infer.JSONName(sf)
		if n == name {
			return sf, true
		}
		if !found && strings.EqualFold(n, name) {
			folded, found = sf, true
		}
	}
	return folded, found
}

// stripURLs is v (arguments as decoded, of Go type t) with null for
// every string at a url.URL place, containers copied where they change.
func stripURLs(t reflect.Type, v any) any {
	if v == nil || !holdsURL(t) {
		return v
	}
	if t == infer.URLType {
		if _, ok := v.(string); ok {
			return nil
		}
		return v
	}
	switch t.Kind() {
	case reflect.Pointer:
		return stripURLs(t.Elem(), v)
	case reflect.Slice, reflect.Array:
		if list, ok := v.([]any); ok {
			out := make([]any, len(list))
			for i, x := range list {
				out[i] = stripURLs(t.Elem(), x)
			}
			return out
		}
	case reflect.Map, reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			return v
		}
		out := make(map[string]any, len(obj))
		for k, x := range obj {
			out[k] = x
			if et, ok := memberType(t, k); ok {
				out[k] = stripURLs(et, x)
			}
		}
		return out
	}
	return v
}

// memberType is the Go type member k of an object of type t (a map or a
// struct) decodes into.
func memberType(t reflect.Type, k string) (reflect.Type, bool) {
	if t.Kind() == reflect.Map {
		return t.Elem(), true
	}
	sf, ok := fieldByJSONName(t, k)
	return sf.Type, ok
}

// fillURLs parses the strings at url.URL places of v (as stripURLs left
// them out) into dst, of type t; a string that does not parse is a
// violation at its path.
func fillURLs(t reflect.Type, v any, dst reflect.Value, path []string, out *[]Violation) {
	if v == nil || !holdsURL(t) {
		return
	}
	if t == infer.URLType {
		s, ok := v.(string)
		if !ok {
			return
		}
		u, err := url.Parse(s)
		if err != nil {
			typ, msg := pydantic.Leaf{Keyword: "format", Text: "uri", Err: pydantic.Format("uri")(s)}.Words(s)
			*out = append(*out, Violation{Path: strings.Join(path, "."), Message: msg, Type: typ, Input: s})
			return
		}
		dst.Set(reflect.ValueOf(u).Elem())
		return
	}
	switch t.Kind() {
	case reflect.Pointer:
		if dst.IsNil() {
			dst.Set(reflect.New(t.Elem()))
		}
		fillURLs(t.Elem(), v, dst.Elem(), path, out)
	case reflect.Slice, reflect.Array:
		list, _ := v.([]any)
		for i, x := range list {
			if i < dst.Len() {
				fillURLs(t.Elem(), x, dst.Index(i), append(path[:len(path):len(path)], strconv.Itoa(i)), out)
			}
		}
	case reflect.Map:
		obj, _ := v.(map[string]any)
		for k, x := range obj {
			key, ok := mapKey(t.Key(), k)
			if !ok || dst.IsNil() {
				continue
			}
			e := reflect.New(t.Elem()).Elem()
			if old := dst.MapIndex(key); old.IsValid() {
				e.Set(old)
			}
			fillURLs(t.Elem(), x, e, append(path[:len(path):len(path)], k), out)
			dst.SetMapIndex(key, e)
		}
	case reflect.Struct:
		obj, _ := v.(map[string]any)
		for k, x := range obj {
			sf, ok := fieldByJSONName(t, k)
			if !ok || !holdsURL(sf.Type) {
				continue
			}
			if f, ok := fieldAlloc(dst, sf.Index); ok {
				fillURLs(sf.Type, x, f, append(path[:len(path):len(path)], k), out)
			}
		}
	}
}

// fieldAlloc is the field of struct dst at index, allocating the nil
// embedded pointers on the way; false through one it cannot set.
func fieldAlloc(dst reflect.Value, index []int) (reflect.Value, bool) {
	for i, x := range index {
		if i > 0 && dst.Kind() == reflect.Pointer {
			if dst.IsNil() {
				if !dst.CanSet() {
					return reflect.Value{}, false
				}
				dst.Set(reflect.New(dst.Type().Elem()))
			}
			dst = dst.Elem()
		}
		dst = dst.Field(x)
	}
	return dst, dst.CanSet()
}

// mapKey is the key of Go type kt that encoding/json decodes object key
// k into.
func mapKey(kt reflect.Type, k string) (reflect.Value, bool) {
	if reflect.PointerTo(kt).Implements(reflect.TypeFor[encoding.TextUnmarshaler]()) {
		p := reflect.New(kt)
		return p.Elem(), p.Interface().(encoding.TextUnmarshaler).UnmarshalText([]byte(k)) == nil
	}
	switch kt.Kind() {
	case reflect.String:
		return reflect.ValueOf(k).Convert(kt), true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(k, 10, 64)
		return reflect.ValueOf(n).Convert(kt), err == nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n, err := strconv.ParseUint(k, 10, 64)
		return reflect.ValueOf(n).Convert(kt), err == nil
	}
	return reflect.Value{}, false
}

// resultJSON is jsonenc.Marshal(out) with every url.URL written as its
// string, and out addressable when its type holds a value whose JSON
// methods have pointer receivers (big.Int's): encoding/json writes an
// unaddressable one as its fields.
func resultJSON(out any) ([]byte, error) {
	if out != nil && pointerMarshals(reflect.TypeOf(out)) {
		p := reflect.New(reflect.TypeOf(out))
		p.Elem().Set(reflect.ValueOf(out))
		out = p.Interface()
	}
	data, err := jsonenc.Marshal(out)
	if err != nil || out == nil || !holdsURL(reflect.TypeOf(out)) {
		return data, err
	}
	return urlStrings(reflect.ValueOf(out), data), nil
}

// urlStrings rewrites data, the encoding of v, with url.URL strings.
func urlStrings(v reflect.Value, data []byte) []byte {
	t := v.Type()
	if !holdsURL(t) || bytes.Equal(data, []byte("null")) {
		return data
	}
	if t == infer.URLType {
		if !v.CanInterface() {
			return data // reached through an unexported embedded struct
		}
		u := v.Interface().(url.URL)
		b, err := jsonenc.Marshal(u.String())
		if err != nil {
			return data
		}
		return b
	}
	switch t.Kind() {
	case reflect.Pointer:
		return urlStrings(v.Elem(), data)
	case reflect.Slice, reflect.Array:
		items, ok := splitArray(data)
		if !ok || len(items) != v.Len() {
			return data
		}
		for i := range items {
			items[i] = urlStrings(v.Index(i), items[i])
		}
		return joinArray(items)
	case reflect.Map:
		keys, vals, ok := splitObject(data)
		if !ok {
			return data
		}
		byKey := map[string]reflect.Value{}
		for it := v.MapRange(); it.Next(); {
			if k, ok := keyText(it.Key()); ok {
				byKey[k] = it.Value()
			}
		}
		for i, k := range keys {
			if e, ok := byKey[k]; ok {
				vals[i] = urlStrings(e, vals[i])
			}
		}
		return joinObject(keys, vals)
	case reflect.Struct:
		keys, vals, ok := splitObject(data)
		if !ok {
			return data
		}
		for i, k := range keys {
			sf, ok := fieldByJSONName(t, k)
			if !ok || !holdsURL(sf.Type) {
				continue
			}
			if f, err := v.FieldByIndexErr(sf.Index); err == nil {
				vals[i] = urlStrings(f, vals[i])
			}
		}
		return joinObject(keys, vals)
	}
	return data
}

// keyText is a map key as encoding/json writes it.
func keyText(k reflect.Value) (string, bool) {
	if !k.CanInterface() {
		return "", false
	}
	if tm, ok := k.Interface().(encoding.TextMarshaler); ok {
		b, err := tm.MarshalText()
		return string(b), err == nil
	}
	switch k.Kind() {
	case reflect.String:
		return k.String(), true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(k.Int(), 10), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.FormatUint(k.Uint(), 10), true
	}
	return "", false
}

func splitArray(data []byte) ([]json.RawMessage, bool) {
	var items []json.RawMessage
	return items, json.Unmarshal(data, &items) == nil
}

func joinArray(items []json.RawMessage) []byte {
	b := []byte{'['}
	for i, item := range items {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, item...)
	}
	return append(b, ']')
}

// splitObject is an object's members in their order.
func splitObject(data []byte) (keys []string, vals []json.RawMessage, ok bool) {
	d := json.NewDecoder(bytes.NewReader(data))
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		return nil, nil, false
	}
	for d.More() {
		tok, err := d.Token()
		k, isKey := tok.(string)
		if err != nil || !isKey {
			return nil, nil, false
		}
		var v json.RawMessage
		if d.Decode(&v) != nil {
			return nil, nil, false
		}
		keys, vals = append(keys, k), append(vals, v)
	}
	return keys, vals, true
}

func joinObject(keys []string, vals []json.RawMessage) []byte {
	b := []byte{'{'}
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		kb, _ := jsonenc.Marshal(k)
		b = append(append(append(b, kb...), ':'), vals[i]...)
	}
	return append(b, '}')
}
