package pydantic

import "time"

// Dates and times as RFC 3339 writes them, which is what JSON Schema's
// formats and Go's time.Time mean. Whether a date-time is accepted is Go's
// decision (time.Time.UnmarshalText, what encoding/json runs for a
// time.Time field), so that validation accepts exactly what the handler
// can decode; the reason for a refusal is worded as pydantic-core's date
// parser (speedate) words it: "month value is outside expected range of
// 1-12", "invalid character in hour".

// checkDateTime is the date-time format: Go's RFC 3339.
func checkDateTime(s string) error {
	var t time.Time
	if t.UnmarshalText([]byte(s)) == nil {
		return nil
	}
	if r := dateTimeReason(s); r != "" {
		return reason(r)
	}
	return errNoReason
}

// checkDate is the date format: RFC 3339's full-date, YYYY-MM-DD.
func checkDate(s string) error {
	if r := dateReason(s); r != "" {
		return reason(r)
	}
	if len(s) > 10 {
		return reason(extraChars)
	}
	return nil
}

// checkTime is the time format: RFC 3339's full-time, HH:MM:SS with an
// optional fraction and a required offset.
func checkTime(s string) error {
	if r := timeReason(s); r != "" {
		return reason(r)
	}
	if !hasOffset(s) {
		return errNoTimezone
	}
	return nil
}

const (
	tooShort   = "input is too short"
	extraChars = "unexpected extra characters at the end of the input"
	timeSep    = "invalid time separator, expected `:`"
)

// dateTimeReason explains why Go refused s, in speedate's words; "" when
// it finds nothing wrong.
func dateTimeReason(s string) string {
	if r := dateReason(s); r != "" {
		return r
	}
	if len(s) == 10 || !isOneOf(s[10], "Tt_ ") {
		return "invalid datetime separator, expected `T`, `t`, `_` or space"
	}
	if r := timeReason(s[11:]); r != "" {
		return r
	}
	if s[10] != 'T' {
		return "invalid datetime separator, expected `T`"
	}
	if !hasOffset(s[11:]) {
		return errNoTimezone.Error()
	}
	return ""
}

// dateReason checks the YYYY-MM-DD at the start of s.
func dateReason(s string) string {
	switch {
	case len(s) < 10:
		return tooShort
	case !isDigits(s[0:4]):
		return "invalid character in year"
	case s[4] != '-' || s[7] != '-':
		return "invalid date separator, expected `-`"
	case !isDigits(s[5:7]):
		return "invalid character in month"
	case !isDigits(s[8:10]):
		return "invalid character in day"
	}
	year, month, day := atoi(s[0:4]), atoi(s[5:7]), atoi(s[8:10])
	if month < 1 || month > 12 {
		return "month value is outside expected range of 1-12"
	}
	if day < 1 || day > daysIn(year, month) {
		return "day value is outside expected range"
	}
	return ""
}

// timeReason checks s as HH:MM:SS[.fraction][Z|±HH:MM].
func timeReason(s string) string {
	switch {
	case len(s) < 5:
		return tooShort
	case !isDigits(s[0:2]):
		return "invalid character in hour"
	case s[2] != ':':
		return timeSep
	case !isDigits(s[3:5]):
		return "invalid character in minute"
	case atoi(s[0:2]) > 23:
		return "hour value is outside expected range of 0-23"
	case atoi(s[3:5]) > 59:
		return "minute value is outside expected range of 0-59"
	case len(s) == 5 || s[5] != ':':
		return timeSep // RFC 3339 requires the seconds
	case len(s) < 8 || !isDigits(s[6:8]):
		return "invalid character in second"
	case atoi(s[6:8]) > 59:
		return "second value is outside expected range of 0-59"
	}
	rest := s[8:]
	if len(rest) > 0 && (rest[0] == '.' || rest[0] == ',') {
		n := 1
		for n < len(rest) && isDigit(rest[n]) {
			n++
		}
		if n == 1 {
			return "second fraction digits missing after `.`"
		}
		rest = rest[n:]
	}
	return offsetReason(rest)
}

// offsetReason checks what follows the time: nothing, Z or ±HH:MM.
func offsetReason(s string) string {
	switch {
	case s == "" || s == "Z":
		return ""
	case s[0] == 'z':
		return "invalid timezone sign, expected `Z`"
	case s[0] != '+' && s[0] != '-':
		if s[0] == 'Z' {
			return extraChars
		}
		return "invalid timezone sign"
	case len(s) < 3 || !isDigits(s[1:3]):
		return "invalid timezone hour"
	case len(s) < 4 || s[3] != ':':
		if len(s) >= 5 && isDigits(s[3:5]) {
			return "invalid timezone separator, expected `:`"
		}
		return "invalid timezone minute"
	case len(s) < 6 || !isDigits(s[4:6]):
		return "invalid timezone minute"
	case atoi(s[1:3]) >= 24:
		return "timezone offset must be less than 24 hours"
	case atoi(s[4:6]) > 59:
		return "timezone minute value is outside expected range of 0-59"
	case len(s) > 6:
		return extraChars
	}
	return ""
}

// hasOffset reports whether a time that timeReason accepted ends in Z or
// an offset.
func hasOffset(s string) bool {
	last := s[len(s)-1]
	return last == 'Z' || len(s) > 8 && (s[len(s)-6] == '+' || s[len(s)-6] == '-')
}

func daysIn(year, month int) int {
	return time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isOneOf(c byte, set string) bool {
	for i := 0; i < len(set); i++ {
		if set[i] == c {
			return true
		}
	}
	return false
}

// atoi reads a short run of ASCII digits (already checked).
func atoi(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}
