package tui

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	_ "image/gif" // the formats an image block is drawn from
	_ "image/jpeg"
	_ "image/png"
)

// maxImagePixels bounds what is decoded to be drawn (16 MB as RGBA): a
// header claiming 10000×10000 is refused before any pixel is read.
const maxImagePixels = 4 << 20

// errNotImage: the bytes are no image format mcpdev decodes.
var errNotImage = errors.New("not a PNG, JPEG or GIF image")

// imageSize reads an image's format and size from its header only.
func imageSize(data []byte) (w, h int, format string, err error) {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	switch {
	case errors.Is(err, image.ErrFormat):
		return 0, 0, "", errNotImage
	case err != nil:
		return 0, 0, "", fmt.Errorf("unreadable %s header: %w", orNone(format), err)
	case cfg.Width <= 0 || cfg.Height <= 0:
		return 0, 0, "", fmt.Errorf("empty %s image (%d×%d)", format, cfg.Width, cfg.Height)
	}
	return cfg.Width, cfg.Height, format, nil
}

// decodeImage decodes an image to be drawn, or says why it cannot be.
func decodeImage(data []byte) (image.Image, string, error) {
	w, h, format, err := imageSize(data)
	if err != nil {
		return nil, "", err
	}
	if int64(w)*int64(h) > maxImagePixels {
		return nil, "", fmt.Errorf("too large to draw (%d×%d, over %d Mpx)", w, h, maxImagePixels>>20)
	}
	if format == "png" {
		data = pngEssentials(data)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, "", fmt.Errorf("cannot decode the %s: %w", format, err)
	}
	return img, format, nil
}

// pngEssentials is a PNG without its ancillary chunks but transparency:
// viewers skip a damaged colour profile or text chunk (server-everything's
// logo has an iCCP chunk with a bad checksum), Go's decoder refuses it.
// A chunk cut short is kept, for the decoder to report.
func pngEssentials(data []byte) []byte {
	const sig = 8
	if len(data) < sig {
		return data
	}
	out := append(make([]byte, 0, len(data)), data[:sig]...)
	for i := sig; i < len(data); {
		if len(data)-i < 12 {
			return append(out, data[i:]...)
		}
		n := int64(binary.BigEndian.Uint32(data[i:]))
		if n > int64(len(data)-i-12) {
			return append(out, data[i:]...)
		}
		end := i + 12 + int(n)
		if typ := string(data[i+4 : i+8]); typ[0] < 'a' || typ == "tRNS" {
			out = append(out, data[i:end]...)
		}
		i = end
	}
	return out
}

// fitImage scales img down (never up) to fit w×h pixels, keeping its
// aspect: each pixel the average of the source pixels it covers, over
// black where they are transparent.
func fitImage(img image.Image, w, h int) *image.RGBA {
	b := img.Bounds()
	sw, sh := b.Dx(), b.Dy()
	tw, th := sw, sh
	if tw > w {
		tw, th = w, max(th*w/tw, 1)
	}
	if th > h {
		tw, th = max(tw*h/th, 1), h
	}
	src := image.NewRGBA(image.Rect(0, 0, sw, sh))
	draw.Draw(src, src.Bounds(), image.NewUniform(color.Black), image.Point{}, draw.Src)
	draw.Draw(src, src.Bounds(), img, b.Min, draw.Over)
	if tw == sw && th == sh {
		return src
	}
	out := image.NewRGBA(image.Rect(0, 0, tw, th))
	for y := range th {
		y0, y1 := y*sh/th, max((y+1)*sh/th, y*sh/th+1)
		for x := range tw {
			x0, x1 := x*sw/tw, max((x+1)*sw/tw, x*sw/tw+1)
			out.SetRGBA(x, y, average(src, x0, y0, x1, y1))
		}
	}
	return out
}

// average is the mean colour of src's pixels in [x0,x1)×[y0,y1).
func average(src *image.RGBA, x0, y0, x1, y1 int) color.RGBA {
	var r, g, b, n int
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			i := src.PixOffset(x, y)
			r, g, b, n = r+int(src.Pix[i]), g+int(src.Pix[i+1]), b+int(src.Pix[i+2]), n+1
		}
	}
	return color.RGBA{uint8(r / n), uint8(g / n), uint8(b / n), 255}
}
