package main

import (
	"context"

	"github.com/mcpdev/mcpdev/sdk"
)

// StaticText is a fixed text resource.
func StaticText(ctx context.Context) (string, error) {
	return "This is the content of the static text resource.", nil
}

// StaticBinary is a fixed binary resource: a 1x1 red PNG image.
func StaticBinary(ctx context.Context) ([]byte, error) {
	return redPixelPNG(), nil
}

// WatchedResource is a resource clients may subscribe to.
func WatchedResource(ctx context.Context) (string, error) {
	return "Watched resource content.", nil
}

// TemplateArgs binds the {id} of test://template/{id}/data.
type TemplateArgs struct {
	ID string `json:"id" jsonschema:"description=Any identifier"`
}

// TemplateData is what test://template/{id}/data holds.
type TemplateData struct {
	ID           string `json:"id"`
	TemplateTest bool   `json:"templateTest"`
	Data         string `json:"data"`
}

// TemplateResource returns the data of one id.
func TemplateResource(ctx context.Context, a TemplateArgs) (TemplateData, error) {
	return TemplateData{ID: a.ID, TemplateTest: true, Data: "Data for ID: " + a.ID}, nil
}

// lists changes the lists of the server it holds.
type lists struct{ s *sdk.Server }

// TestTriggerToolChange changes the tool list (it registers a tool
// afresh), so that subscribed clients hear notifications/tools/list_changed.
func (l lists) TestTriggerToolChange(ctx context.Context, _ NoArgs) (string, error) {
	sdk.Tool(l.s, TestSimpleText, &sdk.ToolOptions{Replace: true})
	return "The tool list changed.", nil
}

// TestTriggerPromptChange changes the prompt list (it registers a prompt
// afresh), so that subscribed clients hear
// notifications/prompts/list_changed.
func (l lists) TestTriggerPromptChange(ctx context.Context, _ NoArgs) (string, error) {
	sdk.Prompt(l.s, TestSimplePrompt, &sdk.PromptOptions{Replace: true})
	return "The prompt list changed.", nil
}

// addResources registers the resources and templates the suites read and
// subscribe to, and the tools server-stateless changes the lists with.
func addResources(s *sdk.Server) {
	sdk.Resource(s, "test://static-text", StaticText, nil)
	sdk.Resource(s, "test://static-binary", StaticBinary, nil)
	sdk.Resource(s, "test://watched-resource", WatchedResource, nil)
	sdk.ResourceTemplate(s, "test://template/{id}/data", TemplateResource, &sdk.ResourceOptions{MimeType: sdk.MimeJSON})
	sdk.Tool(s, lists{s}.TestTriggerToolChange, nil)
	sdk.Tool(s, lists{s}.TestTriggerPromptChange, nil)
}
