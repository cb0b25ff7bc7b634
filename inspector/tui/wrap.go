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
	first := true
	emit := func(row string, _ int) {
		if !first {
			b.WriteByte('\n')
		}
		first = false
		b.WriteString(row)
	}
	for {
		line, rest, more := strings.Cut(s, "\n")
		wrapLine(line, w, emit)
		if !more {
			return b.String()
		}
		s = rest
	}
}

// wrapLine wraps one line of wrapWords, giving emit each row and where it
// ends in line (-1: the row is not a slice of line). The text of the row
// being filled is a slice of line (no copy per word), but after a word
// cut otherwise than at its characters.
func wrapLine(line string, w int, emit func(row string, end int)) {
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
			emit(cur, end)
			cur, curW, end = word, ww, pos+len(word)
		}
		if curW > w { // a word longer than the line: cut it, linearly
			cur, end = cutRows(cur, end, w, emit)
			curW = width(cur)
		}
		pos += len(word) + 1
		if pos > len(line) {
			emit(cur, end)
			return
		}
	}
}

// cutRows cuts cur, wider than w and ending at end in its line, into
// rows (cutWord); it emits all but the last, which it returns, with
// where it ends (-1 when cutting changed the characters).
func cutRows(cur string, end, w int, emit func(string, int)) (string, int) {
	if unbroken(cur) {
		return cutAtWidth(cur, end, w, emit), end
	}
	cut := cutWord(cur, w)
	rows := strings.Split(cut, "\n")
	if len(cut) != len(cur)+len(rows)-1 {
		end = -1 // not only line breaks added: the rows are not slices
	}
	at := end - len(cur)
	for _, r := range rows[:len(rows)-1] {
		at += len(r)
		if end < 0 {
			emit(r, -1)
		} else {
			emit(r, at)
		}
	}
	return rows[len(rows)-1], end
}

// cutAtWidth is cutRows for a word cutWord cuts at the width (unbroken):
// its rows are slices of w bytes, found without copying it.
func cutAtWidth(cur string, end, w int, emit func(string, int)) string {
	for len(cur) > w {
		at := -1
		if end >= 0 {
			at = end - len(cur) + w
		}
		emit(cur[:w], at)
		cur = cur[w:]
	}
	return cur
}

// unbroken reports whether word is printable ASCII (a column a byte)
// without a place cutWord may break it at (a slash or a hyphen).
func unbroken(word string) bool {
	for i := 0; i < len(word); i++ {
		if c := word[i]; c <= ' ' || c >= 0x7f || c == '/' || c == '-' {
			return false
		}
	}
	return true
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
