// Package columns aligns tab-separated cells as text/tabwriter does
// (minwidth 0, padding 2, spaces), measuring each cell as a terminal
// shows it: by grapheme cluster, so a name with CJK text or a ZWJ emoji
// sequence (👩‍👩‍👧‍👦, two cells) keeps its columns in line. tabwriter counts
// code points, eight for that family.
//
// A cell ends with a tab; the text after a line's last tab is not
// aligned. Every cell of column i is padded to the widest one of the
// table plus two spaces.
package columns

import (
	"bytes"
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// Writer buffers a table until Flush.
type Writer struct {
	out io.Writer
	buf bytes.Buffer
}

// NewWriter returns a Writer that writes the aligned table to out.
func NewWriter(out io.Writer) *Writer { return &Writer{out: out} }

// Write buffers p.
func (w *Writer) Write(p []byte) (int, error) { return w.buf.Write(p) }

// Flush writes what was buffered, aligned, and empties the buffer.
func (w *Writer) Flush() error {
	text := w.buf.String()
	w.buf.Reset()
	lines := strings.Split(text, "\n")
	var widths []int
	for _, l := range lines {
		cells := strings.Split(l, "\t")
		for i, c := range cells[:len(cells)-1] {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], ansi.StringWidth(c))
		}
	}
	var b strings.Builder
	b.Grow(len(text) + len(lines)*2*len(widths))
	for n, l := range lines {
		if n > 0 {
			b.WriteByte('\n')
		}
		cells := strings.Split(l, "\t")
		for i, c := range cells[:len(cells)-1] {
			b.WriteString(c)
			b.WriteString(strings.Repeat(" ", widths[i]-ansi.StringWidth(c)+2))
		}
		b.WriteString(cells[len(cells)-1])
	}
	_, err := io.WriteString(w.out, b.String())
	return err
}
