package sdk

import (
	"regexp"
	"strings"
	"unicode"
)

var toolNameRE = regexp.MustCompile(`^[A-Za-z0-9._-]{1,128}$`)

// ValidToolName reports whether name is allowed on the wire.
func ValidToolName(name string) bool { return toolNameRE.MatchString(name) }

// SnakeCase converts a Go identifier to snake_case: SearchBooks →
// search_books, HTTPGetURL → http_get_url, AddV2Book → add_v2_book.
func SnakeCase(name string) string {
	runes := []rune(name)
	var b strings.Builder
	for i, r := range runes {
		if unicode.IsUpper(r) {
			if i > 0 && startsWord(runes, i) {
				b.WriteByte('_')
			}
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// startsWord reports whether the upper-case rune at i begins a new word:
// after a lower-case letter or digit, or as the last capital of an acronym
// followed by a lower-case letter (the "U" of "URLs" does not, the "G" of
// "HTTPGet" does).
func startsWord(r []rune, i int) bool {
	prev := r[i-1]
	if unicode.IsLower(prev) || unicode.IsDigit(prev) {
		return true
	}
	if prev == '_' {
		return false
	}
	if i+1 < len(r) && unicode.IsLower(r[i+1]) && unicode.IsUpper(prev) {
		// "HTTPGet": before G; but not "URLs" (s is a plural suffix only if last)
		return !(r[i+1] == 's' && i+2 == len(r))
	}
	return false
}

// inferredName returns the snake_case tool name for a plain function's
// runtime name, or "" when the function is a closure or a method (those
// must be named explicitly).
func inferredName(funcName string) string {
	if funcName == "" || strings.ContainsAny(funcName, ".()-") {
		return ""
	}
	return SnakeCase(funcName)
}
