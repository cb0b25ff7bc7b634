package tui

import (
	"fmt"
	"image"
	"strings"
)

// Sixel: the image as a DCS string of 6-pixel-high bands, each band a
// row of characters per colour (63 + six bits, one per pixel, top bit
// lowest), colours from a fixed palette of 240: a 6×6×6 cube and 24
// greys between its steps. The raster attributes set 1:1 pixels and the
// size; P2=1 leaves unset pixels alone (none are: every pixel has a colour).

// cubeLevels are the 6 levels of each channel of the colour cube.
var cubeLevels = [6]int{0, 51, 102, 153, 204, 255}

// sixelPalette is the cube (registers 0–215) and the greys (216–239).
var sixelPalette = func() (p [240][3]int) {
	for i := range 216 {
		p[i] = [3]int{cubeLevels[i/36], cubeLevels[i/6%6], cubeLevels[i%6]}
	}
	for i := range 24 {
		v := 8 + i*10
		p[216+i] = [3]int{v, v, v}
	}
	return p
}()

// quantize is the palette register nearest to r, g, b: the cube's
// nearest corner or the nearest grey, whichever is closer.
func quantize(r, g, b int) int {
	ci := [3]int{(r + 25) / 51, (g + 25) / 51, (b + 25) / 51}
	cube := ci[0]*36 + ci[1]*6 + ci[2]
	gi := min(max((r+g+b)/3-3, 0)/10, 23)
	if dist(sixelPalette[216+gi], r, g, b) < dist(sixelPalette[cube], r, g, b) {
		return 216 + gi
	}
	return cube
}

func dist(c [3]int, r, g, b int) int {
	dr, dg, db := c[0]-r, c[1]-g, c[2]-b
	return dr*dr + dg*dg + db*db
}

// sixel encodes img (opaque pixels; alpha is ignored) as sixel.
func sixel(img *image.RGBA) string {
	bd := img.Bounds()
	w, h := bd.Dx(), bd.Dy()
	idx := make([]uint8, w*h)
	used := [240]bool{}
	for y := range h {
		for x := range w {
			i := img.PixOffset(bd.Min.X+x, bd.Min.Y+y)
			c := quantize(int(img.Pix[i]), int(img.Pix[i+1]), int(img.Pix[i+2]))
			idx[y*w+x], used[c] = uint8(c), true
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\x1bP0;1q\"1;1;%d;%d", w, h)
	for c, ok := range used {
		if ok {
			p := sixelPalette[c]
			fmt.Fprintf(&b, "#%d;2;%d;%d;%d", c, pct(p[0]), pct(p[1]), pct(p[2]))
		}
	}
	var planes [240][]byte // per colour, the band's sixels
	for top := 0; top < h; top += 6 {
		sixelBand(&b, idx, w, top, min(h-top, 6), &planes)
		b.WriteByte('-')
	}
	b.WriteString("\x1b\\")
	return b.String()
}

// sixelBand writes the band of rows top..top+n-1: for each colour in it,
// its sixels, run-length encoded, then "$" back to the band's start.
func sixelBand(b *strings.Builder, idx []uint8, w, top, n int, planes *[240][]byte) {
	var inBand [240]bool
	for r := range n {
		for x, c := range idx[(top+r)*w : (top+r+1)*w] {
			if planes[c] == nil {
				planes[c] = make([]byte, w)
			}
			planes[c][x] |= 1 << r
			inBand[c] = true
		}
	}
	first := true
	for c, ok := range inBand {
		if !ok {
			continue
		}
		if !first {
			b.WriteByte('$')
		}
		first = false
		fmt.Fprintf(b, "#%d", c)
		writeRuns(b, planes[c])
		clear(planes[c])
	}
}

// writeRuns writes sixel characters, "!n" before a run of four or more.
func writeRuns(b *strings.Builder, bits []byte) {
	end := len(bits)
	for end > 0 && bits[end-1] == 0 {
		end-- // nothing to draw at the band's right end
	}
	for x := 0; x < end; {
		run := 1
		for x+run < end && bits[x+run] == bits[x] {
			run++
		}
		ch := byte(63 + bits[x])
		if run >= 4 {
			fmt.Fprintf(b, "!%d%c", run, ch)
		} else {
			for range run {
				b.WriteByte(ch)
			}
		}
		x += run
	}
}

// pct is a channel 0–255 as sixel's percent 0–100.
func pct(v int) int { return (v*100 + 127) / 255 }
