package call

import (
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
)

func TestContentsAndLabelsText(t *testing.T) {
	prio := 0.8
	size := int64(1500)
	tests := []struct{ name, got, want string }{
		{"text and blob", ContentsText(&sdk.ReadResourceResult{Contents: []sdk.ResourceContents{
			{URI: "a://1", Text: "hello"}, {URI: "a://2", MimeType: "image/png", Blob: "AAEC"}, {URI: "a://3", Blob: "not base64!"}}}),
			"hello\n[blob a://2 image/png, 3 bytes]\n[blob a://3 no MIME type, 11 characters, not base64]"},
		{"messages", MessagesText(&sdk.GetPromptResult{Messages: []sdk.PromptMessage{
			sdk.UserMessage(sdk.Text("hi")), sdk.AssistantMessage(sdk.Text("yo"))}}), "user: hi\nassistant: yo"},
		{"completion with total", CompletionText(&sdk.Completion{Values: []string{"a", "b"}, Total: 9}), "a\nb\n(9 in all)"},
		{"completion with more", CompletionText(&sdk.Completion{Values: []string{"a"}, HasMore: true}), "a\n(more)"},
		{"annotations", AnnotationsText(&sdk.ResourceAnnotations{Audience: []sdk.Role{sdk.RoleUser}, Priority: &prio,
			LastModified: time.Date(2026, 1, 2, 3, 4, 0, 0, time.UTC)}), "for user priority 0.8 modified 2026-01-02 03:04"},
		{"size", SizeText(&size), "1.5 kB"},
		{"no size", SizeText(nil), ""},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, tt.got, tt.want)
		}
	}
}

func TestExpandTemplate(t *testing.T) {
	got, err := ExpandTemplate("bookshop://books/{isbn}{?q}", map[string]string{"isbn": "97 8", "q": "a"})
	if err != nil || got != "bookshop://books/97%208?q=a" {
		t.Errorf("got %q, %v", got, err)
	}
	if _, err := ExpandTemplate("x://{a}", map[string]string{"b": "1"}); err == nil || err.Error() != `x://{a} has no variable "b" (it has: a)` {
		t.Errorf("unknown variable: %v", err)
	}
}

// The properties keep the prompt's order: a form shows them so.
func TestPromptSchemaRequiresAndRefuses(t *testing.T) {
	got := string(PromptSchema(sdk.PromptInfo{Arguments: []sdk.PromptArgument{{Name: "b", Required: true, Description: "d"}, {Name: "a"}}}))
	want := `{"type":"object","properties":{"b":{"description":"d","type":"string"},"a":{"type":"string"}},"additionalProperties":false,"required":["b"]}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
