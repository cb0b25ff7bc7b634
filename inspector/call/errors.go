package call

import (
	"fmt"
	"strings"
	"time"

	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
)

// ToolError is a tool result with isError set, or a tool that does not exist.
type ToolError struct {
	Tool    string
	Unknown bool     // no tool of that name
	Known   []string // the tools the server has, when Unknown
	// Lookalikes are the tools whose names read as Tool only without
	// their hidden characters or as mcpdev shows them (lookalike.go).
	Lookalikes []string
	Result     *sdk.CallToolResult
}

func (e *ToolError) Error() string {
	if e.Unknown {
		msg := fmt.Sprintf("no tool named %q (the server has: %s)", e.Tool, strings.Join(e.Known, ", "))
		for _, l := range e.Lookalikes {
			msg += fmt.Sprintf("; %s reads like it but holds hidden characters (%s): to call it, give its exact name: %s",
				l, codePoints(termtext.Hidden(l)), ExactWord(l))
		}
		return msg
	}
	msg := ""
	if e.Result != nil {
		for _, c := range e.Result.Content {
			if c.Type == "text" {
				msg = c.Text
				break
			}
		}
	}
	first, _, _ := strings.Cut(msg, "\n")
	if first == "" {
		return fmt.Sprintf("%s returned isError", e.Tool)
	}
	return fmt.Sprintf("%s returned isError: %s", e.Tool, first)
}

// TimeoutError reports a request that got no answer in time.
type TimeoutError struct {
	Op    string // "tools/list", "tools/call search_books", …
	After time.Duration
}

func (e *TimeoutError) Error() string {
	return fmt.Sprintf("%s: no answer within %s", e.Op, e.After)
}

// PromptError is a prompt that does not exist.
type PromptError struct {
	Prompt string
	Known  []string // the prompts the server has
}

func (e *PromptError) Error() string {
	return fmt.Sprintf("no prompt named %q (the server has: %s)", e.Prompt, strings.Join(e.Known, ", "))
}
