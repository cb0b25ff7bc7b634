package infer

import (
	"encoding/json"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"time"

	"github.com/invopop/jsonschema"

	"github.com/mcpdev/mcpdev/internal/pydantic"
)

// The limits a Go type puts on its JSON value, which encoding/json would
// otherwise enforce with an error in Go's words after validation passed:
// an integer kind's range, a float32's, a float64's finiteness. Ranges
// narrower than 64 bits are published in the input schema (a uint8 field
// says minimum 0, maximum 255; every unsigned kind says minimum 0); the
// 64-bit ones and finiteness, which say nothing a client needs to be told
// (and would make a Go server's int differ from Python's on the wire),
// are in the schema the SDK validates against only.

// ValidationSchema is the input schema of t as the SDK validates it:
// the published one plus the limits it leaves unsaid.
func ValidationSchema(t reflect.Type, docs Docs) (*jsonschema.Schema, error) {
	return inferSchemaWith(t, schemaFixer{docs: docs, validation: true})
}

var durationType = reflect.TypeFor[time.Duration]()

// durationNote is how the schema documents time.Duration's one form on
// the wire: encoding/json's, an integer count of nanoseconds.
const durationNote = "A duration in nanoseconds (1000000000 = 1s)."

// limits adds to prop, the schema of a value of Go type t, what t implies.
func (f schemaFixer) limits(prop *jsonschema.Schema, t reflect.Type) {
	if t == durationType {
		prop.Description = joinSentences(prop.Description, durationNote)
	}
	k := t.Kind()
	lo, hi, published := KindRange(k)
	switch {
	case lo == nil:
	case published || f.validation:
		tighten(prop, lo, hi)
	case k >= reflect.Uint && k <= reflect.Uintptr:
		tighten(prop, lo, nil) // minimum 0 says something; 18446744073709551615 does not
	}
	if k == reflect.Float32 {
		setExclusive(prop, new(big.Rat).SetFloat64(math.Ldexp(1<<25-1, 103))) // rounds to +Inf as a float32
	}
	if f.validation && isNumberKind(k) && prop.Format == "" {
		prop.Format = pydantic.FormatDouble
	}
}

// KindRange is an integer kind's range; published says whether the
// input schema shows it (kinds narrower than 64 bits).
func KindRange(k reflect.Kind) (lo, hi *big.Rat, published bool) {
	switch k {
	case reflect.Int8, reflect.Int16, reflect.Int32:
		bits := map[reflect.Kind]uint{reflect.Int8: 8, reflect.Int16: 16, reflect.Int32: 32}[k]
		return ratInt(-1 << (bits - 1)), ratInt(1<<(bits-1) - 1), true
	case reflect.Int, reflect.Int64:
		return ratInt(math.MinInt64), ratInt(math.MaxInt64), false
	case reflect.Uint8, reflect.Uint16, reflect.Uint32:
		bits := map[reflect.Kind]uint{reflect.Uint8: 8, reflect.Uint16: 16, reflect.Uint32: 32}[k]
		return ratInt(0), ratInt(1<<bits - 1), true
	case reflect.Uint, reflect.Uint64, reflect.Uintptr:
		return ratInt(0), new(big.Rat).SetFrac(new(big.Int).SetUint64(math.MaxUint64), big.NewInt(1)), false
	}
	return nil, nil, false
}

func ratInt(n int64) *big.Rat { return big.NewRat(n, 1) }

func isNumberKind(k reflect.Kind) bool {
	return k >= reflect.Int && k <= reflect.Uintptr || k == reflect.Float32 || k == reflect.Float64
}

// tighten sets prop's minimum and maximum to lo and hi (nil: leave that
// side) unless a bound already there is as tight.
func tighten(prop *jsonschema.Schema, lo, hi *big.Rat) {
	if lo != nil && !atLeast(prop.Minimum, lo) && !atLeast(prop.ExclusiveMinimum, lo) {
		prop.Minimum = json.Number(lo.RatString())
	}
	if hi != nil && !atMost(prop.Maximum, hi) && !atMost(prop.ExclusiveMaximum, hi) {
		prop.Maximum = json.Number(hi.RatString())
	}
}

// setExclusive bounds prop to the open interval (-r, r).
func setExclusive(prop *jsonschema.Schema, r *big.Rat) {
	neg := new(big.Rat).Neg(r)
	text := strconv.FormatFloat(f64(r), 'g', -1, 64)
	if !atLeast(prop.Minimum, neg) && !atLeast(prop.ExclusiveMinimum, neg) {
		prop.ExclusiveMinimum = json.Number("-" + text)
	}
	if !atMost(prop.Maximum, r) && !atMost(prop.ExclusiveMaximum, r) {
		prop.ExclusiveMaximum = json.Number(text)
	}
}

func f64(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}

// atLeast reports a bound (schema text, "" for none) >= r.
func atLeast(bound json.Number, r *big.Rat) bool {
	b, ok := new(big.Rat).SetString(string(bound))
	return bound != "" && ok && b.Cmp(r) >= 0
}

// atMost reports a bound (schema text, "" for none) <= r.
func atMost(bound json.Number, r *big.Rat) bool {
	b, ok := new(big.Rat).SetString(string(bound))
	return bound != "" && ok && b.Cmp(r) <= 0
}

// joinSentences appends b to a description a.
func joinSentences(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
}
