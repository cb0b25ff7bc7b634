package tui

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
)

func TestResultShowsContentAnnotations(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	press(m, "enter")
	typeText(m, "dune")
	press(m, "ctrl+r")
	text := sdk.Text("Error: shelf 4 is on fire")
	text.Annotations = json.RawMessage(`{"priority":1.0,"audience":["user","assistant"],"lastModified":"2025-01-12T15:00:58Z"}`)
	img := sdk.Content{Type: "image", MimeType: "image/png", Data: "iVBORw0KGgo=", Annotations: json.RawMessage(`{"priority":0.5,"audience":["user"]}`)}
	link := sdk.Content{Type: "resource_link", URI: "file:///shelf/4", Name: "shelf 4", Annotations: json.RawMessage(`{"x-lane":7}`)}
	finishCall(m, &sdk.CallToolResult{Content: []sdk.Content{text, img, link}}, nil, time.Millisecond)
	s := screen(m)
	for _, want := range []string{
		"audience: user, assistant · priority: 1 · lastModified: 2025-01-12T15:00:58Z",
		"audience: user · priority: 0.5",
		"x-lane: 7",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the result lacks %q:\n%s", want, s)
		}
	}
}

func TestAnnotationText(t *testing.T) {
	tests := []struct{ raw, want string }{
		{``, ""},
		{`{}`, ""},
		{`null`, ""},
		{`{"audience":["assistant"]}`, "audience: assistant"},
		{`{"lastModified":"2025-01-12T15:00:58Z","priority":0.25}`, "priority: 0.25 · lastModified: 2025-01-12T15:00:58Z"},
		{`{"z":{"a": 1},"audience":"user","b":true}`, "audience: user · b: true · z: {\"a\":1}"},
		{`[1,2]`, "annotations: [1,2]"},
	}
	for _, tt := range tests {
		if got := annotationText(json.RawMessage(tt.raw)); got != tt.want {
			t.Errorf("annotationText(%s) (-want +got):\n-%s\n+%s", tt.raw, tt.want, got)
		}
	}
}
