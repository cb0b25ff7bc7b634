package tui

import (
	"sort"
	"strings"
)

// pagedText is a long text (a result of megabytes) laid out as it is
// shown: for its width, where each row starts and ends in the text is
// found once, without copying the text, and only the rows on screen are
// cut out of it (Row). Its rows are those wrapWords gives.
type pagedText struct {
	text  string
	width int
	rows  []textRow
	own   map[int]string // a row that is not a slice of the text (none expected)
	drawn int            // rows cut out so far, for tests
}

// textRow is where a row lies in the text.
type textRow struct{ start, end int }

// pagedMin is the length from which a text block is paged.
const pagedMin = 64 << 10

func newPagedText(text string, w int) *pagedText {
	p := &pagedText{text: text, width: max(w, 10)}
	n := 0
	p.eachLine(func(_ int, line string) { n += p.countRows(line) })
	p.rows = make([]textRow, 0, n) // no more than the rows take
	p.eachLine(p.addLine)
	return p
}

// eachLine calls fn with each line of the text and where it starts.
func (p *pagedText) eachLine(fn func(off int, line string)) {
	for pos := 0; ; {
		line, _, more := strings.Cut(p.text[pos:], "\n")
		fn(pos, line)
		if !more {
			return
		}
		pos += len(line) + 1
	}
}

// countRows is the number of rows line takes.
func (p *pagedText) countRows(line string) int {
	if width(line) <= p.width {
		return 1
	}
	n := 0
	wrapLine(line, p.width, func(string, int) { n++ })
	return n
}

// addLine adds the rows of the line at off in the text.
func (p *pagedText) addLine(off int, line string) {
	if width(line) <= p.width {
		p.rows = append(p.rows, textRow{off, off + len(line)})
		return
	}
	wrapLine(line, p.width, func(row string, end int) {
		if end < 0 {
			if p.own == nil {
				p.own = map[int]string{}
			}
			p.own[len(p.rows)] = row
			p.rows = append(p.rows, textRow{})
			return
		}
		p.rows = append(p.rows, textRow{off + end - len(row), off + end})
	})
}

// Len is the number of rows.
func (p *pagedText) Len() int { return len(p.rows) }

// Row is row i, a slice of the text.
func (p *pagedText) Row(i int) string {
	p.drawn++
	if s, ok := p.own[i]; ok {
		return s
	}
	r := p.rows[i]
	return p.text[r.start:r.end]
}

// rowDoc is a pane's content: rows laid out already, and paged texts
// laid out as they are shown, in order.
type rowDoc struct {
	parts []rowPart
	n     int
}

type rowPart struct {
	first int // the doc's row the part starts at
	lines []string
	paged *pagedText
}

// addLines appends rows laid out already.
func (d *rowDoc) addLines(lines ...string) {
	if len(lines) == 0 {
		return
	}
	if k := len(d.parts); k > 0 && d.parts[k-1].paged == nil {
		d.parts[k-1].lines = append(d.parts[k-1].lines, lines...)
	} else {
		d.parts = append(d.parts, rowPart{first: d.n, lines: lines})
	}
	d.n += len(lines)
}

// addPaged appends a paged text.
func (d *rowDoc) addPaged(p *pagedText) {
	d.parts = append(d.parts, rowPart{first: d.n, paged: p})
	d.n += p.Len()
}

// Len is the number of rows.
func (d *rowDoc) Len() int { return d.n }

// Row is row i.
func (d *rowDoc) Row(i int) string {
	k := sort.Search(len(d.parts), func(k int) bool { return d.parts[k].first > i }) - 1
	part := d.parts[k]
	if part.paged != nil {
		return part.paged.Row(i - part.first)
	}
	return part.lines[i-part.first]
}

// drawn is the number of paged rows cut out so far (for tests).
func (d *rowDoc) drawn() int {
	n := 0
	for _, p := range d.parts {
		if p.paged != nil {
			n += p.paged.drawn
		}
	}
	return n
}
