package sdk

import (
	"context"
	"errors"
)

// ListPrompts returns every prompt, following nextCursor across pages.
func (c *Client) ListPrompts(ctx context.Context) ([]PromptInfo, error) {
	var all []PromptInfo
	cursor := ""
	for page := 0; page < 10000; page++ {
		var res ListPromptsResult
		params := map[string]any{}
		if cursor != "" {
			params["cursor"] = cursor
		}
		if err := c.Call(ctx, "prompts/list", params, &res); err != nil {
			return nil, err
		}
		all = append(all, res.Prompts...)
		if res.NextCursor == "" || res.NextCursor == cursor {
			return all, nil
		}
		cursor = res.NextCursor
	}
	return nil, errors.New("sdk: prompts/list did not end after 10000 pages")
}

// GetPrompt renders a prompt with the given arguments (nil for none). An
// unknown prompt or arguments the prompt refuses are a *RPCError with
// code -32602.
func (c *Client) GetPrompt(ctx context.Context, name string, args map[string]string) (*GetPromptResult, error) {
	var res GetPromptResult
	params := map[string]any{"name": name}
	if args != nil {
		params["arguments"] = args
	}
	if err := c.callMaybeRounds(ctx, "prompts/get", params, &res, nil); err != nil {
		return nil, err
	}
	return &res, nil
}

// Complete asks for completions of argument arg of ref (a prompt or a
// resource template) whose user has typed value so far; resolved holds
// the arguments already filled in (may be nil).
func (c *Client) Complete(ctx context.Context, ref CompleteRef, arg, value string, resolved map[string]string) (*Completion, error) {
	p := CompleteParams{Ref: ref, Argument: CompleteArgument{Name: arg, Value: value}}
	if len(resolved) > 0 {
		p.Context = &CompleteContext{Arguments: resolved}
	}
	var res CompleteResult
	if err := c.Call(ctx, "completion/complete", p, &res); err != nil {
		return nil, err
	}
	return &res.Completion, nil
}
