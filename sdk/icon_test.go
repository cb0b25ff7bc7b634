package sdk_test

import (
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdktest"
)

// Icons declared in ToolOptions reach tools/list in both eras, as the
// 2025-11-25 schema spells them; icons a client could not use are refused
// at registration.
func TestToolIcons(t *testing.T) {
	icons := []sdk.Icon{
		{Src: "https://example.com/search.png", MimeType: "image/png", Sizes: []string{"48x48"}, Theme: sdk.IconLight},
		{Src: "data:image/svg+xml;base64,PHN2Zy8+", MimeType: "image/svg+xml", Sizes: []string{"any"}, Theme: sdk.IconDark},
		{Src: "http://127.0.0.1:8000/plain.png"},
	}
	s := sdk.NewServer("icons", nil)
	if err := s.AddTool(returning(t, "search", "x", &sdk.ToolOptions{Icons: icons})); err != nil {
		t.Fatal(err)
	}
	want := `[{"src":"https://example.com/search.png","mimeType":"image/png","sizes":["48x48"],"theme":"light"},` +
		`{"src":"data:image/svg+xml;base64,PHN2Zy8+","mimeType":"image/svg+xml","sizes":["any"],"theme":"dark"},` +
		`{"src":"http://127.0.0.1:8000/plain.png"}]`
	sdktest.ForEachEra(t, s, nil, func(t *testing.T, c *sdk.Client) {
		tools, err := c.ListTools(t.Context())
		if err != nil || len(tools) != 1 {
			t.Fatalf("ListTools = %v, %v", tools, err)
		}
		if d := jsonDiff(t, []byte(want), toJSON(t, tools[0].Icons)); d != "" {
			t.Errorf("icons (-want +got):\n%s", d)
		}
	})

	for _, bad := range []sdk.Icon{{Src: ""}, {Src: "javascript:alert(1)"}, {Src: "file:///etc/passwd"}, {Src: "https://x/i.png", Theme: "blue"}} {
		_, err := sdk.NewTool(noArgsTool, &sdk.ToolOptions{Name: "t", Description: "d", Icons: []sdk.Icon{bad}})
		if err == nil || !strings.Contains(err.Error(), "icon 0") {
			t.Errorf("icon %+v: NewTool error %v, want one naming icon 0", bad, err)
		}
	}
}
