package tui

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/sdk"
)

func TestImageProtocolDetectedByEnv(t *testing.T) {
	tests := []struct {
		env  map[string]string
		want ImageProtocol
	}{
		{map[string]string{"TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"}, ImagesKitty},
		{map[string]string{"TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"}, ImagesKitty},
		{map[string]string{"TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty"}, ImagesKitty},
		{map[string]string{"TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"}, ImagesOff},
		{map[string]string{"TERM": "screen-256color", "KITTY_WINDOW_ID": "1"}, ImagesOff},
		{map[string]string{"TERM": "xterm-kitty", "NO_COLOR": "1"}, ImagesOff},
		{map[string]string{"TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"}, ImagesITerm2},
		{map[string]string{"TERM": "xterm-256color", "LC_TERMINAL": "iTerm2"}, ImagesITerm2},
		{map[string]string{"TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"}, ImagesITerm2},
		{map[string]string{"TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm", "NO_COLOR": "1"}, ImagesITerm2},
		{map[string]string{"TERM": "tmux-256color", "TERM_PROGRAM": "iTerm.app", "TMUX": "x"}, ImagesOff},
		{map[string]string{"TERM": "foot"}, ImagesSixel},
		{map[string]string{"TERM": "foot-extra"}, ImagesSixel},
		{map[string]string{"TERM": "mlterm"}, ImagesSixel},
		{map[string]string{"TERM": "xterm-256color", "WT_SESSION": "5b9f"}, ImagesSixel},
		{map[string]string{"TERM": "screen", "STY": "1.pts", "WT_SESSION": "5b9f"}, ImagesOff},
		{map[string]string{"TERM": "xterm-256color"}, ImagesOff},
		{map[string]string{"TERM": "xterm-kitty", "MCPDEV_INLINE_IMAGES": "0"}, ImagesOff},
		{map[string]string{"TERM": "foot", "MCPDEV_INLINE_IMAGES": "off"}, ImagesOff},
		{map[string]string{"TERM": "xterm-256color", "MCPDEV_INLINE_IMAGES": "1"}, ImagesKitty},
		{map[string]string{"TERM": "foot", "TMUX": "x", "MCPDEV_INLINE_IMAGES": "1"}, ImagesSixel},
		{map[string]string{"TERM": "xterm-256color", "MCPDEV_INLINE_IMAGES": "sixel"}, ImagesSixel},
		{map[string]string{"TERM": "tmux-256color", "TMUX": "x", "MCPDEV_INLINE_IMAGES": "iTerm2"}, ImagesITerm2},
		{map[string]string{"TERM": "foot", "MCPDEV_INLINE_IMAGES": "kitty"}, ImagesKitty},
	}
	for _, tt := range tests {
		if got := detectImages(func(k string) string { return tt.env[k] }); got != tt.want {
			t.Errorf("%v: %v, want %v", tt.env, got, tt.want)
		}
	}
}

// testPNG is a w×h PNG.
func testPNG(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		img.Set(x, x%h, color.RGBA{R: 200, A: 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// raws runs cmd's batch and returns what tea.Raw commands would write.
func raws(cmd tea.Cmd) string {
	if cmd == nil {
		return ""
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		var s string
		for _, c := range msg {
			s += raws(c)
		}
		return s
	case tea.RawMsg:
		return msg.Msg.(string)
	}
	return ""
}

// showImage calls search_books and answers with an image and a text.
func showImage(t *testing.T, m *Model, data []byte) tea.Cmd {
	t.Helper()
	press(m, "enter")
	typeText(m, "dune")
	press(m, "ctrl+r")
	res := &sdk.CallToolResult{Content: []sdk.Content{sdk.Image(data, "image/png"), sdk.Text("after the image")}}
	_, cmd := m.Update(callDoneMsg{gen: m.gen, id: m.call.id, res: res})
	return cmd
}

var apcRe = regexp.MustCompile("\x1b_G([^;]*);([^\x1b]*)\x1b\\\\")

// In a terminal that draws images, a PNG is sent once (kitty's graphics
// protocol, a virtual placement) and drawn by rows of placeholder cells
// under its header, inside the pane; its description stays.
func TestInlineImageDrawnWhereSupported(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	m.result.proto = ImagesKitty
	data := testPNG(t, 64, 48) // 8×3 cells
	sent := raws(showImage(t, m, data))
	parts := apcRe.FindAllStringSubmatch(sent, -1)
	if len(parts) == 0 || !strings.HasPrefix(parts[0][1], "a=T,U=1,f=100,t=d,q=2,i=16,c=8,r=3,") {
		t.Fatalf("sent %q", sent)
	}
	var enc string
	for _, p := range parts {
		enc += p[2]
	}
	if got, err := base64.StdEncoding.DecodeString(enc); err != nil || !bytes.Equal(got, data) {
		t.Errorf("the PNG sent differs (%v)", err)
	}
	s := screen(m)
	var rows []string
	for _, l := range strings.Split(s, "\n") {
		if strings.ContainsRune(l, placeholder) {
			rows = append(rows, l)
		}
	}
	if len(rows) != 3 {
		t.Fatalf("%d placeholder rows, want 3:\n%s", len(rows), s)
	}
	for r, l := range rows {
		cell := string(placeholder) + string(placeMarks[r]) + string(placeMarks[0])
		if !strings.Contains(l, cell) || strings.Count(l, string(placeholder)) != 8 || !strings.HasSuffix(strings.TrimRight(l, " "), "│") {
			t.Errorf("row %d: %q", r, l)
		}
	}
	mustShow(t, m, "image · image/png", "after the image", "s saves it as mcpdev-image-1.png")
	if again := raws(func() tea.Cmd { _, c := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30}); return c }()); again != "" {
		t.Errorf("a resize sent the image again")
	}
}

// Elsewhere the image block keeps its description, and nothing is sent.
func TestInlineImageOffKeepsDescription(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	if sent := raws(showImage(t, m, testPNG(t, 64, 48))); sent != "" {
		t.Errorf("sent %q", sent)
	}
	if s := screen(m); strings.ContainsRune(s, placeholder) {
		t.Errorf("placeholders drawn:\n%s", s)
	}
	mustShow(t, m, "image · image/png", "s saves it as mcpdev-image-1.png")
}
