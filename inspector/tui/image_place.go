package tui

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// Images drawn at the cursor (iTerm2's OSC 1337, sixel) land on cells the
// renderer owns. The pane lays out each image as rows of blank marker
// cells (U+2800), each row coloured 38;2;id;row;77 — invisible on a blank,
// and a colour no server text can carry. View records where the marker
// rows landed on the screen (a piece: the image's visible rows, whole,
// none cut by the pane's edge or a popup); a moment after the frame went
// out (imageSettle, so the renderer has written the marker cells) the
// pieces that moved are drawn: the cursor saved, each piece's cells
// rewritten as the renderer has them (erasing what was drawn there
// before), the image's visible rows drawn over them, the cursor
// restored. A change of tab, a scroll or a popup makes the renderer
// write other cells over the image, which erases it there; the next
// check draws it where it now is.

// imageSettle is how long after an update the images are drawn: longer
// than a frame.
const imageSettle = 100 * time.Millisecond

// defaultCell is a cell's size in pixels when the terminal does not say.
var defaultCell = [2]int{8, 16}

// markBlank is the marker cell: blank, and not a space to the renderer.
const markBlank = "\u2800"

var markRe = regexp.MustCompile("\x1b\\[38;2;(\\d+);(\\d+);77m((?:\u2800)+)")

// imagesDrawMsg: time to draw the images that moved.
type imagesDrawMsg struct{}

// piece is rows r0..r1-1 of image id, drawn with its top-left cell at
// column x of screen row y.
type piece struct{ id, r0, r1, y, x int }

// newCursorImage decodes an image and scales it to at most w cells wide
// and maxImageRows high, in cells of cell pixels.
func newCursorImage(id int, data []byte, w int, proto ImageProtocol, cell [2]int) (*inlineImage, error) {
	if cell[0] <= 0 || cell[1] <= 0 {
		cell = defaultCell
	}
	if w < 1 {
		return nil, errPaneTooNarrow
	}
	img, _, err := decodeImage(data)
	if err != nil {
		return nil, err
	}
	px := fitImage(img, w*cell[0], maxImageRows*cell[1])
	cols, rows := ceilDiv(px.Rect.Dx(), cell[0]), ceilDiv(px.Rect.Dy(), cell[1])
	return &inlineImage{id: id, cols: cols, rows: rows, png: data, proto: proto, px: px, cell: cell}, nil
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

// markLines are the image's rows of marker cells.
func (im *inlineImage) markLines() []string {
	out := make([]string, im.rows)
	run := strings.Repeat(markBlank, im.cols)
	for r := range out {
		out[r] = fmt.Sprintf("\x1b[38;2;%d;%d;77m%s\x1b[39m", im.id, r, run)
	}
	return out
}

// sequence draws rows r0..r1-1 of the image at the cursor.
func (im *inlineImage) sequence(r0, r1 int) string {
	key := [2]int{r0, r1}
	if s, ok := im.seqs[key]; ok {
		return s
	}
	var s string
	switch {
	case im.proto == ImagesITerm2 && r0 == 0 && r1 == im.rows:
		s = osc1337(im.png, im.cols, im.rows) // the file as the server sent it
	case im.proto == ImagesITerm2:
		s = osc1337(im.cropPNG(r0, r1), im.cols, r1-r0)
	default:
		s = sixel(im.crop(r0, r1))
	}
	if im.seqs == nil {
		im.seqs = map[[2]int]string{}
	}
	im.seqs[key] = s
	return s
}

// crop is the scaled image's pixels of rows r0..r1-1.
func (im *inlineImage) crop(r0, r1 int) *image.RGBA {
	b := im.px.Rect
	return im.px.SubImage(image.Rect(0, r0*im.cell[1], b.Dx(), min(r1*im.cell[1], b.Dy()))).(*image.RGBA)
}

// cropPNG is rows r0..r1-1 as a PNG of whole rows (transparent below
// the image), so it keeps the scale of the whole image.
func (im *inlineImage) cropPNG(r0, r1 int) []byte {
	c := im.crop(r0, r1)
	out := image.NewRGBA(image.Rect(0, 0, c.Rect.Dx(), (r1-r0)*im.cell[1]))
	draw.Draw(out, c.Rect.Sub(c.Rect.Min), c, c.Rect.Min, draw.Src)
	var b bytes.Buffer
	_ = png.Encode(&b, out) // writing to memory does not fail
	return b.Bytes()
}

// findPieces reads a frame for the images' marker rows.
func findPieces(frame string, images map[int]*inlineImage) []piece {
	byID := map[int]*inlineImage{}
	for _, im := range images {
		byID[im.id] = im
	}
	var out []piece
	for y, line := range strings.Split(frame, "\n") {
		if !strings.Contains(line, markBlank) {
			continue
		}
		for _, m := range markRe.FindAllStringSubmatchIndex(line, -1) {
			id, _ := strconv.Atoi(line[m[2]:m[3]])
			r, _ := strconv.Atoi(line[m[4]:m[5]])
			im := byID[id]
			if im == nil || r >= im.rows || (m[7]-m[6])/len(markBlank) != im.cols {
				continue // cut by the pane's edge or a popup
			}
			x := ansi.StringWidth(line[:m[0]])
			if n := len(out) - 1; n >= 0 && out[n].id == id && out[n].x == x && out[n].r1 == r && out[n].y+r-out[n].r0 == y {
				out[n].r1++
				continue
			}
			out = append(out, piece{id: id, r0: r, r1: r + 1, y: y, x: x})
		}
	}
	return out
}

// observe records where the frame puts the images (View calls it).
func (p *resultPane) observe(frame string) {
	if !p.proto.drawnAtCursor() || (len(p.images) == 0 && len(p.drawn) == 0) {
		return
	}
	p.placed = findPieces(frame, p.images)
	if !slices.Equal(p.placed, p.drawn) {
		p.dirty = true
	}
}

// drawSoon is the command that draws the images a moment after this
// update's frame, when images are drawn at the cursor and none is due.
func (p *resultPane) drawSoon() tea.Cmd {
	if !p.proto.drawnAtCursor() || p.checking || (len(p.images) == 0 && len(p.drawn) == 0) {
		return nil
	}
	p.checking = true
	return tea.Tick(imageSettle, func(time.Time) tea.Msg { return imagesDrawMsg{} })
}

// drawImages is what draws the images where the last frame put them,
// when that is not where they were drawn.
func (p *resultPane) drawImages() string {
	p.checking = false
	if !p.dirty {
		return ""
	}
	p.dirty, p.drawn = false, p.placed
	byID := map[int]*inlineImage{}
	for _, im := range p.images {
		byID[im.id] = im
	}
	var b strings.Builder
	for _, pc := range p.placed {
		im := byID[pc.id]
		if im == nil {
			continue
		}
		blank := strings.Repeat(markBlank, im.cols)
		for r := pc.r0; r < pc.r1; r++ {
			b.WriteString(ansi.CursorPosition(pc.x+1, pc.y+r-pc.r0+1) + ansi.ResetStyle + blank)
		}
		b.WriteString(ansi.CursorPosition(pc.x+1, pc.y+1) + im.sequence(pc.r0, pc.r1))
	}
	if b.Len() == 0 {
		return ""
	}
	return ansi.SaveCursor + b.String() + ansi.RestoreCursor
}
