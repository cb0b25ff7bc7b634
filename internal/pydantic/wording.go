package pydantic

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// Leaf is one failed keyword, as a validator found it.
type Leaf struct {
	// Keyword: maximum, minimum, exclusiveMaximum, exclusiveMinimum,
	// multipleOf, minLength, maxLength, pattern, minItems, maxItems,
	// minProperties, maxProperties, additionalItems, enum, const, format,
	// contentEncoding, uniqueItems, or false (the false schema).
	Keyword string
	Bound   *big.Rat // the number bounds' and multipleOf's value
	Want    int      // the lengths' and counts' limit; additionalItems: the items allowed; uniqueItems: the first equal index
	Got     int      // the count found; uniqueItems: the second equal index
	Text    string   // pattern: its source; format, contentEncoding: the name
	Values  []any    // enum: its values; const: its value
	Err     error    // format, contentEncoding: why the check refused
}

// Words returns Pydantic's error type and message for l; input is the
// value at the error's location.
func (l Leaf) Words(input any) (typ, msg string) {
	switch l.Keyword {
	case "maximum":
		return "less_than_equal", "Input should be less than or equal to " + number(l.Bound)
	case "minimum":
		return "greater_than_equal", "Input should be greater than or equal to " + number(l.Bound)
	case "exclusiveMaximum":
		return "less_than", "Input should be less than " + number(l.Bound)
	case "exclusiveMinimum":
		return "greater_than", "Input should be greater than " + number(l.Bound)
	case "multipleOf":
		return "multiple_of", "Input should be a multiple of " + number(l.Bound)
	case "minLength":
		return "string_too_short", "String should have at least " + count(l.Want, "character")
	case "maxLength":
		return "string_too_long", "String should have at most " + count(l.Want, "character")
	case "pattern":
		return "string_pattern_mismatch", fmt.Sprintf("String should match pattern '%s'", l.Text)
	case "minItems":
		return "too_short", fmt.Sprintf("List should have at least %s after validation, not %d", count(l.Want, "item"), l.Got)
	case "maxItems":
		return "too_long", fmt.Sprintf("List should have at most %s after validation, not %d", count(l.Want, "item"), l.Got)
	case "minProperties":
		return "too_short", fmt.Sprintf("Dictionary should have at least %s after validation, not %d", count(l.Want, "item"), l.Got)
	case "maxProperties":
		return "too_long", fmt.Sprintf("Dictionary should have at most %s after validation, not %d", count(l.Want, "item"), l.Got)
	case "additionalItems":
		n := 0
		if arr, ok := input.([]any); ok {
			n = len(arr)
		}
		return "too_long", fmt.Sprintf("Tuple should have at most %s after validation, not %d", count(n-l.Want, "item"), n)
	case "enum":
		// An enum is what a Literal[…] gives (the seed's enums are
		// Literals), worded as Pydantic words a Literal: 'a', 'b' or 'c'.
		return "literal_error", "Input should be " + orList(l.Values)
	case "const":
		return "literal_error", "Input should be " + Repr(l.Values[0])
	case "format":
		return formatWording(l.Text, l.Err)
	case "contentEncoding":
		return contentWording(l.Text, l.Err)
	case "uniqueItems":
		// Pydantic v2 has no unique-items check; an after-validator raising
		// ValueError is how it is done there, and reads like this.
		return "value_error", fmt.Sprintf("Value error, List items should be unique (items %d and %d are equal)", l.Want, l.Got)
	}
	return "extra_forbidden", "Extra inputs are not permitted" // the false schema
}

// typeWording is Pydantic's message for a value of the wrong JSON type.
func typeWording(t string) (typ, msg string) {
	switch t {
	case "integer":
		return "int_type", "Input should be a valid integer"
	case "number":
		return "float_type", "Input should be a valid number"
	case "string":
		return "string_type", "Input should be a valid string"
	case "boolean":
		return "bool_type", "Input should be a valid boolean"
	case "array":
		return "list_type", "Input should be a valid list"
	case "object":
		return "dict_type", "Input should be a valid dictionary"
	}
	return "none_required", "Input should be None"
}

// laxTypeWording is Pydantic's message for a value of the wrong JSON type
// once lax mode has tried to convert it: a string that does not parse as
// the number or boolean wanted, a number with a fraction for an integer,
// a number other than 0 or 1 for a boolean.
func laxTypeWording(t string, input any) (typ, msg string) {
	switch x := input.(type) {
	case string:
		switch {
		case (t == "number" || t == "integer") && isNonFinite(x):
			return "finite_number", errNotFinite.Error()
		case t == "integer", t == "number", t == "boolean":
			return ParsingWording(t)
		}
	case json.Number:
		integral := isIntegral(string(x))
		switch {
		case t == "integer" && !integral:
			return "int_from_float", "Input should be a valid integer, got a number with a fractional part"
		case t == "boolean" && integral:
			return "bool_parsing", "Input should be a valid boolean, unable to interpret input"
		}
	}
	return typeWording(t)
}

// ParsingWording is Pydantic's message for a string that does not parse
// as JSON type t ("integer", "number" or "boolean"), as lax mode reads it.
func ParsingWording(t string) (typ, msg string) {
	switch t {
	case "integer":
		return "int_parsing", "Input should be a valid integer, unable to parse string as an integer"
	case "number":
		return "float_parsing", "Input should be a valid number, unable to parse string as a number"
	}
	return "bool_parsing", "Input should be a valid boolean, unable to interpret input"
}

// isNonFinite reports a string Python's float() reads as inf or nan.
func isNonFinite(s string) bool {
	switch strings.ToLower(strings.TrimLeft(strings.TrimSpace(s), "+-")) {
	case "inf", "infinity", "nan":
		return true
	}
	return false
}

// formatWording is what Pydantic says when a string does not parse as the
// type a JSON Schema format stands for: pydantic-core's "…, {error}"
// templates, with the reason this package's checks give (see Configure).
// A reason from anywhere else (the jsonschema library's own format
// checks, Go's parsers) is not shown: it would be Go's words.
func formatWording(name string, err error) (typ, msg string) {
	r, _ := ownReason(err)
	switch {
	case err == errNoTimezone:
		return "timezone_aware", errNoTimezone.Error()
	case err == errNotFinite:
		return "finite_number", errNotFinite.Error()
	}
	tail := func(sep string) string {
		if r == "" {
			return ""
		}
		return sep + r
	}
	switch name {
	case "date-time":
		return "datetime_parsing", "Input should be a valid datetime" + tail(", ")
	case "date":
		return "date_parsing", "Input should be a valid date in the format YYYY-MM-DD" + tail(", ")
	case "time":
		return "time_parsing", "Input should be in a valid time format" + tail(", ")
	case "duration":
		return "time_delta_parsing", "Input should be a valid duration" + tail(", ")
	case "uuid":
		return "uuid_parsing", "Input should be a valid UUID" + tail(", ")
	case "uri", "iri", "uri-reference", "iri-reference":
		return "url_parsing", "Input should be a valid URL" + tail(", ")
	case "email", "idn-email":
		return "value_error", "value is not a valid email address" + tail(": ")
	case "ipv4":
		return "ip_v4_address", "Input is not a valid IPv4 address"
	case "ipv6":
		return "ip_v6_address", "Input is not a valid IPv6 address"
	case "ipvanyaddress":
		return "ip_any_address", "value is not a valid IPv4 or IPv6 address"
	case "ipvanynetwork":
		return "ip_any_network", "value is not a valid IPv4 or IPv6 network"
	}
	return "value_error", "Value error, Input should be a valid " + name + tail(", ")
}

// contentWording is Pydantic's message for bytes that do not decode.
func contentWording(name string, err error) (typ, msg string) {
	msg = "Data should be valid " + name
	if r, ok := ownReason(err); ok && r != "" {
		msg += ": " + r
	}
	return "bytes_invalid_encoding", msg
}

// count is "1 item", "2 items".
func count(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return strconv.Itoa(n) + " " + unit + "s"
}

// orList words allowed values as Pydantic does: 'a', 'b' or 'c'.
func orList(vals []any) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = Repr(v)
	}
	if len(parts) <= 1 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
}
