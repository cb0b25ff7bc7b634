package args

import (
	"encoding/json"
	"reflect"
)

// DecodeAny decodes JSON with numbers as float64, so 1 and 1.0 compare equal.
func DecodeAny(s string) (any, error) {
	var v any
	err := json.Unmarshal([]byte(s), &v)
	return v, err
}

// EqualJSON reports whether a and b are valid JSON of equal values (key
// order and number spelling aside).
func EqualJSON(a, b string) bool {
	va, errA := DecodeAny(a)
	vb, errB := DecodeAny(b)
	return errA == nil && errB == nil && EqualValues(va, vb)
}

// EqualValues reports whether two decoded JSON values are equal.
func EqualValues(a, b any) bool { return reflect.DeepEqual(a, b) }
