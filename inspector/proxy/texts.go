package proxy

import (
	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/sdk"
)

// The texts mcpdev test compares for a read and a prompt.
func contentsText(r *sdk.ReadResourceResult) string { return call.ContentsText(r) }
func messagesText(r *sdk.GetPromptResult) string    { return call.MessagesText(r) }
