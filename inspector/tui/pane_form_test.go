package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/sdk"
)

// The tool details list the tool's icons as text: source (a data: URI by
// its media type and size), MIME type, sizes and theme, with the control
// characters a hostile server may put in them shown, not acted on.
func TestToolDetailsShowIcons(t *testing.T) {
	st := NewStyles(true)
	p := newFormPane(&st)
	p.SetSize(100, 30)
	tool := sdk.ToolInfo{Name: "search", InputSchema: []byte(`{"type":"object"}`), Icons: []sdk.Icon{
		{Src: "https://example.com/search.png", MimeType: "image/png", Sizes: []string{"48x48", "96x96"}, Theme: sdk.IconDark},
		{Src: "data:image/svg+xml;base64," + strings.Repeat("A", 4000)},
		{Src: "https://evil.example/\x1b[2Jx.png"},
	}}
	raw := p.detail(tool, nil, nil, nil)
	got := ansi.Strip(raw)
	for _, want := range []string{
		"icon https://example.com/search.png (image/png, 48x48, 96x96, dark)",
		"icon data:image/svg+xml;base64,… (4026 bytes)",
		"icon https://evil.example/␛[2Jx.png",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("details lack %q:\n%s", want, got)
		}
	}
	if strings.Contains(raw, "\x1b[2J") {
		t.Errorf("the server's escape sequence reached the screen: %q", raw)
	}
}
