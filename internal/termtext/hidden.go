package termtext

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Hidden characters are drawn as nothing, or reorder the text around them:
// the format characters (Unicode Cf: the zero-width space, non-joiner and
// joiner, the bidi marks, embeddings, overrides and isolates, the word
// joiner, the byte order mark, the soft hyphen, the tag characters…) and
// the other default-ignorable ones (the Hangul fillers…). Two names that
// differ by them look the same: Text and Line show each as ⟨U+200B⟩. A
// zero-width joiner between two pictographs is kept: it joins an emoji
// sequence (👩‍💻), which shows as one picture.

const zwj = 0x200d

// IsHidden reports whether r is a hidden character wherever it stands (a
// zero-width joiner too, which Text keeps inside an emoji sequence).
func IsHidden(r rune) bool { return hiddenRune(r) }

// hiddenRune reports the characters that are hidden wherever they stand.
func hiddenRune(r rune) bool {
	return r >= 0x80 && (unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r))
}

// hiddenAt reports whether r, the character of size bytes at s[i], is
// hidden there: a zero-width joiner inside an emoji sequence is not.
func hiddenAt(s string, i int, r rune, size int) bool {
	return hiddenRune(r) && !(r == zwj && joinsEmoji(s[:i], s[i+size:]))
}

// joinsEmoji: a pictograph (or its modifier or emoji presentation
// selector) ends before and a pictograph starts after.
func joinsEmoji(before, after string) bool {
	p, _ := utf8.DecodeLastRuneInString(before)
	n, _ := utf8.DecodeRuneInString(after)
	pictograph := func(r rune) bool { return r >= 0x80 && r != utf8.RuneError && unicode.In(r, unicode.So, unicode.Sk) }
	return (pictograph(p) || p == 0xfe0f) && pictograph(n)
}

// Hidden returns the hidden characters of s, in order: what Line shows as
// ⟨U+…⟩ stand-ins. A name holding any looks like another without them.
func Hidden(s string) []rune {
	var out []rune
	eachHidden(s, func(_ int, r rune, _ int) { out = append(out, r) })
	return out
}

// WithoutHidden returns s without its hidden characters: what a person
// reads (and types) for it.
func WithoutHidden(s string) string {
	var b strings.Builder
	last := 0
	eachHidden(s, func(i int, _ rune, size int) {
		b.WriteString(s[last:i])
		last = i + size
	})
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// eachHidden calls f with the index, character and size of each hidden
// character of s.
func eachHidden(s string, f func(i int, r rune, size int)) {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if hiddenAt(s, i, r, size) {
			f(i, r, size)
		}
		i += size
	}
}

// CodePoint is r as mcpdev shows a hidden character: ⟨U+200B⟩.
func CodePoint(r rune) string {
	const digits = "0123456789ABCDEF"
	b := []byte("U+")
	n := 4
	for r>>(4*n) != 0 {
		n++
	}
	for k := n - 1; k >= 0; k-- {
		b = append(b, digits[(r>>(4*k))&0xf])
	}
	return "⟨" + string(b) + "⟩"
}
