package urimatch

import "strings"

// fastScan matches the simple templates whose every variable ends where
// the characters it allows end: the text after it (the rest of the
// template) starts with an ASCII character that the variable does not
// allow and that is not '%', or the variable ends the template. There the
// library's regular expression has one way to match, taking the longest
// run of allowed characters (and %XX escapes) for each variable, and a
// loop over the URI finds it without the regexp engine, which cost a
// quarter of a whole resources/read. Other simple templates keep the
// regexp. TestTemplateScanCharacters ties the allowed characters to the
// library's; FuzzTemplateScanMatchesRegexp holds the loop to the regexp.
type fastScan struct {
	lits     []string // lits[i] comes before variable i; the last one ends the template
	reserved []bool   // {+name}: reserved characters are allowed too
}

// newFastScan returns nil for a template the loop cannot match: a literal
// that is not ASCII, or a variable followed by text it might take.
func newFastScan(raw string, reserved []bool) *fastScan {
	s := &fastScan{reserved: reserved}
	for {
		open := strings.IndexByte(raw, '{')
		if open < 0 {
			break
		}
		s.lits = append(s.lits, raw[:open])
		raw = raw[open+strings.IndexByte(raw[open:], '}')+1:]
	}
	s.lits = append(s.lits, raw)
	for i, lit := range s.lits {
		if !ascii(lit) || i > 0 && !endsVariable(lit, reserved[i-1], i == len(s.lits)-1) {
			return nil
		}
	}
	return s
}

// endsVariable: lit, the text after a variable, stops the variable's run
// (or it is the template's end).
func endsVariable(lit string, reserved, last bool) bool {
	if lit == "" {
		return last
	}
	return lit[0] != '%' && !allowed(lit[0], reserved)
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// match appends each variable's raw value (not unescaped) to vals; false
// when uri does not fit.
func (s *fastScan) match(uri string, vals []string) ([]string, bool) {
	rest, ok := strings.CutPrefix(uri, s.lits[0])
	for i, reserved := range s.reserved {
		if !ok {
			return nil, false
		}
		n := runLen(rest, reserved)
		vals = append(vals, rest[:n])
		rest, ok = strings.CutPrefix(rest[n:], s.lits[i+1])
	}
	return vals, ok && rest == ""
}

// runLen is the length of the longest prefix of s made of characters a
// variable allows and %XX escapes.
func runLen(s string, reserved bool) int {
	i := 0
	for i < len(s) {
		switch {
		case allowed(s[i], reserved):
			i++
		case s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			i += 3
		default:
			return i
		}
	}
	return i
}

// allowed: the characters of a {name} value (RFC 6570's unreserved, and
// the comma of a list), and with reserved those of a {+name} value
// (unreserved and reserved), as the library's regexp allows them.
func allowed(c byte, reserved bool) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		return true
	case strings.IndexByte("-._~,", c) >= 0:
		return true
	}
	return reserved && strings.IndexByte(":/?#[]@!$&'()*+;=", c) >= 0
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
