package validate

import (
	"errors"
	"net/url"
	"strings"
)

// The syntactic formats the library checks besides pydantic's: hostname,
// duration, json-pointer, relative-json-pointer, uri-reference, iri,
// iri-reference and semver. Each accepts exactly what the library's check
// accepts (the differential tests compare them); a refusal carries no
// reason, as the library's is not shown (see pydantic's format wording).

var errFormat = errors.New("does not match the format")

// syntaxFormats are the checks by format name.
var syntaxFormats = map[string]func(string) error{
	"hostname":              checkHostname,
	"duration":              checkDuration,
	"json-pointer":          checkJSONPointer,
	"relative-json-pointer": checkRelativeJSONPointer,
	"uri-reference":         func(s string) error { return checkURL(s, false) },
	"iri-reference":         func(s string) error { return checkURL(s, false) },
	"iri":                   func(s string) error { return checkURL(s, true) },
	"semver":                checkSemver,
}

// refuse is errFormat when bad.
func refuse(bad bool) error {
	if bad {
		return errFormat
	}
	return nil
}

// onlyBytes reports whether every byte of s is an ASCII letter or digit,
// or one of extra.
func onlyBytes(s, extra string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte(extra, c) >= 0) {
			return false
		}
	}
	return true
}

// leadingDigits counts the ASCII digits s starts with.
func leadingDigits(s string) int {
	n := 0
	for n < len(s) && '0' <= s[n] && s[n] <= '9' {
		n++
	}
	return n
}

// checkHostname: dot-separated labels of 1 to 63 letters, digits and
// inner hyphens, 253 bytes at most (a trailing dot aside).
func checkHostname(s string) error {
	s = strings.TrimSuffix(s, ".")
	if len(s) > 253 {
		return errFormat
	}
	for _, label := range strings.Split(s, ".") {
		if len(label) == 0 || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' || !onlyBytes(label, "-") {
			return errFormat
		}
	}
	return nil
}

// checkDuration: P, then a number of weeks (nW), or date units (Y, M, D)
// and, after T, time units (H, M, S), each a number and its unit, in
// order, none twice, at least one after a T.
func checkDuration(s string) error {
	rest, ok := strings.CutPrefix(s, "P")
	if !ok || rest == "" {
		return errFormat
	}
	if weeks, ok := strings.CutSuffix(rest, "W"); ok {
		return refuse(weeks == "" || leadingDigits(weeks) != len(weeks))
	}
	parts := strings.Split(rest, "T")
	if len(parts) > 2 {
		return errFormat
	}
	for i, part := range parts {
		if i == 1 && part == "" {
			return errFormat
		}
		units := []string{"YMD", "HMS"}[i]
		for part != "" {
			n := leadingDigits(part)
			if n == 0 || n == len(part) {
				return errFormat
			}
			j := strings.IndexByte(units, part[n])
			if j < 0 {
				return errFormat
			}
			units, part = units[j+1:], part[n+1:]
		}
	}
	return nil
}

// checkJSONPointer: empty, or /-prefixed tokens where ~ is always
// followed by 0 or 1.
func checkJSONPointer(s string) error {
	if s == "" {
		return nil
	}
	if s[0] != '/' {
		return errFormat
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '~' && (i+1 == len(s) || s[i+1] != '0' && s[i+1] != '1') {
			return errFormat
		}
	}
	return nil
}

// checkRelativeJSONPointer: a non-negative integer without leading zeros,
// then # or a JSON pointer.
func checkRelativeJSONPointer(s string) error {
	n := leadingDigits(s)
	if n == 0 || n > 1 && s[0] == '0' {
		return errFormat
	}
	if s[n:] == "#" {
		return nil
	}
	return checkJSONPointer(s[n:])
}

// checkURL: what net/url parses, an IPv6 host only in brackets and well
// formed; abs: with a scheme; a reference has no backslash.
func checkURL(s string, abs bool) error {
	if !abs && strings.Contains(s, `\`) {
		return errFormat
	}
	u, err := url.Parse(s)
	if err != nil {
		return errFormat
	}
	if host := u.Hostname(); strings.Contains(host, ":") {
		if !strings.Contains(u.Host, "[") || !strings.Contains(u.Host, "]") || checkIPv6(host) != nil {
			return errFormat
		}
	}
	return refuse(abs && !u.IsAbs())
}

// checkSemver: MAJOR.MINOR.PATCH, numbers without leading zeros, then an
// optional -pre.release (numeric parts without leading zeros) and
// +build.metadata, identifiers of letters, digits and hyphens.
func checkSemver(s string) error {
	if core, build, ok := strings.Cut(s, "+"); ok {
		if !identifiers(build, false) {
			return errFormat
		}
		s = core
	}
	if core, pre, ok := strings.Cut(s, "-"); ok {
		if !identifiers(pre, true) {
			return errFormat
		}
		s = core
	}
	nums := strings.Split(s, ".")
	if len(nums) != 3 {
		return errFormat
	}
	for _, n := range nums {
		if n == "" || len(n) > 1 && n[0] == '0' || leadingDigits(n) != len(n) {
			return errFormat
		}
	}
	return nil
}

// identifiers: dot-separated non-empty identifiers of letters, digits and
// hyphens; numeric: an all-digit one has no leading zero.
func identifiers(s string, numeric bool) bool {
	for _, id := range strings.Split(s, ".") {
		if id == "" || !onlyBytes(id, "-") {
			return false
		}
		if numeric && len(id) > 1 && id[0] == '0' && leadingDigits(id) == len(id) {
			return false
		}
	}
	return true
}
