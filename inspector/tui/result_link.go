package tui

// A resource link in a result is read with the read key (o), as the
// resources view reads a resource: its contents replace the result, and
// esc goes back to the form. Of several links, the one read is the first
// whose header is on screen, else the nearest above the screen (its text
// is what shows), else the first.

// linkLine is a resource link of the result and the line its block
// starts on.
type linkLine struct {
	line int
	uri  string
}

// linkNote follows "o reads it" under a link when there are several.
func (d *resultData) linkNote() string {
	n := 0
	for _, b := range d.blocks {
		if b.link != "" {
			n++
		}
	}
	if n > 1 {
		return " (of several links, the first on screen)"
	}
	return ""
}

// linkToRead is the link the read key reads.
func (p *resultPane) linkToRead() (string, bool) {
	if p.call != nil || len(p.links) == 0 {
		return "", false
	}
	top, bottom := p.vp.offset, p.vp.offset+p.vp.height
	above := -1
	for i, l := range p.links {
		switch {
		case l.line < top:
			above = i
		case l.line < bottom:
			return l.uri, true
		}
	}
	if above >= 0 {
		return p.links[above].uri, true
	}
	return p.links[0].uri, true
}
