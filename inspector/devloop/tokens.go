package devloop

import (
	"github.com/mcpdev/mcpdev/internal/tokens"
	"github.com/mcpdev/mcpdev/sdk"
)

// TokenChange is what a tool list's definitions cost before and after a
// restart, in tokens as tokens.OpenAI counts them (exact, o200k_base).
type TokenChange struct{ Before, After int }

// CountChange counts both lists.
func CountChange(before, after []sdk.ToolInfo) TokenChange {
	return TokenChange{tokens.List(before, tokens.OpenAI).Total.Tokens, tokens.List(after, tokens.OpenAI).Total.Tokens}
}

// Delta is After − Before.
func (c TokenChange) Delta() int { return c.After - c.Before }

// String is the change: "+312 tokens", "−40 tokens", "" when the cost is
// the same.
func (c TokenChange) String() string {
	switch d := c.Delta(); {
	case d > 0:
		return "+" + tokens.Grouped(d) + " tokens"
	case d < 0:
		return "−" + tokens.Grouped(-d) + " tokens"
	}
	return ""
}
