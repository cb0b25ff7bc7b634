// Package tokentest holds what tests expect of the token counts of
// internal/tokens. It is apart from internal/testutil because it imports
// the sdk, whose own tests import testutil.
package tokentest

import (
	"fmt"

	"github.com/mcpdev/mcpdev/internal/tokens"
	"github.com/mcpdev/mcpdev/sdk"
)

// TokenDelta is the change in what a tool list costs a model, each tool
// counted on its own with internal/tokens (openai): "+12 tokens", "−3
// tokens" (a test's expectation for the dev loop's change line).
func TokenDelta(before, after []sdk.ToolInfo) string {
	d := 0
	for _, t := range after {
		d += tokens.ToolCost(t, tokens.OpenAI).Tokens
	}
	for _, t := range before {
		d -= tokens.ToolCost(t, tokens.OpenAI).Tokens
	}
	if d < 0 {
		return fmt.Sprintf("−%d tokens", -d)
	}
	return fmt.Sprintf("+%d tokens", d)
}
