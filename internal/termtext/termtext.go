// Package termtext makes text that a server controls safe to write to a
// terminal. Tool names, descriptions, results, stderr lines and log
// messages come from the server: written raw, an escape sequence in them
// could copy to the clipboard (OSC 52), clear the screen, retitle the
// window, plant a hyperlink, or move the cursor and overwrite what mcpdev
// printed. This package is the one place that decides what such text may
// contain; every path that shows it on a terminal goes through it.
//
// Nothing is dropped: each control is shown as a visible stand-in, so an
// escape sequence reads as text (␛]52;c;… ) and does nothing.
//
//   - C0 controls become their Unicode control pictures: ESC ␛, NUL ␀,
//     a lone "\r" ␍, BEL ␇; DEL becomes ␡.
//   - C1 controls (U+0080–U+009F, the 8-bit CSI U+009B among them) and the
//     line and paragraph separators become \u escapes: \u009b. In JSON
//     text that is the JSON escape of the same character.
//   - Hidden characters (hidden.go: zero-width, bidi and other format
//     characters), which show as nothing or reorder what is shown, become
//     their code points: ⟨U+200B⟩, ⟨U+202E⟩.
//   - Bytes that are not UTF-8 become \x escapes: \xff.
//   - Tabs become spaces up to the next multiple of 8 columns.
//   - "\n" stays in Text (and "\r\n" is a line break too); Line, for names
//     and table cells, shows it as ␊.
package termtext

import (
	"strings"
	"unicode/utf8"
)

// Text returns s safe to print on a terminal, keeping its line breaks.
func Text(s string) string { return clean(s, true, false) }

// Line returns s safe to print on a terminal as one line: a line break
// shows as ␊ (and "\r" as ␍).
func Line(s string) string { return clean(s, false, false) }

// Styled is Text for a screen mcpdev rendered itself: its own SGR styling
// (ESC [ digits ; : m — colours, bold, reverse) is kept, anything else is
// made visible as Text does. It is the last guard in front of the terminal;
// server text inside it has already been through Text or Line.
func Styled(s string) string { return clean(s, true, true) }

// clean rewrites s when it needs it; text that is already safe is
// returned as it is, without copying.
func clean(s string, keepNL, keepSGR bool) string {
	i := firstUnsafe(s, keepNL, keepSGR)
	if i < 0 {
		return s
	}
	c := cleaner{keepNL: keepNL, keepSGR: keepSGR, col: columns(s[:i])}
	c.b.Grow(len(s) + 16)
	c.b.WriteString(s[:i])
	for i < len(s) {
		i += c.step(s, i)
	}
	return c.b.String()
}

// cleaner writes the safe form of a string, tracking the column for tabs.
type cleaner struct {
	b               strings.Builder
	keepNL, keepSGR bool
	col             int
}

// step writes the stand-in for the character at s[i] and returns how many
// bytes it consumed.
func (c *cleaner) step(s string, i int) int {
	ch := s[i]
	if ch >= utf8.RuneSelf {
		return c.stepRune(s, i)
	}
	switch {
	case ch == '\n' && c.keepNL:
		c.b.WriteByte('\n')
		c.col = 0
		return 1
	case ch == '\r' && c.keepNL && i+1 < len(s) && s[i+1] == '\n':
		return 1 // "\r\n" is a line break: the "\n" follows
	case ch == '\t':
		pad := 8 - c.col%8
		c.b.WriteString("        "[:pad])
		c.col += pad
		return 1
	case ch == 0x1b && c.keepSGR:
		if n := sgrLen(s[i:]); n > 0 {
			c.b.WriteString(s[i : i+n])
			return n
		}
	}
	switch {
	case ch < 0x20:
		c.b.WriteRune(0x2400 + rune(ch)) // ␀ … ␟
	case ch == 0x7f:
		c.b.WriteRune('␡')
	default:
		c.b.WriteByte(ch)
	}
	c.col++
	return 1
}

func (c *cleaner) stepRune(s string, i int) int {
	r, size := utf8.DecodeRuneInString(s[i:])
	switch {
	case r == utf8.RuneError && size == 1:
		c.b.WriteString(`\x` + hex2(s[i]))
		c.col += 4
	case unsafeRune(r):
		c.b.WriteString(`\u` + hex2(byte(r>>8)) + hex2(byte(r)))
		c.col += 6
	case hiddenAt(s, i, r, size):
		cp := CodePoint(r)
		c.b.WriteString(cp)
		c.col += utf8.RuneCountInString(cp)
	default:
		c.b.WriteString(s[i : i+size])
		c.col++
	}
	return size
}

// unsafeRune reports the non-ASCII characters a terminal acts on (the
// hidden ones are hiddenAt's).
func unsafeRune(r rune) bool {
	switch {
	case r >= 0x80 && r <= 0x9f: // C1 controls
		return true
	case r == 0x2028, r == 0x2029: // line and paragraph separators
		return true
	}
	return false
}

// firstUnsafe is the index of the first byte that needs rewriting, or -1.
func firstUnsafe(s string, keepNL, keepSGR bool) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if (r == utf8.RuneError && size == 1) || unsafeRune(r) || hiddenAt(s, i, r, size) {
				return i
			}
			i += size
			continue
		}
		if c == 0x1b && keepSGR {
			if n := sgrLen(s[i:]); n > 0 {
				i += n
				continue
			}
		}
		if (c < 0x20 && !(c == '\n' && keepNL)) || c == 0x7f {
			return i
		}
		i++
	}
	return -1
}

// columns counts the columns since the last line break, for tab stops.
func columns(s string) int {
	if j := strings.LastIndexByte(s, '\n'); j >= 0 {
		s = s[j+1:]
	}
	return utf8.RuneCountInString(s)
}

// sgrLen is the length of the SGR sequence s starts with (ESC [ params m),
// or 0.
func sgrLen(s string) int {
	if len(s) < 3 || s[0] != 0x1b || s[1] != '[' {
		return 0
	}
	for j := 2; j < len(s) && j < 64; j++ {
		switch c := s[j]; {
		case c == 'm':
			return j + 1
		case (c < '0' || c > '9') && c != ';' && c != ':':
			return 0
		}
	}
	return 0
}

func hex2(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&0xf]})
}
