package tui

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var osc1337Re = regexp.MustCompile("\x1b\\]1337;File=([^:]*):([A-Za-z0-9+/=]*)\a")

// osc1337Fields are an OSC 1337 file's header fields and decoded payload.
func osc1337Fields(t *testing.T, seq string) (map[string]string, []byte) {
	t.Helper()
	m := osc1337Re.FindStringSubmatch(seq)
	if m == nil {
		t.Fatalf("no OSC 1337 file in %q", clip(seq))
	}
	fields := map[string]string{}
	for _, kv := range strings.Split(m[1], ";") {
		k, v, _ := strings.Cut(kv, "=")
		fields[k] = v
	}
	data, err := base64.StdEncoding.DecodeString(m[2])
	if err != nil {
		t.Fatal(err)
	}
	return fields, data
}

func clip(s string) string { return s[:min(len(s), 200)] }

func TestOSC1337FieldsAndPayload(t *testing.T) {
	data := []byte("\x89PNG\r\n\x1a\n any bytes \x00\xff\x07\x1b")
	seq := osc1337(data, 12, 5)
	if !strings.HasPrefix(seq, "\x1b]1337;File=") || !strings.HasSuffix(seq, "\a") || strings.Count(seq, "\a") != 1 {
		t.Fatalf("framing: %q", seq)
	}
	f, got := osc1337Fields(t, seq)
	want := map[string]string{"inline": "1", "size": strconv.Itoa(len(data)), "width": "12", "height": "5", "preserveAspectRatio": "1"}
	if fmt.Sprint(f) != fmt.Sprint(want) {
		t.Errorf("fields %v, want %v", f, want)
	}
	if !bytes.Equal(got, data) {
		t.Errorf("payload %q, want %q", got, data)
	}
}

// unsixel is a test-only sixel decoder: the raster size and the pixels
// (unset pixels transparent).
func unsixel(t *testing.T, s string) *image.RGBA {
	t.Helper()
	body, ok := strings.CutPrefix(s, "\x1bP0;1q")
	if !ok || !strings.HasSuffix(body, "\x1b\\") {
		t.Fatalf("not a DCS sixel string: %q", clip(s))
	}
	body = strings.TrimSuffix(body, "\x1b\\")
	num := func(i int) (int, int) {
		j := i
		for j < len(body) && body[j] >= '0' && body[j] <= '9' {
			j++
		}
		n, _ := strconv.Atoi(body[i:j])
		return n, j
	}
	nums := func(i int) ([]int, int) {
		var out []int
		for {
			n, j := num(i)
			out = append(out, n)
			if j < len(body) && body[j] == ';' {
				i = j + 1
				continue
			}
			return out, j
		}
	}
	var img *image.RGBA
	regs := map[int]color.RGBA{}
	var cur color.RGBA
	x, y := 0, 0
	for i := 0; i < len(body); {
		c := body[i]
		switch {
		case c == '"':
			v, j := nums(i + 1)
			if len(v) != 4 || v[0] != 1 || v[1] != 1 {
				t.Fatalf("raster attributes %v", v)
			}
			img, i = image.NewRGBA(image.Rect(0, 0, v[2], v[3])), j
		case c == '#':
			v, j := nums(i + 1)
			switch len(v) {
			case 5:
				if v[1] != 2 {
					t.Fatalf("colour space %d", v[1])
				}
				regs[v[0]] = color.RGBA{uint8(v[2] * 255 / 100), uint8(v[3] * 255 / 100), uint8(v[4] * 255 / 100), 255}
			case 1:
				r, ok := regs[v[0]]
				if !ok {
					t.Fatalf("register %d used before it is defined", v[0])
				}
				cur = r
			default:
				t.Fatalf("colour %v", v)
			}
			i = j
		case c == '$':
			x, i = 0, i+1
		case c == '-':
			x, y, i = 0, y+6, i+1
		case c == '!':
			n, j := num(i + 1)
			for range n {
				put(t, img, x, y, body[j]-63, cur)
				x++
			}
			i = j + 1
		case c >= '?' && c <= '~':
			put(t, img, x, y, c-63, cur)
			x, i = x+1, i+1
		default:
			t.Fatalf("unexpected %q at %d", c, i)
		}
	}
	return img
}

func put(t *testing.T, img *image.RGBA, x, y int, bits byte, c color.RGBA) {
	for r := range 6 {
		if bits&(1<<r) != 0 {
			if !image.Pt(x, y+r).In(img.Rect) {
				t.Fatalf("pixel %d,%d outside %v", x, y+r, img.Rect)
			}
			img.SetRGBA(x, y+r, c)
		}
	}
}

// gradient is a w×h image of colour ramps and a grey bar.
func gradient(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{uint8(x * 255 / max(w-1, 1)), uint8(y * 255 / max(h-1, 1)), uint8((x + y) * 7), 255}
			if y < 3 {
				c = color.RGBA{c.R, c.R, c.R, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

func near(a, b, tol int) bool { return a-b <= tol && b-a <= tol }

// The sixel encoder's output, decoded back, is the image quantised to its
// palette: every pixel set, each within the percent rounding of its
// register, and close to the original.
func TestSixelRoundTrip(t *testing.T) {
	for _, sz := range [][2]int{{1, 1}, {7, 5}, {37, 13}, {64, 48}} {
		src := gradient(sz[0], sz[1])
		got := unsixel(t, sixel(src))
		if got.Rect != src.Rect {
			t.Fatalf("%v: decoded %v", sz, got.Rect)
		}
		var sum, n int
		for y := range sz[1] {
			for x := range sz[0] {
				o, d := src.RGBAAt(x, y), got.RGBAAt(x, y)
				if d.A == 0 {
					t.Fatalf("%v: pixel %d,%d never set", sz, x, y)
				}
				q := sixelPalette[quantize(int(o.R), int(o.G), int(o.B))]
				if !near(int(d.R), q[0], 3) || !near(int(d.G), q[1], 3) || !near(int(d.B), q[2], 3) {
					t.Fatalf("%v: pixel %d,%d is %v, quantised %v", sz, x, y, d, q)
				}
				for _, e := range [][2]int{{int(d.R), int(o.R)}, {int(d.G), int(o.G)}, {int(d.B), int(o.B)}} {
					if !near(e[0], e[1], 40) { // the cube's steps are 51; a grey may be nearer overall
						t.Fatalf("%v: pixel %d,%d is %v, was %v", sz, x, y, d, o)
					}
					sum, n = sum+max(e[0]-e[1], e[1]-e[0]), n+1
				}
			}
		}
		if sum/n > 16 {
			t.Errorf("%v: mean error %d", sz, sum/n)
		}
	}
}

// A flat image is run-length encoded, and greys use the grey ramp.
func TestSixelRunsAndGreys(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 100, 6))
	for i := 0; i < len(img.Pix); i += 4 {
		copy(img.Pix[i:], []byte{128, 128, 128, 255})
	}
	s := sixel(img)
	if !strings.Contains(s, "!100~") || len(s) > 80 {
		t.Errorf("flat band: %q", s)
	}
	if q := quantize(128, 128, 128); q < 216 {
		t.Errorf("grey 128 quantised to the cube (%d)", q)
	}
}

// A cursor image is scaled into at most the pane's width and 16 rows, and
// draws only the rows asked for.
func TestCursorImageSizeAndClip(t *testing.T) {
	var b bytes.Buffer
	if err := png.Encode(&b, gradient(400, 100)); err != nil {
		t.Fatal(err)
	}
	im, err := newInlineImage(16, b.Bytes(), 20, ImagesSixel, [2]int{10, 20})
	if err != nil {
		t.Fatal(err)
	}
	if im.cols != 20 || im.rows != 3 || im.px.Rect.Dx() != 200 || im.px.Rect.Dy() != 50 {
		t.Fatalf("%d×%d cells, %v px", im.cols, im.rows, im.px.Rect)
	}
	if got := unsixel(t, im.sequence(0, 3)).Rect; got.Dx() != 200 || got.Dy() != 50 {
		t.Errorf("whole image %v", got)
	}
	if got := unsixel(t, im.sequence(1, 2)).Rect; got.Dx() != 200 || got.Dy() != 20 {
		t.Errorf("row 1 %v", got)
	}
	if got := unsixel(t, im.sequence(2, 3)).Rect; got.Dx() != 200 || got.Dy() != 10 {
		t.Errorf("last row %v", got)
	}
	tall, _ := newInlineImage(16, testPNG(t, 10, 2000), 80, ImagesITerm2, [2]int{8, 16})
	if tall.rows != maxImageRows || tall.cols != 1 {
		t.Errorf("tall: %d×%d", tall.cols, tall.rows)
	}
	f, data := osc1337Fields(t, tall.sequence(3, 5))
	if f["height"] != "2" || f["width"] != "1" {
		t.Errorf("clipped rows: %v", f)
	}
	if c, err := png.DecodeConfig(bytes.NewReader(data)); err != nil || c.Height != 32 {
		t.Errorf("clipped PNG %+v %v", c, err)
	}
}

// markerAt finds the first screen row and column of a run of n marker cells.
func markerAt(s string, n int) (row, col int) {
	run := strings.Repeat(markBlank, n)
	for y, l := range strings.Split(s, "\n") {
		if i := strings.Index(l, run); i >= 0 {
			return y, len([]rune(l[:i]))
		}
	}
	return -1, -1
}

// drawn sends the draw message and returns what it writes.
func drawn(m *Model) string {
	_, cmd := m.Update(imagesDrawMsg{})
	return raws(cmd)
}

// In iTerm2 and sixel terminals the image's cells are reserved in the
// pane; after the frame, the image is drawn there (cursor saved, cells
// rewritten, image, cursor restored), once; a tab change erases it (the
// renderer writes over the cells) and coming back draws it again.
func TestCursorImageDrawnInItsPane(t *testing.T) {
	for _, proto := range []ImageProtocol{ImagesITerm2, ImagesSixel} {
		t.Run(proto.String(), func(t *testing.T) {
			m, _ := newTestModel(t, 120, 40)
			m.result.proto, m.result.cell = proto, [2]int{8, 16}
			data := testPNG(t, 64, 48) // 8×3 cells
			if sent := raws(showImage(t, m, data)); sent != "" {
				t.Fatalf("sent with the frame: %q", clip(sent))
			}
			s := screen(m)
			y, x := markerAt(s, 8)
			if y < 0 || strings.Count(s, markBlank) != 24 {
				t.Fatalf("no 8×3 reserved cells:\n%s", s)
			}
			seq := drawn(m)
			head := ansi7 + fmt.Sprintf("\x1b[%d;%dH\x1b[m%s", y+1, x+1, strings.Repeat(markBlank, 8))
			if !strings.HasPrefix(seq, head) || !strings.HasSuffix(seq, "\x1b8") {
				t.Fatalf("draw %q, want it to start %q", clip(seq), head)
			}
			img := seq[strings.LastIndex(seq, fmt.Sprintf("\x1b[%d;%dH", y+1, x+1)):]
			switch proto {
			case ImagesITerm2:
				f, got := osc1337Fields(t, img)
				if f["width"] != "8" || f["height"] != "3" || !bytes.Equal(got, data) {
					t.Errorf("fields %v, payload %d bytes", f, len(got))
				}
			case ImagesSixel:
				px := unsixel(t, img[strings.Index(img, "\x1bP"):len(img)-2])
				if px.Rect.Dx() != 64 || px.Rect.Dy() != 48 || px.RGBAAt(0, 0).R < 180 {
					t.Errorf("sixel %v, top-left %v", px.Rect, px.RGBAAt(0, 0))
				}
			}
			mustShow(t, m, "image · image/png", "64×48", "after the image")
			if again := drawn(m); again != "" {
				t.Errorf("drawn again unmoved: %q", clip(again))
			}
			press(m, "tab") // another pane: the result keeps its place
			press(m, "3")   // another view: the image's cells are gone
			if s := screen(m); strings.Contains(s, markBlank) {
				t.Fatalf("marker cells outside the result:\n%s", s)
			}
			if again := drawn(m); again != "" {
				t.Errorf("drawn with no cells for it: %q", clip(again))
			}
			press(m, "1")
			screen(m)
			if again := drawn(m); !strings.Contains(again, "\x1b[") || len(again) < 100 {
				t.Errorf("not drawn again on coming back: %q", clip(again))
			}
		})
	}
}

const ansi7 = "\x1b7"

// The draw is scheduled after an update, once at a time.
func TestCursorImageDrawScheduledOnce(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	m.result.proto = ImagesSixel
	showImage(t, m, testPNG(t, 64, 48))
	m.result.checking = false
	if m.result.drawSoon() == nil {
		t.Fatal("no draw scheduled")
	}
	if m.result.drawSoon() != nil {
		t.Error("a second draw scheduled while one is due")
	}
	m.Update(imagesDrawMsg{})
	if m.result.checking {
		t.Error("the draw message scheduled another")
	}
}

// badPNG is a PNG header claiming w×h, with no image data after it.
func badPNG(w, h uint32) []byte {
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	copy(ihdr[8:], []byte{8, 6, 0, 0, 0})
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	binary.Write(&b, binary.BigEndian, uint32(13)) //nolint:errcheck
	chunk := append([]byte("IHDR"), ihdr...)
	b.Write(chunk)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(chunk)) //nolint:errcheck
	return b.Bytes()
}

// Hostile images never hang or panic: each keeps its description and
// says why it is not drawn, in every protocol, and nothing is sent.
func TestHostileImagesFallBack(t *testing.T) {
	good := testPNG(t, 64, 48)
	cases := []struct {
		name string
		data []byte
		why  string
	}{
		{"huge", badPNG(10000, 10000), "too large to draw (10000×10000"},
		{"truncated", good[:len(good)/2], "cannot decode the png"},
		{"header only", badPNG(64, 48), "cannot decode the png"},
		{"not png", []byte("<html>not an image</html>"), "not a PNG, JPEG or GIF image"},
		{"empty", nil, "not a PNG, JPEG or GIF image"},
	}
	for _, proto := range []ImageProtocol{ImagesITerm2, ImagesSixel, ImagesKitty} {
		for _, c := range cases {
			if proto == ImagesKitty && (c.name == "huge" || c.name == "truncated" || c.name == "header only") {
				continue // kitty is sent the PNG and decodes it itself
			}
			t.Run(proto.String()+"/"+c.name, func(t *testing.T) {
				m, _ := newTestModel(t, 120, 40)
				m.result.proto = proto
				sent := raws(showImage(t, m, c.data))
				s := screen(m)
				if strings.Contains(s, markBlank) || strings.ContainsRune(s, placeholder) {
					t.Errorf("cells reserved:\n%s", s)
				}
				sent += drawn(m)
				if sent != "" {
					t.Errorf("sent %q", clip(sent))
				}
				mustShow(t, m, "image · image/png", "not drawn inline: "+c.why, "after the image")
			})
		}
	}
}

// Without a protocol the block says what the image is, and nothing is
// reserved, scheduled or sent.
func TestImageFallbackDescribes(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	cmd := showImage(t, m, testPNG(t, 120, 80))
	if sent := raws(cmd) + drawn(m); sent != "" || m.result.checking {
		t.Errorf("sent %q", clip(sent))
	}
	s := screen(m)
	if strings.Contains(s, markBlank) || strings.Contains(s, "not drawn") {
		t.Errorf("reserved or explained:\n%s", s)
	}
	mustShow(t, m, "image · image/png · ", "· 120×80", "s saves it as mcpdev-image-1.png")
}

// A frame's marker rows make pieces: consecutive rows of one image at one
// column; a row cut short (the pane's edge, a popup) or of an unknown
// image is no piece, and splits the image.
func TestFindPiecesReadsTheFrame(t *testing.T) {
	im := &inlineImage{id: 16, cols: 4, rows: 5, proto: ImagesSixel}
	rows := im.markLines()
	cut := "\x1b[38;2;16;3;77m" + strings.Repeat(markBlank, 3) + "…"
	other := "\x1b[38;2;17;0;77m" + strings.Repeat(markBlank, 4)
	frame := strings.Join([]string{
		"│ header │",
		"│é" + rows[1] + "│", // scrolled: row 0 is above the pane
		"│é" + rows[2] + "│",
		"│é" + cut + "│",
		"│é" + rows[4] + "│",
		"│é" + other + "│",
	}, "\n")
	got := findPieces(frame, map[int]*inlineImage{0: im})
	want := []piece{{id: 16, r0: 1, r1: 3, y: 1, x: 2}, {id: 16, r0: 4, r1: 5, y: 4, x: 2}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("pieces %v, want %v", got, want)
	}
}

// A PNG whose ancillary chunk is damaged is drawn, as viewers do (it is
// what server-everything's get-tiny-image sends); a damaged critical
// chunk is not.
func TestDamagedAncillaryChunkIsSkipped(t *testing.T) {
	good := testPNG(t, 16, 16)
	chunk := []byte("iCCPgarbage-profile")
	var b bytes.Buffer
	b.Write(good[:33])                                       // signature and IHDR
	binary.Write(&b, binary.BigEndian, uint32(len(chunk)-4)) //nolint:errcheck
	b.Write(chunk)
	binary.Write(&b, binary.BigEndian, uint32(0xdeadbeef)) //nolint:errcheck
	b.Write(good[33:])
	if _, _, err := decodeImage(b.Bytes()); err != nil {
		t.Errorf("damaged iCCP: %v", err)
	}
	bad := bytes.Clone(good)
	bad[29] ^= 0xff // IHDR's checksum
	if _, _, err := decodeImage(bad); err == nil {
		t.Error("damaged IHDR decoded")
	}
}
