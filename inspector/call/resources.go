package call

import (
	"context"
	"time"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/sdk"
)

// ListResources lists every resource, within timeout.
func ListResources(ctx context.Context, c *target.Connection, timeout time.Duration) ([]sdk.ResourceInfo, error) {
	return request(ctx, c, timeout, "resources/list", c.Client.ListResources)
}

// ListTemplates lists every resource template, within timeout.
func ListTemplates(ctx context.Context, c *target.Connection, timeout time.Duration) ([]sdk.ResourceTemplateInfo, error) {
	return request(ctx, c, timeout, "resources/templates/list", c.Client.ListResourceTemplates)
}

// ReadResource reads the resource at uri, within timeout.
func ReadResource(ctx context.Context, c *target.Connection, uri string, timeout time.Duration) (*sdk.ReadResourceResult, error) {
	return request(ctx, c, timeout, "resources/read "+uri, func(ctx context.Context) (*sdk.ReadResourceResult, error) {
		return c.Client.ReadResource(ctx, uri)
	})
}

// ListPrompts lists every prompt, within timeout.
func ListPrompts(ctx context.Context, c *target.Connection, timeout time.Duration) ([]sdk.PromptInfo, error) {
	return request(ctx, c, timeout, "prompts/list", c.Client.ListPrompts)
}

// GetPrompt renders the prompt name with argv, within timeout.
func GetPrompt(ctx context.Context, c *target.Connection, name string, argv map[string]string, timeout time.Duration) (*sdk.GetPromptResult, error) {
	return request(ctx, c, timeout, "prompts/get "+name, func(ctx context.Context) (*sdk.GetPromptResult, error) {
		return c.Client.GetPrompt(ctx, name, argv)
	})
}

// Complete asks for completions of argument arg of ref, typed so far as
// value, with the arguments already filled in (may be nil), within timeout.
func Complete(ctx context.Context, c *target.Connection, ref sdk.CompleteRef, arg, value string, filled map[string]string, timeout time.Duration) (*sdk.Completion, error) {
	return request(ctx, c, timeout, "completion/complete "+arg, func(ctx context.Context) (*sdk.Completion, error) {
		return c.Client.Complete(ctx, ref, arg, value, filled)
	})
}

// request runs one request fn within timeout; a server that went away is
// explained as a *target.ConnectError.
func request[T any](ctx context.Context, c *target.Connection, timeout time.Duration, op string, fn func(context.Context) (T, error)) (T, error) {
	var out T
	err := WithTimeout(ctx, timeout, op, func(ctx context.Context, _ func()) error {
		var err error
		out, err = fn(ctx)
		return err
	})
	return out, c.Explain(err)
}

// FindPrompt lists the server's prompts and returns the one named, or a
// *PromptError.
func FindPrompt(ctx context.Context, c *target.Connection, name string, timeout time.Duration) (sdk.PromptInfo, error) {
	list, err := ListPrompts(ctx, c, timeout)
	if err != nil {
		return sdk.PromptInfo{}, err
	}
	names := make([]string, len(list))
	for i, p := range list {
		if p.Name == name {
			return p, nil
		}
		names[i] = p.Name
	}
	return sdk.PromptInfo{}, &PromptError{Prompt: name, Known: names}
}
