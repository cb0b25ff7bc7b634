package tui

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/inspector/testsession"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// Resources, templates and prompts: what is listed, read, got and
// completed runs here, as commands; Update only sees their messages.

// requestTimeout bounds a list, read, get or completion of the inspector.
const requestTimeout = 60 * time.Second

// itemsMsg answers the listing of a section: resources and templates, or
// prompts.
type itemsMsg struct {
	gen   int
	sec   section
	items []item
	err   error
}

// outcomeMsg ends a read or a prompts/get: the result prepared for the
// result pane off the UI goroutine.
type outcomeMsg struct {
	gen     int
	label   string // "read bookshop://catalog", "prompt recommend"
	uri     string // the URI read, for subscriptions
	view    *resultData
	err     error
	elapsed time.Duration
	rec     testsession.Call // what w writes of it
	update  bool             // a read again on notifications/resources/updated: not the person's
}

// completionMsg answers completion/complete for one field of a form.
type completionMsg struct {
	seq    int // the form's request number: an older answer is dropped
	field  string
	values []string
	total  int
	err    error
}

// completeDueMsg fires when typing has paused long enough to ask.
type completeDueMsg struct{ seq int }

// resourceUpdatedEvent: notifications/resources/updated for uri.
type resourceUpdatedEvent struct{ uri string }

// listChangedEvent: notifications/resources/list_changed or
// notifications/prompts/list_changed.
type listChangedEvent struct{ sec section }

// subscribedMsg answers resources/subscribe or the opening of a
// subscriptions/listen stream.
type subscribedMsg struct {
	gen int
	uri string
	err error
}

// sectionEvent turns a server notification into an event for the mailbox
// (nil for the ones the inspector does not follow here).
func sectionEvent(m *transport.Message) any {
	switch m.Method {
	case "notifications/resources/updated":
		var p sdk.ReadResourceParams
		_ = json.Unmarshal(m.Params, &p)
		return resourceUpdatedEvent{uri: p.URI}
	case "notifications/resources/list_changed":
		return listChangedEvent{sec: sectionResources}
	case "notifications/prompts/list_changed":
		return listChangedEvent{sec: sectionPrompts}
	}
	return nil
}

// listItemsCmd lists a section's items.
func listItemsCmd(ctx context.Context, c *target.Connection, gen int, sec section) tea.Cmd {
	return func() tea.Msg {
		items, err := listItems(ctx, c, sec)
		return itemsMsg{gen: gen, sec: sec, items: items, err: err}
	}
}

func listItems(ctx context.Context, c *target.Connection, sec section) ([]item, error) {
	if sec == sectionPrompts {
		prompts, err := call.ListPrompts(ctx, c, requestTimeout)
		return promptItems(prompts), err
	}
	res, err := call.ListResources(ctx, c, requestTimeout)
	if err != nil {
		return nil, err
	}
	tmpls, err := call.ListTemplates(ctx, c, requestTimeout)
	if err != nil && !isMethodNotFound(err) {
		return nil, err
	}
	return append(resourceItems(res), templateItems(tmpls)...), nil
}

func isMethodNotFound(err error) bool {
	var rpc *transport.Error
	return errors.As(err, &rpc) && rpc.Code == transport.CodeMethodNotFound
}

// readCmd reads uri and prepares its contents for the result pane.
func readCmd(ctx context.Context, c *target.Connection, gen int, uri string) tea.Cmd {
	return func() tea.Msg {
		start := time.Now()
		res, err := call.ReadResource(ctx, c, uri, requestTimeout)
		msg := outcomeMsg{gen: gen, label: "read " + uri, uri: uri, err: err, elapsed: time.Since(start)}
		msg.rec = testsession.Call{Step: "read", Tool: uri, Err: err}
		if err == nil {
			msg.view, msg.rec.Text = prepareContents(res), call.ContentsText(res)
		}
		return msg
	}
}

// promptCmd gets the prompt name with args and prepares its messages.
func promptCmd(ctx context.Context, c *target.Connection, gen int, name string, args map[string]string) tea.Cmd {
	return func() tea.Msg {
		start := time.Now()
		res, err := call.GetPrompt(ctx, c, name, args, requestTimeout)
		msg := outcomeMsg{gen: gen, label: "prompt " + name, err: err, elapsed: time.Since(start)}
		msg.rec = testsession.Call{Step: "prompt", Tool: name, PromptArgs: args, Err: err}
		if err == nil {
			msg.view, msg.rec.Text = prepareMessages(res), call.MessagesText(res)
		}
		return msg
	}
}

// completeCmd asks for completions of field, typed so far as value.
func completeCmd(ctx context.Context, c *target.Connection, seq int, ref sdk.CompleteRef, field, value string, filled map[string]string) tea.Cmd {
	return func() tea.Msg {
		res, err := call.Complete(ctx, c, ref, field, value, filled, 10*time.Second)
		msg := completionMsg{seq: seq, field: field, err: err}
		if err == nil {
			msg.values, msg.total = res.Values, res.Total
		}
		return msg
	}
}

// typingPause is how long typing pauses before completion is asked.
const typingPause = 250 * time.Millisecond

// completeAfter waits for a pause in typing before asking.
func completeAfter(pause time.Duration, seq int) tea.Cmd {
	return tea.Tick(pause, func(time.Time) tea.Msg { return completeDueMsg{seq: seq} })
}

// subscribeCmd follows updates of uri: resources/subscribe in the session
// era; in the 2026 era a subscriptions/listen stream for every URI
// followed (and list changes), which stays open until ctx ends.
func subscribeCmd(ctx context.Context, c *target.Connection, gen int, uri string, uris []string) tea.Cmd {
	if c.Client.Era() != sdk.Era2026 {
		return func() tea.Msg {
			return subscribedMsg{gen: gen, uri: uri, err: call.Subscribe(ctx, c, uri, requestTimeout)}
		}
	}
	call.Listen(ctx, c, sdk.SubscriptionFilter{ResourcesListChanged: true, PromptsListChanged: true, ResourceSubscriptions: uris})
	return func() tea.Msg { return subscribedMsg{gen: gen, uri: uri} }
}
