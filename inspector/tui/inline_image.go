package tui

import (
	"encoding/base64"
	"errors"
	"fmt"
	"image"
	"strings"
)

// Inline images. In a terminal that draws them — kitty's graphics
// protocol with Unicode placeholders: kitty and Ghostty — a PNG image
// block of the result is drawn under its header. The PNG is sent once,
// beside the frames (tea.Raw: an APC sequence that creates a virtual
// placement of c×r cells), and placed by cells of the layout: U+10EEEE,
// each marked with its row and column by combining marks and coloured
// with the image's id. To lipgloss and the renderer they are ordinary
// 1-cell characters, so the layout holds. Elsewhere (tmux or screen in
// between, another terminal, NO_COLOR, another image type) the block
// keeps its description and s saves it. iTerm2's and sixel images are
// drawn at the cursor instead: image_place.go.

// errPaneTooNarrow: not one cell is left for the image.
var errPaneTooNarrow = errors.New("the pane is too narrow")

// placeholder is kitty's image placeholder character; placeMarks are the
// combining marks numbering its rows and columns (the protocol's table,
// its first 40 entries: an image is at most 40 cells each way).
const placeholder = '\U0010EEEE'

var placeMarks = [...]rune{
	0x0305, 0x030D, 0x030E, 0x0310, 0x0312, 0x033D, 0x033E, 0x033F,
	0x0346, 0x034A, 0x034B, 0x034C, 0x0350, 0x0351, 0x0352, 0x0357,
	0x035B, 0x0363, 0x0364, 0x0365, 0x0366, 0x0367, 0x0368, 0x0369,
	0x036A, 0x036B, 0x036C, 0x036D, 0x036E, 0x036F, 0x0483, 0x0484,
	0x0485, 0x0486, 0x0487, 0x0592, 0x0593, 0x0594, 0x0595, 0x0597,
}

// maxImageRows is the tallest an inline image is drawn, in rows.
const maxImageRows = 16

// inlineImage is an image drawn in cols×rows cells as image id.
type inlineImage struct {
	id, cols, rows int
	png            []byte        // kitty: the PNG; iTerm2: the file
	proto          ImageProtocol // how it is drawn
	px             *image.RGBA   // iTerm2, sixel: the image scaled to its cells
	cell           [2]int        // iTerm2, sixel: a cell's size in pixels
	seqs           map[[2]int]string
}

// newInlineImage sizes an image for a pane w cells wide, or says why it
// cannot be drawn. kitty is sent the PNG (a cell taken as 8×16 pixels,
// never larger than the image); iTerm2 and sixel get it decoded and
// scaled to the terminal's cells (image_place.go).
func newInlineImage(id int, data []byte, w int, proto ImageProtocol, cell [2]int) (*inlineImage, error) {
	if proto.drawnAtCursor() {
		return newCursorImage(id, data, w, proto, cell)
	}
	iw, ih, format, err := imageSize(data)
	if err != nil {
		return nil, err
	}
	if format != "png" {
		return nil, fmt.Errorf("kitty is sent PNG only (this is %s)", format)
	}
	cols, rows := (iw+7)/8, (ih+15)/16
	if maxC := min(w, len(placeMarks)); cols > maxC {
		rows, cols = max(rows*maxC/cols, 1), maxC
	}
	if rows > maxImageRows {
		cols, rows = max(cols*maxImageRows/rows, 1), maxImageRows
	}
	if cols < 1 {
		return nil, errPaneTooNarrow
	}
	return &inlineImage{id: id, cols: cols, rows: rows, png: data, proto: proto}, nil
}

// transmit is the APC sequence that sends the PNG and makes its virtual
// placement (U=1), in chunks of 4096 base64 bytes, quietly (q=2: no
// answer comes back as input).
func (im *inlineImage) transmit() string {
	enc := base64.StdEncoding.EncodeToString(im.png)
	var b strings.Builder
	b.Grow(len(enc) + len(enc)/4096*16 + 64)
	for first := true; first || enc != ""; first = false {
		chunk := enc[:min(len(enc), 4096)]
		enc = enc[len(chunk):]
		more := 0
		if enc != "" {
			more = 1
		}
		if first {
			fmt.Fprintf(&b, "\x1b_Ga=T,U=1,f=100,t=d,q=2,i=%d,c=%d,r=%d,m=%d;%s\x1b\\", im.id, im.cols, im.rows, more, chunk)
		} else {
			fmt.Fprintf(&b, "\x1b_Gm=%d;%s\x1b\\", more, chunk)
		}
	}
	return b.String()
}

// lines are the image's rows of placeholder cells, in its id's colour.
func (im *inlineImage) lines() []string {
	if im.proto.drawnAtCursor() {
		return im.markLines()
	}
	out := make([]string, im.rows)
	for r := range out {
		var b strings.Builder
		fmt.Fprintf(&b, "\x1b[38;5;%dm", im.id)
		for c := 0; c < im.cols; c++ {
			b.WriteRune(placeholder)
			b.WriteRune(placeMarks[r])
			b.WriteRune(placeMarks[c])
		}
		b.WriteString("\x1b[39m")
		out[r] = b.String()
	}
	return out
}

// placeImages gives the result's images ids and sizes, and queues them
// to be sent, when images are drawn; an image that cannot be drawn gets
// the reason. Ids run from 16 to 255: a 256-colour index the renderer
// writes as it is.
func (p *resultPane) placeImages() {
	p.images, p.unDrawn = nil, nil
	if p.proto == ImagesOff || p.data == nil {
		return
	}
	for _, md := range p.data.media {
		if md.kind != "image" {
			continue
		}
		id := p.lastID%240 + 16
		im, err := newInlineImage(id, md.data, p.width, p.proto, p.cell)
		if err != nil {
			if p.unDrawn == nil {
				p.unDrawn = map[int]string{}
			}
			p.unDrawn[md.index] = err.Error()
			continue
		}
		if p.images == nil {
			p.images = map[int]*inlineImage{}
		}
		p.images[md.index], p.lastID = im, p.lastID+1
		if p.proto == ImagesKitty {
			p.transmit += im.transmit()
		}
	}
}

// takeTransmit returns the images waiting to be sent, once.
func (p *resultPane) takeTransmit() string {
	s := p.transmit
	p.transmit = ""
	return s
}
