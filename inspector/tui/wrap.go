package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// wrapWords wraps s to w columns at spaces only. ansi.Wrap also breaks
// after every hyphen, which splits paths and URLs (/tmp/go- | build-1234/
// foo-bar) in reports a person copies from the screen or searches for;
// here such a word stays whole when it fits on a line, and one longer
// than a line is cut by ansi.Wrap after its last slash (or hyphen) that
// fits, else at the width. Spaces are kept as they are (a line's
// indentation, aligned columns), but for the one at each break.
func wrapWords(s string, w int) string {
	w = max(w, 1)
	var b strings.Builder
	b.Grow(len(s) + len(s)/w + 1)
	for i := 0; ; i++ {
		line, rest, more := strings.Cut(s, "\n")
		if i > 0 {
			b.WriteByte('\n')
		}
		wrapLine(&b, line, w)
		if !more {
			return b.String()
		}
		s = rest
	}
}

// wrapLine writes one line of wrapWords. The text of the row being
// filled is a slice of line (no copy per word), but after a cut word.
func wrapLine(b *strings.Builder, line string, w int) {
	cur, curW := "", 0
	end := -1 // where cur ends in line; -1: cur is not a slice of line
	for pos := 0; ; {
		word := line[pos:]
		if j := strings.IndexByte(word, ' '); j >= 0 {
			word = word[:j]
		}
		ww := width(word)
		switch {
		case pos == 0:
			cur, curW, end = word, ww, len(word)
		case curW+1+ww <= w && end == pos-1:
			cur, curW, end = line[pos-len(cur)-1:pos+len(word)], curW+1+ww, pos+len(word)
		case curW+1+ww <= w:
			cur, curW, end = cur+" "+word, curW+1+ww, -1
		default:
			b.WriteString(cur)
			b.WriteByte('\n')
			cur, curW, end = word, ww, pos+len(word)
		}
		if curW > w { // a word longer than the line: cut it, linearly
			cut := cutWord(cur, w)
			k := strings.LastIndexByte(cut, '\n')
			b.WriteString(cut[:k+1])
			cur, end = cut[k+1:], -1
			curW = width(cur)
		}
		pos += len(word) + 1
		if pos > len(line) {
			b.WriteString(cur)
			return
		}
	}
}

// cutWord cuts a word wider than w into lines: after its last slash (or
// hyphen) that fits, by ansi.Wrap, else at the width. ansi.Wrap can leave
// a slash just past the width on its line; then the word is cut at the
// width throughout.
func cutWord(word string, w int) string {
	cut := ansi.Wrap(word, w, "/")
	for l := range strings.SplitSeq(cut, "\n") {
		if width(l) > w {
			return ansi.Hardwrap(word, w, true)
		}
	}
	return cut
}

// width is ansi.StringWidth, at once for printable ASCII.
func width(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return ansi.StringWidth(s)
		}
	}
	return len(s)
}
