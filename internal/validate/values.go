package validate

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
)

// typeOf is the JSON type bit of a decoded value; 0 for a value no JSON
// decodes to.
func typeOf(v any) uint8 {
	switch x := v.(type) {
	case nil:
		return tNull
	case bool:
		return tBoolean
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return 0
		}
		return tNumber
	case float32:
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return 0
		}
		return tNumber
	case json.Number, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		return tNumber
	case string:
		return tString
	case []any:
		return tArray
	case map[string]any:
		return tObject
	}
	return 0
}

// rat is a number's exact value, read from its text as the library reads
// it; nil when it has none.
func rat(v any) *big.Rat {
	r, ok := new(big.Rat).SetString(fmt.Sprint(v))
	if !ok {
		return nil
	}
	return r
}

// typeMatches reports whether v is of one of the types: an integer is a
// number with no fraction, whatever its text (1.0, 1e2).
func typeMatches(types uint8, v any) bool {
	t := typeOf(v)
	if types&t != 0 {
		return true
	}
	if types&tInteger != 0 && t == tNumber {
		r := rat(v)
		return r != nil && r.IsInt()
	}
	return false
}

// equal compares decoded JSON values as JSON Schema does: numbers by value.
func equal(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, xv := range x {
			yv, ok := y[k]
			if !ok || !equal(xv, yv) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case nil:
		return b == nil
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case string:
		y, ok := b.(string)
		return ok && x == y
	}
	if typeOf(a) != tNumber || typeOf(b) != tNumber {
		return false
	}
	ra, rb := rat(a), rat(b)
	return ra != nil && rb != nil && ra.Cmp(rb) == 0
}

// duplicates returns the first pair of equal items (i < j, the smallest j,
// then the smallest i); ok false when all differ.
func duplicates(arr []any) (i, j int, ok bool) {
	if len(arr) > 20 {
		return duplicatesByKey(arr)
	}
	for j := 1; j < len(arr); j++ {
		for i := 0; i < j; i++ {
			if equal(arr[i], arr[j]) {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}

// duplicatesByKey is duplicates for long arrays: equal values have equal
// keys.
func duplicatesByKey(arr []any) (i, j int, ok bool) {
	first := make(map[string]int, len(arr))
	var b strings.Builder
	for j, v := range arr {
		b.Reset()
		writeKey(&b, v)
		if i, ok := first[b.String()]; ok {
			return i, j, true
		}
		first[b.String()] = j
	}
	return 0, 0, false
}

// writeKey writes a text that two values share exactly when equal
// reports them equal.
func writeKey(b *strings.Builder, v any) {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		for _, k := range keys {
			b.WriteString(strconv.Quote(k))
			writeKey(b, x[k])
			b.WriteByte(',')
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for _, e := range x {
			writeKey(b, e)
			b.WriteByte(',')
		}
		b.WriteByte(']')
	case string:
		b.WriteString(strconv.Quote(x))
	case nil, bool:
		fmt.Fprint(b, x)
	default:
		if r := rat(x); r != nil && typeOf(x) == tNumber {
			b.WriteString("#" + r.RatString())
		} else {
			fmt.Fprintf(b, "?%p", &x) // never equal to anything
		}
	}
}
