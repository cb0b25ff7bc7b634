package sdk

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/mcpdev/mcpdev/sdk/internal/infer"
)

// Random Go argument types and values for TestValidationMatchesDecoding:
// types built with reflect (nested structs, pointers, slices, maps, named
// types, every integer kind, floats, time.Time, time.Duration, []byte),
// values valid for the type, sometimes in a lax form ("12", 12.0, 1 for
// true), as JSON that keeps the order of object keys as sent.

type (
	propCelsius int16
	propLabel   string
	propOn      bool
	propRatio   float32
	propCode    uint8
	propBlob    []byte
	propInner   struct {
		A propCelsius `json:"a"`
		B *string     `json:"b,omitempty"`
		C []propCode  `json:"c"`
	}
	propTree struct {
		V    int8       `json:"v"`
		Kids []propTree `json:"kids,omitempty"`
	}
)

var propScalars = []reflect.Type{
	reflect.TypeFor[bool](), reflect.TypeFor[string](), reflect.TypeFor[int](), reflect.TypeFor[int8](),
	reflect.TypeFor[int16](), reflect.TypeFor[int32](), reflect.TypeFor[int64](), reflect.TypeFor[uint](),
	reflect.TypeFor[uint8](), reflect.TypeFor[uint16](), reflect.TypeFor[uint32](), reflect.TypeFor[uint64](),
	reflect.TypeFor[float32](), reflect.TypeFor[float64](), reflect.TypeFor[time.Time](),
	reflect.TypeFor[time.Duration](), reflect.TypeFor[[]byte](), reflect.TypeFor[propCelsius](),
	reflect.TypeFor[propLabel](), reflect.TypeFor[propOn](), reflect.TypeFor[propRatio](),
	reflect.TypeFor[propCode](), reflect.TypeFor[propBlob](), reflect.TypeFor[propInner](), reflect.TypeFor[propTree](),
}

// genType builds a random type; depth bounds the nesting.
func genType(r *rand.Rand, depth int) reflect.Type {
	if depth <= 0 || r.IntN(3) > 0 {
		return propScalars[r.IntN(len(propScalars))]
	}
	switch r.IntN(4) {
	case 0:
		return reflect.PointerTo(genType(r, depth-1))
	case 1:
		return reflect.SliceOf(genType(r, depth-1))
	case 2:
		return reflect.MapOf(reflect.TypeFor[string](), genType(r, depth-1))
	}
	return genStruct(r, depth-1)
}

func genStruct(r *rand.Rand, depth int) reflect.Type {
	n := 1 + r.IntN(4)
	fields := make([]reflect.StructField, n)
	for i := range fields {
		t := genType(r, depth)
		if t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Pointer {
			t = t.Elem()
		}
		tag := fmt.Sprintf(`json:"f%d"`, i)
		if r.IntN(4) == 0 {
			tag = fmt.Sprintf(`json:"f%d,omitempty"`, i)
		}
		fields[i] = reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: t, Tag: reflect.StructTag(tag)}
	}
	return reflect.StructOf(fields)
}

// node is a generated JSON value whose objects keep their key order.
type node struct {
	kind  string // "obj", "arr", "raw"
	keys  []string
	vals  []*node
	raw   string // JSON text of a scalar as sent
	canon string // the JSON text it means (lax forms resolved); raw when ""
}

func (n *node) write(b *bytes.Buffer, canon bool) {
	switch n.kind {
	case "obj":
		b.WriteByte('{')
		for i, k := range n.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			kb, _ := json.Marshal(k)
			b.Write(kb)
			b.WriteByte(':')
			n.vals[i].write(b, canon)
		}
		b.WriteByte('}')
	case "arr":
		b.WriteByte('[')
		for i, v := range n.vals {
			if i > 0 {
				b.WriteByte(',')
			}
			v.write(b, canon)
		}
		b.WriteByte(']')
	default:
		if canon && n.canon != "" {
			b.WriteString(n.canon)
		} else {
			b.WriteString(n.raw)
		}
	}
}

func (n *node) text(canon bool) []byte {
	var b bytes.Buffer
	n.write(&b, canon)
	return b.Bytes()
}

func scalar(raw string) *node { return &node{kind: "raw", raw: raw} }

func lax(raw, canon string) *node { return &node{kind: "raw", raw: raw, canon: canon} }

func quoted(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// genValue builds a value t decodes, sometimes in a lax form.
func genValue(r *rand.Rand, t reflect.Type, depth int) *node {
	switch t {
	case reflect.TypeFor[time.Time]():
		tm := time.Unix(r.Int64N(1<<35)-1<<34, r.Int64N(1e9)).In(time.FixedZone("", 60*(r.IntN(24*60*2)-24*60+1)))
		return scalar(quoted(tm.Format(time.RFC3339Nano)))
	}
	switch k := t.Kind(); {
	case k == reflect.Bool:
		v := r.IntN(2) == 1
		forms := map[bool][]string{true: {"true", "1", `"yes"`, `"on"`, "1.0"}, false: {"false", "0", `"no"`, `"f"`}}[v]
		return lax(forms[r.IntN(len(forms))], strconv.FormatBool(v))
	case k == reflect.String:
		return scalar(quoted(randString(r)))
	case k >= reflect.Int && k <= reflect.Uint64:
		lo, hi, _ := infer.KindRange(k)
		n := randInRange(r, lo, hi)
		switch r.IntN(4) {
		case 0:
			return lax(quoted(" "+n+" "), n)
		case 1:
			return lax(n+".0", n)
		}
		return scalar(n)
	case k == reflect.Float32 || k == reflect.Float64:
		f := strconv.FormatFloat((r.Float64()-0.5)*math.Pow(10, float64(r.IntN(60)-30)), 'g', -1, 64)
		if r.IntN(4) == 0 {
			return lax(quoted(f), f)
		}
		return scalar(f)
	case k == reflect.Slice && t.Elem() == reflect.TypeFor[uint8]():
		data := make([]byte, r.IntN(12))
		for i := range data {
			data[i] = byte(r.IntN(256))
		}
		return scalar(quoted(base64.StdEncoding.EncodeToString(data)))
	case k == reflect.Pointer:
		if r.IntN(3) == 0 {
			return scalar("null")
		}
		return genValue(r, t.Elem(), depth)
	case k == reflect.Slice:
		n := &node{kind: "arr"}
		for i := r.IntN(max(1, min(3, depth+1))); i > 0; i-- {
			n.vals = append(n.vals, genValue(r, t.Elem(), depth-1))
		}
		return n
	case k == reflect.Map:
		n := &node{kind: "obj"}
		for i := r.IntN(max(1, min(3, depth+1))); i > 0; i-- {
			n.keys = append(n.keys, fmt.Sprintf("k%d", r.IntN(1000)))
			n.vals = append(n.vals, genValue(r, t.Elem(), depth-1))
		}
		n.keys, n.vals = dedupe(n.keys, n.vals)
		return n
	case k == reflect.Struct:
		return genObject(r, t, depth)
	}
	panic("no generator for " + t.String())
}

func genObject(r *rand.Rand, t reflect.Type, depth int) *node {
	n := &node{kind: "obj"}
	for _, sf := range infer.VisibleFields(t) {
		name, omitempty := infer.JSONName(sf)
		optional := omitempty || sf.Type.Kind() == reflect.Pointer
		if optional && r.IntN(3) == 0 || sf.Type == reflect.TypeFor[[]propTree]() && depth <= 0 {
			continue
		}
		n.keys = append(n.keys, name)
		n.vals = append(n.vals, genValue(r, sf.Type, depth-1))
	}
	r.Shuffle(len(n.keys), func(i, j int) {
		n.keys[i], n.keys[j] = n.keys[j], n.keys[i]
		n.vals[i], n.vals[j] = n.vals[j], n.vals[i]
	})
	return n
}

func dedupe(keys []string, vals []*node) ([]string, []*node) {
	seen := map[string]bool{}
	var k2 []string
	var v2 []*node
	for i, k := range keys {
		if !seen[k] {
			seen[k] = true
			k2, v2 = append(k2, k), append(v2, vals[i])
		}
	}
	return k2, v2
}

func randString(r *rand.Rand) string {
	const alphabet = "ab c\"\\é€😀<>&\n\x01"
	runes := []rune(alphabet)
	var b strings.Builder
	for i := r.IntN(8); i > 0; i-- {
		b.WriteRune(runes[r.IntN(len(runes))])
	}
	return b.String()
}

// randInRange picks an integer in [lo, hi], often an end.
func randInRange(r *rand.Rand, lo, hi interface{ RatString() string }) string {
	switch r.IntN(5) {
	case 0:
		return lo.RatString()
	case 1:
		return hi.RatString()
	}
	l, _ := strconv.ParseFloat(lo.RatString(), 64)
	h, _ := strconv.ParseFloat(hi.RatString(), 64)
	l, h = math.Max(l, -1e6), math.Min(h, 1e6)
	return strconv.FormatInt(int64(l+r.Float64()*(h-l)), 10)
}
