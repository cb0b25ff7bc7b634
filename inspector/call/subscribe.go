package call

import (
	"context"
	"time"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/sdk"
)

// Subscribe follows uri's updates in the session era (resources/subscribe),
// within timeout.
func Subscribe(ctx context.Context, c *target.Connection, uri string, timeout time.Duration) error {
	_, err := request(ctx, c, timeout, "resources/subscribe", func(ctx context.Context) (struct{}, error) {
		return struct{}{}, c.Client.Call(ctx, "resources/subscribe", sdk.ReadResourceParams{URI: uri}, nil)
	})
	return err
}

// Listen opens the 2026 era's subscriptions/listen stream for filter in
// the background; it stays open until ctx ends. The notifications come
// to the client's OnNotification.
func Listen(ctx context.Context, c *target.Connection, filter sdk.SubscriptionFilter) {
	go func() { _ = c.Client.Call(ctx, "subscriptions/listen", sdk.ListenParams{Notifications: &filter}, nil) }()
}
