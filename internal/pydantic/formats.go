package pydantic

import (
	"encoding/json"
	"errors"
	"math"
	"strconv"
)

// The formats and content encoding this package checks itself, so that a
// refusal carries Pydantic's reason and never a Go error's text.

// reason is a refusal already worded as Pydantic words its cause.
type reason string

func (r reason) Error() string { return string(r) }

var (
	// errNoTimezone: a date-time or time without Z or an offset.
	errNoTimezone = reason("Input should have timezone info")
	// errNoReason: refused for a cause Pydantic has no words for.
	errNoReason = reason("")
	// errNotFinite: a number that no float64 holds (1e400).
	errNotFinite = reason("Input should be a finite number")
)

// FormatDouble is the format the SDK gives the numbers of a validation
// schema (never a published one): the number must fit a float64, as
// encoding/json requires of any Go number. OpenAPI uses the same name.
const FormatDouble = "double"

// stringFormats are the formats checked here, by name.
var stringFormats = map[string]func(string) error{
	"date-time": checkDateTime,
	"date":      checkDate,
	"time":      checkTime,
	"uuid":      checkUUID,
	"uri":       checkURI,
	"email":     checkEmail,
}

// Format returns the check of a format this package words, or nil. Like
// a jsonschema format, it passes any value the format does not apply to.
func Format(name string) func(any) error {
	if name == FormatDouble {
		return checkDouble
	}
	check := stringFormats[name]
	if check == nil {
		return nil
	}
	return func(v any) error {
		s, ok := v.(string)
		if !ok {
			return nil
		}
		return check(s)
	}
}

// checkDouble refuses a number too large for a float64.
func checkDouble(v any) error {
	n, ok := v.(json.Number)
	if !ok {
		return nil
	}
	if f, err := strconv.ParseFloat(string(n), 64); err != nil && math.IsInf(f, 0) {
		return errNotFinite
	}
	return nil
}

// FormatNames lists the formats Format checks: date-time (as Go's
// time.Time reads it), date, time, uuid, uri, email and double. A
// validator asserting formats uses these checks for them.
func FormatNames() []string {
	return []string{"date-time", "date", "time", "uuid", "uri", "email", FormatDouble}
}

// ownReason returns the reason of an error this package raised.
func ownReason(err error) (string, bool) {
	var r reason
	if errors.As(err, &r) {
		return string(r), true
	}
	return "", false
}
