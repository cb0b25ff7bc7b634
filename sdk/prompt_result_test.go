package sdk_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
)

type noPromptArgs struct{}

// Every result type a prompt function may return becomes messages with
// roles and any kind of content.
func TestPromptResultShapes(t *testing.T) {
	s := sdk.NewServer("shapes", nil)
	img := sdk.Image([]byte{0x89, 'P', 'N', 'G'}, "image/png")
	doc := sdk.EmbeddedResource(sdk.ResourceContents{URI: "test://doc", MimeType: "text/plain", Text: "the doc"})
	link := sdk.ResourceLink("test://more", "more")
	add := func(def *sdk.PromptDef, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		if err := s.AddPrompt(def); err != nil {
			t.Fatal(err)
		}
	}
	o := func(name string) *sdk.PromptOptions {
		return &sdk.PromptOptions{Name: name, Description: "the " + name + " prompt"}
	}
	def, err := sdk.NewPrompt(func(context.Context, noPromptArgs) (string, error) { return "hi", nil }, o("string"))
	add(def, err)
	def, err = sdk.NewPrompt(func(context.Context, noPromptArgs) (sdk.Content, error) { return img, nil }, o("content"))
	add(def, err)
	def, err = sdk.NewPrompt(func(context.Context, noPromptArgs) ([]sdk.Content, error) {
		return []sdk.Content{doc, sdk.Audio([]byte("RIFF"), "audio/wav")}, nil
	}, o("contents"))
	add(def, err)
	def, err = sdk.NewPrompt(func(context.Context, noPromptArgs) (sdk.PromptMessage, error) {
		return sdk.AssistantMessage(sdk.Text("I can help.")), nil
	}, o("message"))
	add(def, err)
	def, err = sdk.NewPrompt(func(context.Context, noPromptArgs) ([]sdk.PromptMessage, error) {
		return []sdk.PromptMessage{sdk.UserMessage(doc), sdk.AssistantMessage(link), sdk.UserMessage(sdk.Text("and?"))}, nil
	}, o("messages"))
	add(def, err)
	def, err = sdk.NewPrompt(func(context.Context, noPromptArgs) (*sdk.GetPromptResult, error) {
		return &sdk.GetPromptResult{Description: "my own", Messages: []sdk.PromptMessage{sdk.UserMessage(img)}}, nil
	}, o("result"))
	add(def, err)
	def, err = sdk.NewPrompt(func(context.Context, noPromptArgs) (sdk.GetPromptResult, error) { return sdk.GetPromptResult{}, nil }, o("empty"))
	add(def, err)
	def, err = sdk.NewPrompt(func(context.Context, noPromptArgs) ([]sdk.PromptMessage, error) {
		return []sdk.PromptMessage{{Role: "system", Content: sdk.Text("x")}}, nil
	}, o("system"))
	add(def, err)
	def, err = sdk.NewPrompt(func(context.Context, noPromptArgs) (*sdk.GetPromptResult, error) { return nil, nil }, o("nil"))
	add(def, err)

	tests := []struct{ name, want string }{
		{"string", `{"description":"the string prompt","messages":[{"role":"user","content":{"type":"text","text":"hi"}}]}`},
		{"content", `{"description":"the content prompt","messages":[{"role":"user","content":{"type":"image","data":"iVBORw==","mimeType":"image/png"}}]}`},
		{"contents", `{"description":"the contents prompt","messages":[` +
			`{"role":"user","content":{"type":"resource","resource":{"uri":"test://doc","mimeType":"text/plain","text":"the doc"}}},` +
			`{"role":"user","content":{"type":"audio","data":"UklGRg==","mimeType":"audio/wav"}}]}`},
		{"message", `{"description":"the message prompt","messages":[{"role":"assistant","content":{"type":"text","text":"I can help."}}]}`},
		{"messages", `{"description":"the messages prompt","messages":[` +
			`{"role":"user","content":{"type":"resource","resource":{"uri":"test://doc","mimeType":"text/plain","text":"the doc"}}},` +
			`{"role":"assistant","content":{"type":"resource_link","uri":"test://more","name":"more"}},` +
			`{"role":"user","content":{"type":"text","text":"and?"}}]}`},
		{"result", `{"description":"my own","messages":[{"role":"user","content":{"type":"image","data":"iVBORw==","mimeType":"image/png"}}]}`},
		{"empty", `{"description":"the empty prompt","messages":[]}`},
	}
	c := legacyClient(t, s, nil)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var raw json.RawMessage
			if err := c.Call(testCtx(t), "prompts/get", map[string]any{"name": tt.name}, &raw); err != nil {
				t.Fatal(err)
			}
			if d := jsonDiff(t, []byte(tt.want), raw); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
	// What cannot go on the wire is a -32603 naming the problem.
	for name, want := range map[string]string{
		"system": `error -32603: Error rendering prompt system: message 0 has role "system": a prompt message's role is "user" or "assistant"`,
		"nil":    `error -32603: Error rendering prompt nil: the prompt function returned a nil *GetPromptResult`,
	} {
		if got := getPromptText(t, c, name, nil); got != want {
			t.Errorf("%s: %s", name, got)
		}
	}
}
