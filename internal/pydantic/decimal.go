package pydantic

import (
	"strconv"
	"strings"
)

// maxIntegerDigits bounds the integers IntegerText writes out: beyond it a
// number is larger than any Go integer by far, and Pydantic reads it as a
// float (1e400 is not finite).
const maxIntegerDigits = 400

// IntegerText returns the decimal digits of a JSON number that is an
// integer, without fraction or exponent ("2.0" → "2", "-1.5e3" →
// "-1500"); false when it has a fractional part or more than 400 digits.
// It works on the text, so it is exact at any size.
func IntegerText(n string) (string, bool) {
	d, ok := splitNumber(n)
	if !ok || d.point > maxIntegerDigits {
		return "", false
	}
	sig := strings.TrimRight(d.digits, "0")
	if d.point < len(sig) {
		return "", false
	}
	if sig == "" {
		return "0", true
	}
	text := d.digits + strings.Repeat("0", max(0, d.point-len(d.digits)))
	text = text[:d.point]
	if d.neg {
		text = "-" + text
	}
	return text, true
}

// isIntegral reports a JSON number without a fractional part, however
// large.
func isIntegral(n string) bool {
	d, ok := splitNumber(n)
	return ok && d.point >= len(strings.TrimRight(d.digits, "0"))
}

// decimal is a number as significant digits and the position of the
// decimal point among them (point > len(digits): trailing zeros).
type decimal struct {
	neg    bool
	digits string // no leading zeros; "" for zero
	point  int
}

// splitNumber reads JSON number text. An exponent too large to read
// counts as 1<<30 (its sign kept).
func splitNumber(s string) (decimal, bool) {
	var d decimal
	if strings.HasPrefix(s, "-") {
		d.neg, s = true, s[1:]
	}
	mant, exp, hasExp := strings.Cut(strings.ToLower(s), "e")
	intPart, frac, _ := strings.Cut(mant, ".")
	if intPart == "" && frac == "" || !isDigitsOrEmpty(intPart) || !isDigitsOrEmpty(frac) {
		return d, false
	}
	e := 0
	if hasExp {
		var ok bool
		if e, ok = readExponent(exp); !ok {
			return d, false
		}
	}
	digits := strings.TrimLeft(intPart+frac, "0")
	d.digits = digits
	d.point = len(intPart) - (len(intPart+frac) - len(digits)) + e
	if digits == "" {
		d.point = 0
	}
	return d, true
}

func readExponent(s string) (int, bool) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimLeft(s, "+-")
	if !isDigits(s) {
		return 0, false
	}
	e, err := strconv.Atoi(s)
	if err != nil || e > 1<<30 {
		e = 1 << 30
	}
	if neg {
		e = -e
	}
	return e, true
}

func isDigitsOrEmpty(s string) bool { return s == "" || isDigits(s) }
