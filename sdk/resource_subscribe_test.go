package sdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// eachNotifiedTransport runs f with a client whose notifications land in
// n, for every transport, in one era.
func eachNotifiedTransport(t *testing.T, era string, f func(t *testing.T, c *sdk.Client, n *notifications)) {
	var n *notifications
	opts := func() *sdk.ClientOptions {
		n = newNotifications()
		return &sdk.ClientOptions{OnNotification: n.add}
	}
	eachTransport(t, era, opts, func(t *testing.T, c *sdk.Client, _ bool) { f(t, c, n) })
}

// Legacy era: resources/subscribe, notifications/resources/updated for
// the subscribed URIs only, unsubscribe, list_changed on additions, and
// -32002 for a subscription to a URI nothing serves.
func TestResourceSubscriptionsLegacy(t *testing.T) {
	eachNotifiedTransport(t, "legacy", func(t *testing.T, c *sdk.Client, n *notifications) {
		for _, uri := range []string{"test://greeting", "test://books/9780553418026"} {
			if err := c.Call(testCtx(t), "resources/subscribe", sdk.ReadResourceParams{URI: uri}, nil); err != nil {
				t.Fatalf("subscribe %s: %v", uri, err)
			}
		}
		callRaw(t, c, "touch", `{"uri":"test://catalog"}`) // not subscribed: no notification
		callRaw(t, c, "touch", `{"uri":"test://greeting"}`)
		expectNotification(t, n, "notifications/resources/updated", `{"uri":"test://greeting"}`)
		if err := c.Call(testCtx(t), "resources/unsubscribe", sdk.ReadResourceParams{URI: "test://greeting"}, nil); err != nil {
			t.Fatal(err)
		}
		callRaw(t, c, "touch", `{"uri":"test://greeting"}`) // unsubscribed: no notification
		callRaw(t, c, "touch", `{"uri":"test://books/9780553418026"}`)
		expectNotification(t, n, "notifications/resources/updated", `{"uri":"test://books/9780553418026"}`)
		callRaw(t, c, "grow", `{}`)
		expectNotification(t, n, "notifications/resources/list_changed", ``)

		err := c.Call(testCtx(t), "resources/subscribe", sdk.ReadResourceParams{URI: "test://nothing"}, nil)
		var e *transport.Error
		if !errors.As(err, &e) || e.Code != sdk.CodeResourceNotFound || e.Message != "Resource not found" || string(e.Data) != `{"uri":"test://nothing"}` {
			t.Errorf("subscribe to an unknown URI: %v", err)
		}
	})
}

// 2026 era: subscriptions/listen acknowledges what it honours first,
// then streams only the notifications asked for, tagged with the stream's
// id; closing it ends the request, and the server keeps serving.
func TestSubscriptionsListen(t *testing.T) {
	eachNotifiedTransport(t, "stateless", func(t *testing.T, c *sdk.Client, n *notifications) {
		ctx, cancel := context.WithCancel(testCtx(t))
		ended := make(chan error, 1)
		go func() {
			ended <- c.Call(ctx, "subscriptions/listen", map[string]any{"notifications": map[string]any{
				"resourcesListChanged": true, "promptsListChanged": true,
				"resourceSubscriptions": []string{"test://greeting", "test://nothing", "test://books/9780553418026"},
			}}, nil)
		}()
		ack := n.next(t)
		if ack.Method != "notifications/subscriptions/acknowledged" {
			t.Fatalf("first notification %s, want the acknowledgement", ack.Method)
		}
		id := listenID(t, ack)
		want := `{"notifications":{"resourcesListChanged":true,"resourceSubscriptions":["test://greeting","test://books/9780553418026"]},"_meta":{"io.modelcontextprotocol/subscriptionId":` + id + `}}`
		if d := jsonDiff(t, []byte(want), ack.Params); d != "" {
			t.Errorf("acknowledgement (-want +got):\n%s", d)
		}
		tag := `"_meta":{"io.modelcontextprotocol/subscriptionId":` + id + `}`
		callRaw(t, c, "retool", `{}`)                      // tools list: not asked for
		callRaw(t, c, "touch", `{"uri":"test://catalog"}`) // not watched
		callRaw(t, c, "touch", `{"uri":"test://greeting"}`)
		expectNotification(t, n, "notifications/resources/updated", `{"uri":"test://greeting",`+tag+`}`)
		callRaw(t, c, "grow", `{}`)
		expectNotification(t, n, "notifications/resources/list_changed", `{`+tag+`}`)
		cancel()
		if err := <-ended; !errors.Is(err, context.Canceled) {
			t.Errorf("listen ended with %v, want context.Canceled", err)
		}
		if _, err := c.ReadResource(testCtx(t), "test://greeting"); err != nil {
			t.Errorf("after the stream: %v", err)
		}
	})
}

// listenID is the subscription id an acknowledgement carries.
func listenID(t *testing.T, ack *transport.Message) string {
	t.Helper()
	var p struct {
		Meta map[string]json.RawMessage `json:"_meta"`
	}
	if err := json.Unmarshal(ack.Params, &p); err != nil || p.Meta[sdk.MetaSubscriptionID] == nil {
		t.Fatalf("acknowledgement without a subscription id: %s", ack.Params)
	}
	return string(p.Meta[sdk.MetaSubscriptionID])
}

// expectNotification checks the next notification.
func expectNotification(t *testing.T, n *notifications, method, params string) {
	t.Helper()
	m := n.next(t)
	if m.Method != method {
		t.Fatalf("notification %s %s, want %s", m.Method, m.Params, method)
	}
	if params == "" && len(m.Params) == 0 {
		return
	}
	if d := jsonDiff(t, []byte(params), m.Params); d != "" {
		t.Errorf("%s (-want +got):\n%s", method, d)
	}
}

// Adding or removing at run time is announced: tools and prompts on a
// listen stream that asked for them, resources to a legacy session; a
// removed resource is then not found.
func TestRunTimeChangesAnnounced(t *testing.T) {
	s := resourceFixture()
	sdk.Prompt(s, Shelf, &sdk.PromptOptions{Name: "shelf", Description: "A shelf."})
	n := newNotifications()
	c := memClient(t, s, sdk.Version2026, &sdk.ClientOptions{OnNotification: n.add})
	ctx, cancel := context.WithCancel(testCtx(t))
	defer cancel()
	go func() {
		_ = c.Call(ctx, "subscriptions/listen", map[string]any{"notifications": map[string]any{"toolsListChanged": true, "promptsListChanged": true}}, nil)
	}()
	if ack := n.next(t); ack.Method != "notifications/subscriptions/acknowledged" {
		t.Fatalf("first notification %s", ack.Method)
	}
	s.RemoveTool("grow")
	m := n.next(t)
	if m.Method != "notifications/tools/list_changed" {
		t.Errorf("after RemoveTool: %s", m.Method)
	}
	s.RemovePrompt("shelf")
	if m := n.next(t); m.Method != "notifications/prompts/list_changed" {
		t.Errorf("after RemovePrompt: %s", m.Method)
	}

	ln := newNotifications()
	lc := legacyClient(t, s, &sdk.ClientOptions{OnNotification: ln.add})
	s.RemoveResource("test://greeting", "test://books/{isbn}")
	expectNotification(t, ln, "notifications/resources/list_changed", "")
	for _, uri := range []string{"test://greeting", "test://books/9780553418026"} {
		_, err := lc.ReadResource(testCtx(t), uri)
		var e *transport.Error
		if !errors.As(err, &e) || e.Code != sdk.CodeResourceNotFound {
			t.Errorf("read %s after RemoveResource: %v", uri, err)
		}
	}
	if got := len(s.Resources()) + len(s.ResourceTemplates()); got != 6 {
		t.Errorf("%d resources and templates left, want 6", got)
	}
}
