package sdk_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/internal/peers"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// Client.Subscribe, in both eras over every transport: updates of the URI
// subscribed to arrive on its channel (and on every subscription to it),
// not those of others; cancelling ctx closes the channel and, in the
// legacy era, unsubscribes (the server stops notifying); an unknown URI is
// refused.
func TestClientSubscribe(t *testing.T) {
	eachNotifiedTransport(t, "", func(t *testing.T, c *sdk.Client, n *notifications) {
		ctx, stop := context.WithCancel(testCtx(t))
		greeting, err := c.Subscribe(ctx, "test://greeting")
		if err != nil {
			t.Fatalf("Subscribe: %v", err)
		}
		again, err := c.Subscribe(testCtx(t), "test://greeting")
		if err != nil {
			t.Fatalf("second Subscribe: %v", err)
		}
		book, err := c.Subscribe(testCtx(t), "test://books/9780553418026")
		if err != nil {
			t.Fatalf("Subscribe to a templated resource: %v", err)
		}
		callRaw(t, c, "touch", `{"uri":"test://catalog"}`) // not watched: would fill the channel first
		callRaw(t, c, "touch", `{"uri":"test://greeting"}`)
		for _, ch := range []<-chan sdk.ResourceUpdatedParams{greeting, again} {
			if u := receive(t, ch); u.URI != "test://greeting" {
				t.Errorf("update %+v, want test://greeting's", u)
			}
		}
		stop()
		if _, open := receive2(t, greeting); open {
			t.Fatal("the channel is still open after ctx ended")
		}
		callRaw(t, c, "touch", `{"uri":"test://books/9780553418026"}`)
		if u := receive(t, book); u.URI != "test://books/9780553418026" {
			t.Errorf("update %+v, want the book's", u)
		}
		callRaw(t, c, "touch", `{"uri":"test://greeting"}`) // still watched by again
		receive(t, again)

		_, err = c.Subscribe(testCtx(t), "test://nothing")
		var e *transport.Error
		if !errors.Is(err, sdk.ErrNotWatched) && (!errors.As(err, &e) || e.Code != sdk.CodeResourceNotFound) {
			t.Errorf("Subscribe to an unknown URI: %v", err)
		}
	})
}

// In the legacy era the last subscription to a URI that ends unsubscribes:
// the server stops sending its updates.
func TestClientSubscribeUnsubscribes(t *testing.T) {
	eachNotifiedTransport(t, "legacy", func(t *testing.T, c *sdk.Client, n *notifications) {
		ctx, stop := context.WithCancel(testCtx(t))
		greeting, err := c.Subscribe(ctx, "test://greeting")
		if err != nil {
			t.Fatal(err)
		}
		book, err := c.Subscribe(testCtx(t), "test://books/9780553418026")
		if err != nil {
			t.Fatal(err)
		}
		stop()
		for range greeting { // closed once unsubscribed
		}
		callRaw(t, c, "touch", `{"uri":"test://greeting"}`)
		callRaw(t, c, "touch", `{"uri":"test://books/9780553418026"}`)
		receive(t, book)
		for m := n.next(t); ; m = n.next(t) {
			if m.Method == "notifications/resources/updated" {
				if d := jsonDiff(t, []byte(`{"uri":"test://books/9780553418026"}`), m.Params); d != "" {
					t.Errorf("the first update after unsubscribing (-want +got):\n%s", d)
				}
				break
			}
		}
	})
}

// receive waits for the next update (30s at most).
func receive(t *testing.T, ch <-chan sdk.ResourceUpdatedParams) sdk.ResourceUpdatedParams {
	t.Helper()
	u, open := receive2(t, ch)
	if !open {
		t.Fatal("the subscription's channel closed")
	}
	return u
}

func receive2(t *testing.T, ch <-chan sdk.ResourceUpdatedParams) (sdk.ResourceUpdatedParams, bool) {
	t.Helper()
	select {
	case u, open := <-ch:
		return u, open
	case <-time.After(30 * time.Second):
		t.Fatal("no update in 30s")
	}
	return sdk.ResourceUpdatedParams{}, false
}

// Against the real server-everything (legacy era): Subscribe sends
// resources/subscribe, its simulated updates (started by its
// toggle-subscriber-updates tool, one at once) arrive on the channel, and
// ending ctx unsubscribes and closes it.
func TestClientSubscribeServerEverything(t *testing.T) {
	node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
	conn, err := transport.Command(node, []string{files[0], "stdio"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	c, err := sdk.Connect(testCtx(t), conn, &sdk.ClientOptions{ProtocolVersion: sdk.LatestLegacyVersion})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if caps := c.InitializeResult().Capabilities.Resources; caps == nil || !caps.Subscribe {
		t.Fatalf("server-everything does not declare resources.subscribe: %+v", caps)
	}
	list, err := c.ListResources(testCtx(t))
	if err != nil || len(list) == 0 {
		t.Fatalf("resources/list: %v %v", list, err)
	}
	uri := list[0].URI
	ctx, stop := context.WithCancel(testCtx(t))
	updates, err := c.Subscribe(ctx, uri)
	if err != nil {
		t.Fatalf("Subscribe(%s): %v", uri, err)
	}
	callText(t, c, "toggle-subscriber-updates", nil)
	if u := receive(t, updates); u.URI != uri {
		t.Errorf("update %+v, want %s's", u, uri)
	}
	stop()
	for range updates { // closed once unsubscribed
	}
}
