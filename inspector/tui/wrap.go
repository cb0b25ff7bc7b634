package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// wrapWords wraps s to w columns at spaces only. ansi.Wrap also breaks
// after every hyphen, which splits paths and URLs (/tmp/go- | build-1234/
// foo-bar) in reports a person copies from the screen or searches for;
// here such a word stays whole when it fits on a line, and one longer
// than a line is cut after its last slash that fits (a path breaks
// between its parts), else at the width. Spaces are kept as they are (a line's
// indentation, aligned columns), but for the one at each break.
func wrapWords(s string, w int) string {
	w = max(w, 1)
	var out []string
	for _, line := range strings.Split(s, "\n") {
		cur, curW := "", 0
		for i, word := range strings.Split(line, " ") {
			ww := ansi.StringWidth(word)
			switch {
			case i == 0:
				cur, curW = word, ww
			case curW+1+ww <= w:
				cur, curW = cur+" "+word, curW+1+ww
			default:
				out = append(out, cur)
				cur, curW = word, ww
			}
			for curW > w {
				piece := ansi.Truncate(cur, w, "")
				if i := strings.LastIndexByte(piece, '/'); i > 0 && i < len(piece)-1 {
					piece = piece[:i+1]
				}
				out = append(out, piece)
				cur = ansi.TruncateLeft(cur, ansi.StringWidth(piece), "")
				curW = ansi.StringWidth(cur)
			}
		}
		out = append(out, cur)
	}
	return strings.Join(out, "\n")
}
