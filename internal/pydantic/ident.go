package pydantic

import (
	"fmt"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// UUIDs, URIs and email addresses as JSON Schema's formats mean them, with
// refusals worded as Pydantic words them (the reasons of Rust's uuid and
// url crates, and of the email-validator package).

// checkUUID accepts what Pydantic's UUID does: RFC 4122's hyphenated
// form, 8-4-4-4-12 hex digits, bare, braced or after "urn:uuid:", and 32
// hex digits bare.
func checkUUID(s string) error {
	body, at, simple := s, 0, true
	switch {
	case strings.HasPrefix(s, "urn:uuid:"):
		body, at, simple = s[len("urn:uuid:"):], len("urn:uuid:"), false
	case len(s) >= 2 && s[0] == '{' && s[len(s)-1] == '}':
		body, at, simple = s[1:len(s)-1], 1, false
	}
	for _, r := range body {
		at++
		if !isHex(r) && r != '-' {
			return reason(fmt.Sprintf("invalid character: found `%c` at %d", r, at))
		}
	}
	groups := strings.Split(body, "-")
	if len(groups) == 1 && simple {
		if len(body) != 32 {
			return reason(fmt.Sprintf("invalid length: expected length 32 for simple format, found %d", len(body)))
		}
		return nil
	}
	if len(groups) != 5 {
		return reason(fmt.Sprintf("invalid group count: expected 5, found %d", len(groups)))
	}
	for g, want := range []int{8, 4, 4, 4, 12} {
		if len(groups[g]) != want {
			return reason(fmt.Sprintf("invalid group length in group %d: expected %d, found %d", g, want, len(groups[g])))
		}
	}
	return nil
}

func isHex(r rune) bool {
	return '0' <= r && r <= '9' || 'a' <= r && r <= 'f' || 'A' <= r && r <= 'F'
}

// specialSchemes need a host, as the WHATWG URL standard (and so
// Pydantic's URL type) says.
var specialSchemes = map[string]bool{"http": true, "https": true, "ws": true, "wss": true, "ftp": true}

// checkURI accepts an absolute URI: a scheme, and a valid host for the
// schemes that need one.
func checkURI(s string) error {
	if s == "" {
		return reason("input is empty")
	}
	colon := strings.IndexByte(s, ':')
	if colon < 1 || !validScheme(s[:colon]) {
		return reason("relative URL without a base")
	}
	u, err := url.Parse(s)
	if err != nil {
		return reason(urlReason(s, err))
	}
	if !specialSchemes[strings.ToLower(u.Scheme)] {
		return nil
	}
	return hostError(u)
}

func validScheme(s string) bool {
	for i, r := range s {
		letter := 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
		if !letter && (i == 0 || !('0' <= r && r <= '9' || r == '+' || r == '-' || r == '.')) {
			return false
		}
	}
	return true
}

// urlReason words why net/url refused s.
func urlReason(s string, err error) string {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "port"):
		return "invalid port number"
	case strings.Contains(msg, "IPv6") || strings.Contains(s, "["):
		return "invalid IPv6 address"
	case strings.Contains(msg, "host"):
		return "invalid international domain name"
	}
	return "invalid URL character"
}

func hostError(u *url.URL) error {
	host := u.Hostname()
	switch {
	case host == "":
		return reason("empty host")
	case strings.HasPrefix(u.Host, "["):
		if !isIP(host) {
			return reason("invalid IPv6 address")
		}
	case looksLikeIPv4(host) && !isIP(host):
		return reason("invalid IPv4 address")
	case strings.ContainsAny(host, " <>\"^`{|}%"):
		return reason("invalid international domain name")
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n > 65535 {
			return reason("invalid port number")
		}
	}
	return nil
}

// isIP is net.ParseIP(s) != nil (an address without a zone), without
// linking package net.
func isIP(s string) bool {
	a, err := netip.ParseAddr(s)
	return err == nil && a.Zone() == ""
}

func looksLikeIPv4(host string) bool {
	return strings.Trim(host, "0123456789.") == "" && strings.Count(host, ".") == 3
}

// checkEmail accepts local@domain: a non-empty local part of printable
// characters and a domain of dot-separated labels with at least one dot.
func checkEmail(s string) error {
	at := strings.LastIndexByte(s, '@')
	switch {
	case at < 0:
		return reason("An email address must have an @-sign.")
	case at == 0:
		return reason("There must be something before the @-sign.")
	case at == len(s)-1:
		return reason("There must be something after the @-sign.")
	}
	if r := localReason(s[:at]); r != "" {
		return reason(r)
	}
	if r := domainReason(s[at+1:]); r != "" {
		return reason(r)
	}
	return nil
}

func localReason(local string) string {
	if bad := badChars(local, func(r rune) bool {
		return r > ' ' && r != 0x7f && !strings.ContainsRune(`@"(),:;<>[\]`, r) && utf8.ValidRune(r)
	}); bad != "" {
		return "The email address contains invalid characters before the @-sign: " + bad + "."
	}
	switch {
	case strings.HasPrefix(local, "."):
		return "An email address cannot start with a period."
	case strings.HasSuffix(local, "."):
		return "An email address cannot have a period immediately before the @-sign."
	case strings.Contains(local, ".."):
		return "An email address cannot have two periods in a row."
	}
	return ""
}

func domainReason(domain string) string {
	if bad := badChars(domain, func(r rune) bool {
		return r == '.' || r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r)
	}); bad != "" {
		return "The part after the @-sign contains invalid characters: " + bad + "."
	}
	switch {
	case strings.HasPrefix(domain, "."):
		return "An email address cannot have a period immediately after the @-sign."
	case strings.HasSuffix(domain, "."):
		return "An email address cannot end with a period."
	case strings.Contains(domain, ".."):
		return "An email address cannot have two periods in a row."
	case strings.HasPrefix(domain, "-"):
		return "An email address cannot have a hyphen immediately after the @-sign."
	case strings.HasSuffix(domain, "-"):
		return "An email address cannot end with a hyphen."
	case strings.Contains(domain, ".-") || strings.Contains(domain, "-."):
		return "An email address cannot have a period and a hyphen next to each other."
	case !strings.Contains(domain, "."):
		return "The part after the @-sign is not valid. It should have a period."
	}
	return ""
}

// badChars lists, sorted and once each, the characters of s that ok
// refuses, as email-validator shows them: "SPACE, '!'".
func badChars(s string, ok func(rune) bool) string {
	var bad []rune
	for _, r := range s {
		if !ok(r) && !slices.Contains(bad, r) {
			bad = append(bad, r)
		}
	}
	slices.Sort(bad)
	shown := make([]string, len(bad))
	for i, r := range bad {
		shown[i] = displayChar(r)
	}
	return strings.Join(shown, ", ")
}

// displayChar shows a character as email-validator does: Python's repr
// of letters, digits, punctuation and symbols, the Unicode name or code
// of anything else.
func displayChar(r rune) string {
	switch {
	case r == ' ':
		return "SPACE"
	case unicode.In(r, unicode.L, unicode.N, unicode.P, unicode.S):
		return quote(string(r))
	}
	return fmt.Sprintf("U+%04X", r)
}
