package sdk

import (
	"context"
	"errors"
)

// ListResources returns every resource the server lists, following
// nextCursor across pages.
func (c *Client) ListResources(ctx context.Context) ([]ResourceInfo, error) {
	return listAll(ctx, c, "resources/list", func(r *ListResourcesResult) ([]ResourceInfo, string) { return r.Resources, r.NextCursor })
}

// ListResourceTemplates returns every resource template the server lists.
func (c *Client) ListResourceTemplates(ctx context.Context) ([]ResourceTemplateInfo, error) {
	return listAll(ctx, c, "resources/templates/list", func(r *ListResourceTemplatesResult) ([]ResourceTemplateInfo, string) {
		return r.ResourceTemplates, r.NextCursor
	})
}

// ReadResource reads the resource at uri. An unknown URI is a
// *transport.Error (CodeResourceNotFound in the legacy era,
// transport.CodeInvalidParams in the 2026 era).
func (c *Client) ReadResource(ctx context.Context, uri string) (*ReadResourceResult, error) {
	var res ReadResourceResult
	if err := c.Call(ctx, "resources/read", ReadResourceParams{URI: uri}, &res); err != nil {
		return nil, err
	}
	return &res, nil
}

// listAll calls a paginated list method until the last page.
func listAll[R any, T any](ctx context.Context, c *Client, method string, page func(*R) ([]T, string)) ([]T, error) {
	var all []T
	cursor := ""
	for range 10000 {
		params := map[string]any{}
		if cursor != "" {
			params["cursor"] = cursor
		}
		var res R
		if err := c.Call(ctx, method, params, &res); err != nil {
			return nil, err
		}
		items, next := page(&res)
		all = append(all, items...)
		if next == "" || next == cursor {
			return all, nil
		}
		cursor = next
	}
	return nil, errors.New("sdk: " + method + " did not end after 10000 pages")
}
