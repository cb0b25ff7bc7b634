package tui

import (
	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
)

// prepareContents lays out a resources/read result as the result pane
// shows a tool's: each content as an embedded resource block (text
// wrapped, JSON pretty and coloured, a blob described with its size and
// saveable with the save key).
func prepareContents(res *sdk.ReadResourceResult) *resultData {
	blocks := make([]sdk.Content, len(res.Contents))
	for i := range res.Contents {
		blocks[i] = sdk.Content{Type: "resource", Resource: &res.Contents[i]}
	}
	return prepareResult(&sdk.CallToolResult{Content: blocks}, sdk.ToolInfo{})
}

// prepareMessages lays out a prompts/get result: each message's content
// as a block whose header starts with its role, numbered as the server
// sent them; the description apart, before them.
func prepareMessages(res *sdk.GetPromptResult) *resultData {
	blocks := make([]sdk.Content, len(res.Messages))
	for i, m := range res.Messages {
		blocks[i] = m.Content
	}
	d := prepareResult(&sdk.CallToolResult{Content: blocks}, sdk.ToolInfo{})
	d.description = termtext.Text(res.Description)
	for i, m := range res.Messages {
		d.blocks[i].header = termtext.Line(string(m.Role)) + " · " + d.blocks[i].header
	}
	return d
}
