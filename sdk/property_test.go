package sdk

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk/internal/infer"
)

// The property the SDK promises for any argument type: validation accepts
// exactly what the handler can then receive (no decode error after
// validation, and the handler gets what the value means), and refuses a
// broken value with every violation, at its path, in Pydantic's words and
// in Pydantic's order (extra inputs first, then fields in declaration
// order). Types and values come from property_gen_test.go; breakValue
// breaks a valid value in random places, each break with the violation
// Pydantic reports for it.

func TestValidationMatchesDecoding(t *testing.T) {
	for seed := uint64(0); seed < 400; seed++ {
		checkSeed(t, seed)
		if t.Failed() {
			return
		}
	}
}

// FuzzValidationMatchesDecoding explores more seeds:
// go test -fuzz FuzzValidationMatchesDecoding ./sdk
func FuzzValidationMatchesDecoding(f *testing.F) {
	for _, seed := range []uint64{1, 7, 42, 1 << 40} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, seed uint64) { checkSeed(t, seed) })
}

func checkSeed(t *testing.T, seed uint64) {
	r := rand.New(rand.NewPCG(seed, 0x6d6370))
	typ := genStruct(r, 3)
	c, err := newArgsCodec(typ, nil, true)
	if err != nil {
		t.Fatalf("seed %d: %v: %v", seed, typ, err)
	}
	for i := 0; i < 4; i++ {
		checkValid(t, seed, c, genObject(r, typ, 3))
		n := genObject(r, typ, 3)
		faults := breakObject(r, typ, n, nil, 0.15)
		for len(faults) == 0 {
			faults = breakObject(r, typ, n, nil, 0.5)
		}
		checkBroken(t, seed, c, n, faults)
	}
}

// checkValid: a valid value is accepted, and the handler gets what
// encoding/json makes of the value it means.
func checkValid(t *testing.T, seed uint64, c *argsCodec, n *node) {
	t.Helper()
	want := reflect.New(c.t)
	if err := json.Unmarshal(n.text(true), want.Interface()); err != nil {
		t.Fatalf("seed %d: generator made an invalid value %s for %v: %v", seed, n.text(true), c.t, err)
	}
	got := reflect.New(c.t)
	vs, err := c.decodeInto(n.text(false), got.Elem())
	if err != nil || len(vs) > 0 {
		t.Fatalf("seed %d: %v refused %s: %v %+v", seed, c.t, n.text(false), err, vs)
	}
	gj, _ := json.Marshal(got.Interface())
	wj, _ := json.Marshal(want.Interface())
	if string(gj) != string(wj) {
		t.Fatalf("seed %d: %v from %s:\n got %s\nwant %s", seed, c.t, n.text(false), gj, wj)
	}
}

// checkBroken: every break is reported, in order, in Pydantic's words.
func checkBroken(t *testing.T, seed uint64, c *argsCodec, n *node, faults []fault) {
	t.Helper()
	vs, err := c.decodeInto(n.text(false), reflect.New(c.t).Elem())
	if err != nil {
		t.Fatalf("seed %d: %v: %v", seed, c.t, err)
	}
	var got, want []string
	for _, v := range vs {
		got = append(got, v.Path+" "+v.Type)
		if re := pydanticMessages[v.Type]; re == nil || !re.MatchString(v.Message) {
			t.Errorf("seed %d: %s: %q is not Pydantic's wording of %s", seed, v.Path, v.Message, v.Type)
		}
	}
	for _, f := range faults {
		want = append(want, f.path+" "+f.typ)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("seed %d: %v given %s:\n got %q\nwant %q", seed, c.t, n.text(false), got, want)
	}
}

var pydanticMessages = map[string]*regexp.Regexp{}

func init() {
	for typ, re := range map[string]string{
		"less_than_equal":        `Input should be less than or equal to -?\d+`,
		"greater_than_equal":     `Input should be greater than or equal to -?\d+`,
		"less_than":              `Input should be less than [0-9.e+]+`,
		"greater_than":           `Input should be greater than -[0-9.e+]+`,
		"int_parsing":            `Input should be a valid integer, unable to parse string as an integer`,
		"int_from_float":         `Input should be a valid integer, got a number with a fractional part`,
		"int_type":               `Input should be a valid integer`,
		"finite_number":          `Input should be a finite number`,
		"float_parsing":          `Input should be a valid number, unable to parse string as a number`,
		"float_type":             `Input should be a valid number`,
		"bool_parsing":           `Input should be a valid boolean, unable to interpret input`,
		"bool_type":              `Input should be a valid boolean`,
		"string_type":            `Input should be a valid string`,
		"list_type":              `Input should be a valid list`,
		"dict_type":              `Input should be a valid dictionary`,
		"model_type":             `Input should be a valid dictionary or instance of \w+`,
		"missing":                `Field required`,
		"extra_forbidden":        `Extra inputs are not permitted`,
		"datetime_parsing":       `Input should be a valid datetime, [a-z].*`,
		"timezone_aware":         `Input should have timezone info`,
		"bytes_invalid_encoding": `Data should be valid base64: Invalid .*`,
	} {
		pydanticMessages[typ] = regexp.MustCompile("^" + re + "$")
	}
}

// fault is a break and the violation it must be reported with.
type fault struct{ path, typ string }

// breakValue breaks n, a valid value of t at path, here (with probability
// p) or further down, and returns the faults in the order Pydantic
// reports them.
func breakValue(r *rand.Rand, t reflect.Type, n *node, path []string, p float64) []fault {
	if r.Float64() < p {
		if typ, ok := breakHere(r, t, n); ok {
			return []fault{{strings.Join(path, "."), typ}}
		}
	}
	switch {
	case t.Kind() == reflect.Pointer:
		if n.raw != "null" {
			return breakValue(r, t.Elem(), n, path, p)
		}
	case t.Kind() == reflect.Slice && t.Elem() != reflect.TypeFor[uint8]():
		var out []fault
		for i, v := range n.vals {
			out = append(out, breakValue(r, t.Elem(), v, append(slices.Clip(path), strconv.Itoa(i)), p)...)
		}
		return out
	case t.Kind() == reflect.Map:
		var out []fault
		for i, v := range n.vals {
			out = append(out, breakValue(r, t.Elem(), v, append(slices.Clip(path), n.keys[i]), p)...)
		}
		return out
	case t.Kind() == reflect.Struct && t != reflect.TypeFor[time.Time]():
		return breakObject(r, t, n, path, p)
	}
	return nil
}

// breakObject breaks the members of an object: a required field removed,
// an extra input added, or a break further down.
func breakObject(r *rand.Rand, t reflect.Type, n *node, path []string, p float64) []fault {
	at := func(name string) string { return strings.Join(append(slices.Clip(path), name), ".") }
	var fields []fault
	for _, sf := range infer.VisibleFields(t) {
		name, omitempty := infer.JSONName(sf)
		i := slices.Index(n.keys, name)
		required := !omitempty && sf.Type.Kind() != reflect.Pointer
		switch {
		case i >= 0 && required && r.Float64() < p/3:
			n.keys, n.vals = slices.Delete(n.keys, i, i+1), slices.Delete(n.vals, i, i+1)
			fields = append(fields, fault{at(name), "missing"})
		case i >= 0:
			fields = append(fields, breakValue(r, sf.Type, n.vals[i], append(slices.Clip(path), name), p)...)
		case required:
			fields = append(fields, fault{at(name), "missing"}) // already absent: a break made above
		}
	}
	if r.Float64() < p/3 {
		name := fmt.Sprintf("zz_extra%d", r.IntN(100))
		i := r.IntN(len(n.keys) + 1)
		n.keys, n.vals = slices.Insert(n.keys, i, name), slices.Insert(n.vals, i, scalar("1"))
	}
	var extras []fault
	for _, k := range n.keys {
		if strings.HasPrefix(k, "zz_extra") {
			extras = append(extras, fault{at(k), "extra_forbidden"})
		}
	}
	return append(extras, fields...)
}

// breakHere replaces n with a value t does not accept and returns the
// violation type Pydantic reports for it; false when it has none for t.
func breakHere(r *rand.Rand, t reflect.Type, n *node) (string, bool) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	choices := faultsFor(t)
	if len(choices) == 0 {
		return "", false
	}
	c := choices[r.IntN(len(choices))]
	*n = *scalar(c[0])
	return c[1], true
}

// faultsFor lists {JSON text, violation type} breaks of a type.
func faultsFor(t reflect.Type) [][2]string {
	if t == reflect.TypeFor[time.Time]() {
		return [][2]string{{`"2024-13-01T00:00:00Z"`, "datetime_parsing"}, {`"2024-01-01T10:00:00"`, "timezone_aware"},
			{`"yesterday"`, "datetime_parsing"}, {`5`, "string_type"}}
	}
	switch k := t.Kind(); {
	case k == reflect.Bool:
		return [][2]string{{`2`, "bool_parsing"}, {`"maybe"`, "bool_parsing"}, {`1.5`, "bool_type"}, {`[]`, "bool_type"}}
	case k == reflect.String:
		return [][2]string{{`5`, "string_type"}, {`{}`, "string_type"}}
	case k >= reflect.Int && k <= reflect.Uint64:
		lo, hi, _ := infer.KindRange(k)
		below := strings.TrimPrefix(lo.RatString(), "-")
		return [][2]string{{plusOne(hi.RatString()), "less_than_equal"}, {"-" + plusOne(below), "greater_than_equal"},
			{`"abc"`, "int_parsing"}, {`"1s"`, "int_parsing"}, {`1.5`, "int_from_float"}, {`1e400`, "finite_number"}, {`[]`, "int_type"}}
	case k == reflect.Float32:
		return [][2]string{{`1e39`, "less_than"}, {`-1e39`, "greater_than"}, {`1e400`, "finite_number"}, {`"abc"`, "float_parsing"}}
	case k == reflect.Float64:
		return [][2]string{{`1e400`, "finite_number"}, {`"-1e999"`, "finite_number"}, {`"nan"`, "finite_number"}, {`"abc"`, "float_parsing"}, {`{}`, "float_type"}}
	case k == reflect.Slice && t.Elem() == reflect.TypeFor[uint8]():
		return [][2]string{{`"a$bc"`, "bytes_invalid_encoding"}, {`"QQ"`, "bytes_invalid_encoding"}, {`5`, "string_type"}}
	case k == reflect.Slice:
		return [][2]string{{`"x"`, "list_type"}, {`{}`, "list_type"}}
	case k == reflect.Map:
		return [][2]string{{`[]`, "dict_type"}, {`"x"`, "dict_type"}}
	case k == reflect.Struct && t.Name() != "":
		// A named struct is a $defs entry, a model: Pydantic's model_type.
		return [][2]string{{`5`, "model_type"}, {`[1]`, "model_type"}}
	case k == reflect.Struct:
		return [][2]string{{`5`, "dict_type"}, {`[1]`, "dict_type"}}
	}
	return nil
}

// plusOne adds one to a non-negative decimal integer.
func plusOne(s string) string {
	b := []byte(s)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] < '9' {
			b[i]++
			return string(b)
		}
		b[i] = '0'
	}
	return "1" + string(b)
}
