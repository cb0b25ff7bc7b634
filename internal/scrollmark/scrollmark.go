// Package scrollmark words the scroll mark: a pane whose content is
// taller than it (the inspector's lists, results, logs, and the forms
// package's forms) gives its last row to a faint line saying how much is
// above and below what it shows, in what the pane holds: "↓ 12 more
// lines", "↑ 3 above · ↓ 9 more calls", "↑ 5 entries above". One home, so
// that every pane says it the same way.
package scrollmark

import (
	"strconv"

	"github.com/charmbracelet/x/ansi"
)

// Noun is what a pane scrolls, in the singular and the plural.
type Noun struct{ One, Many string }

// Lines is what a pane of laid-out text scrolls.
var Lines = Noun{"line", "lines"}

func (n Noun) of(k int) string {
	if k == 1 {
		return n.One
	}
	return n.Many
}

// Row is the faint row saying that above items are above the pane and
// below more below it, cut at w.
func Row(above, below, w int, what Noun) string {
	var s string
	switch {
	case above > 0 && below > 0:
		s = "↑ " + strconv.Itoa(above) + " above · ↓ " + strconv.Itoa(below) + " more " + what.of(below)
	case above > 0:
		s = "↑ " + strconv.Itoa(above) + " " + what.of(above) + " above"
	case below > 0:
		s = "↓ " + strconv.Itoa(below) + " more " + what.of(below)
	}
	return dim(ansi.Truncate(s, w, "…"))
}

// dim is the mark's look: faint, whatever the palette.
func dim(s string) string { return "\x1b[2m" + s + "\x1b[22m" }
