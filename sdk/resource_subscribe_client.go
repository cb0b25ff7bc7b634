package sdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/mcpdev/mcpdev/transport"
)

// ResourceUpdatedParams are the params of notifications/resources/updated:
// the resource at URI changed and may be read again.
type ResourceUpdatedParams struct {
	URI string `json:"uri"`
}

// ErrNotWatched is returned by Subscribe when a 2026-era server
// acknowledges a subscriptions/listen stream without the URI asked for
// (it serves no such resource, or does not offer updates of it).
var ErrNotWatched = errors.New("sdk: the server does not send updates of the resource")

// unsubscribeTimeout bounds the resources/unsubscribe Subscribe sends once
// its ctx has ended.
const unsubscribeTimeout = 5 * time.Second

// Subscribe watches the resource at uri: each time the server says it
// changed, an update arrives on the returned channel, until ctx ends (the
// subscription is then dropped) or the connection does; the channel is
// closed then. It returns once the server has agreed to send updates, and
// fails as the server refuses (an unknown URI: *transport.Error with
// CodeResourceNotFound in the legacy era, ErrNotWatched in the stateless
// era).
//
//	ctx, stop := context.WithCancel(ctx)
//	defer stop() // unsubscribes
//	updates, err := c.Subscribe(ctx, "notes://today")
//	if err != nil {
//		return err
//	}
//	for range updates {
//		res, err := c.ReadResource(ctx, "notes://today")
//		…
//	}
//
// The channel holds one update: one not yet received stands for any that
// follow it (the resource changed since it was last read), so a slow
// reader never blocks the connection. In the legacy era Subscribe sends
// resources/subscribe and, when ctx ends, resources/unsubscribe (once no
// other subscription of this client watches uri); in the 2026 era
// (2026-07-28) it opens a subscriptions/listen stream of its own for uri
// and cancels it when ctx ends.
func (c *Client) Subscribe(ctx context.Context, uri string) (<-chan ResourceUpdatedParams, error) {
	if c.modern {
		return c.subscribeListen(ctx, uri)
	}
	return c.subscribeSession(ctx, uri)
}

// subscriber is one Subscribe: the URI it watches, the id of its listen
// stream (2026 era; "" in a session) and where updates go.
type subscriber struct {
	uri     string
	listen  string
	updates chan ResourceUpdatedParams
	ack     chan json.RawMessage // the stream's acknowledgement (2026 era)
}

// subscribeSession is Subscribe in the legacy era.
func (c *Client) subscribeSession(ctx context.Context, uri string) (<-chan ResourceUpdatedParams, error) {
	sub := c.addSubscriber(uri, "")
	if err := c.Call(ctx, "resources/subscribe", ReadResourceParams{URI: uri}, nil); err != nil {
		c.removeSubscriber(sub)
		close(sub.updates)
		return nil, err
	}
	go func() {
		select {
		case <-ctx.Done():
		case <-c.done:
		}
		if c.removeSubscriber(sub) && ctx.Err() != nil {
			uctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), unsubscribeTimeout)
			defer cancel()
			_ = c.Call(uctx, "resources/unsubscribe", ReadResourceParams{URI: uri}, nil)
		}
		close(sub.updates) // once unsubscribed: the server has stopped
	}()
	return sub.updates, nil
}

// subscribeListen is Subscribe in the 2026 era: a listen stream of
// its own, ended by cancelling the request.
func (c *Client) subscribeListen(ctx context.Context, uri string) (<-chan ResourceUpdatedParams, error) {
	id := c.nextID.Add(1)
	sub := c.addSubscriber(uri, strconv.FormatInt(id, 10))
	ctx, cancel := context.WithCancel(ctx)
	ended := make(chan error, 1)
	go func() {
		ended <- c.callID(ctx, id, "subscriptions/listen", ListenParams{Notifications: &SubscriptionFilter{ResourceSubscriptions: []string{uri}}}, nil, nil)
	}()
	var err error
	select {
	case ack := <-sub.ack:
		err = acknowledged(ack, uri)
	case err = <-ended:
		ended <- err
		if err == nil {
			err = errors.New("sdk: subscriptions/listen ended before the server acknowledged it")
		}
	}
	if err != nil {
		cancel()
		<-ended
		c.removeSubscriber(sub)
		close(sub.updates)
		return nil, err
	}
	go func() {
		<-ended
		cancel()
		c.removeSubscriber(sub)
		close(sub.updates)
	}()
	return sub.updates, nil
}

// acknowledged checks that a listen stream's acknowledgement watches uri.
func acknowledged(ack json.RawMessage, uri string) error {
	var p ListenParams
	if err := json.Unmarshal(ack, &p); err != nil {
		return fmt.Errorf("sdk: subscriptions/listen: a bad acknowledgement: %w", err)
	}
	if p.Notifications == nil || !p.Notifications.watches(uri) {
		return fmt.Errorf("%w: %s", ErrNotWatched, uri)
	}
	return nil
}

func (c *Client) addSubscriber(uri, listen string) *subscriber {
	sub := &subscriber{uri: uri, listen: listen, updates: make(chan ResourceUpdatedParams, 1), ack: make(chan json.RawMessage, 1)}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.subs == nil {
		c.subs = map[*subscriber]struct{}{}
	}
	c.subs[sub] = struct{}{}
	return sub
}

// removeSubscriber stops routing updates to sub (its channel may be
// closed then); it reports whether sub was the last session subscription
// to its URI.
func (c *Client) removeSubscriber(sub *subscriber) (last bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.subs, sub)
	for o := range c.subs {
		if o.listen == "" && o.uri == sub.uri {
			return false
		}
	}
	return true
}

// subscriptionNotice routes notifications/resources/updated and a listen
// stream's acknowledgement to the subscriptions they are for: a stream's
// own (by the subscription id in _meta) or, without one, every session
// subscription to the URI.
func (c *Client) subscriptionNotice(m *transport.Message) {
	var p struct {
		ResourceUpdatedParams
		Meta map[string]json.RawMessage `json:"_meta"`
	}
	if json.Unmarshal(m.Params, &p) != nil {
		return
	}
	stream := string(p.Meta[MetaSubscriptionID])
	c.mu.Lock()
	defer c.mu.Unlock()
	for sub := range c.subs {
		switch {
		case sub.listen != stream:
		case m.Method == "notifications/subscriptions/acknowledged":
			offer(sub.ack, m.Params)
		case sub.uri == p.URI:
			offer(sub.updates, p.ResourceUpdatedParams)
		}
	}
}

// offer sends v unless ch is full (an update already waits there).
func offer[T any](ch chan T, v T) {
	select {
	case ch <- v:
	default:
	}
}
