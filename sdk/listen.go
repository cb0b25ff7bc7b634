package sdk

import (
	"context"
	"encoding/json"
	"slices"
	"sync"

	"github.com/mcpdev/mcpdev/transport"
)

// MetaSubscriptionID tags every notification of a subscriptions/listen
// stream with the id of the request that opened it.
const MetaSubscriptionID = "io.modelcontextprotocol/subscriptionId"

// SubscriptionFilter is what a 2026-era client opts in to with
// subscriptions/listen (and, in the acknowledgement, what the server
// agreed to send).
type SubscriptionFilter struct {
	ToolsListChanged      bool     `json:"toolsListChanged,omitempty"`
	PromptsListChanged    bool     `json:"promptsListChanged,omitempty"`
	ResourcesListChanged  bool     `json:"resourcesListChanged,omitempty"`
	ResourceSubscriptions []string `json:"resourceSubscriptions,omitempty"`
}

func (f *SubscriptionFilter) wants(k listKind) bool {
	switch k {
	case listTools:
		return f.ToolsListChanged
	case listResources:
		return f.ResourcesListChanged
	case listPrompts:
		return f.PromptsListChanged
	}
	return false
}

func (f *SubscriptionFilter) watches(uri string) bool {
	return slices.Contains(f.ResourceSubscriptions, uri)
}

// ListenParams are the params of subscriptions/listen: the notifications
// the client wants.
type ListenParams struct {
	Notifications *SubscriptionFilter `json:"notifications"`
}

// listener is one open subscriptions/listen stream.
type listener struct {
	id     json.RawMessage // the listen request's id
	filter SubscriptionFilter
	mu     sync.Mutex // orders the stream: the acknowledgement first
	emit   func(*transport.Message) error
}

// notify sends a notification on the stream, tagged with its id.
func (l *listener) notify(method string, params map[string]string) {
	p := map[string]any{"_meta": map[string]json.RawMessage{MetaSubscriptionID: l.id}}
	for k, v := range params {
		p[k] = v
	}
	m, err := transport.NewNotification(method, p)
	if err != nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	_ = l.emit(m)
}

// listenerSet holds the open listen streams of a server.
type listenerSet struct {
	mu  sync.Mutex
	set map[*listener]struct{}
}

func (ls *listenerSet) add(l *listener) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if ls.set == nil {
		ls.set = map[*listener]struct{}{}
	}
	ls.set[l] = struct{}{}
}

func (ls *listenerSet) remove(l *listener) {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	delete(ls.set, l)
}

// each calls f for every open stream, outside the set's lock.
func (ls *listenerSet) each(f func(*listener)) {
	ls.mu.Lock()
	list := make([]*listener, 0, len(ls.set))
	for l := range ls.set {
		list = append(list, l)
	}
	ls.mu.Unlock()
	for _, l := range list {
		f(l)
	}
}

// listen serves subscriptions/listen (2026-07-28): it acknowledges what
// of the filter the server honours, then streams the matching
// notifications until the client goes away (HTTP: closes the response;
// stdio: notifications/cancelled or closes stdin), which ends the request
// unanswered.
func (s *Server) listen(ctx context.Context, m *transport.Message, emit func(*transport.Message) error, ss *serverSession) (any, error) {
	var p ListenParams
	if err := unmarshalParams(m.Params, &p); err != nil {
		return nil, err
	}
	if p.Notifications == nil {
		return nil, transport.Errorf(transport.CodeInvalidParams, "Invalid params: notifications is required (the SubscriptionFilter of the notifications to receive)")
	}
	if emit == nil {
		return nil, transport.Errorf(transport.CodeInvalidRequest, "Invalid Request: subscriptions/listen needs a stream to answer on")
	}
	ctx, tc := ss.trackRequest(ctx, m.ID)
	defer tc.done()
	l := &listener{id: m.ID, filter: s.honoured(*p.Notifications), emit: emit}
	l.mu.Lock()
	s.listeners.add(l)
	defer s.listeners.remove(l)
	ack, err := transport.NewNotification("notifications/subscriptions/acknowledged", map[string]any{
		"notifications": l.filter,
		"_meta":         map[string]json.RawMessage{MetaSubscriptionID: m.ID},
	})
	if err == nil {
		err = emit(ack)
	}
	l.mu.Unlock()
	if err != nil {
		return nil, errCancelled
	}
	select {
	case <-ctx.Done():
	case <-ss.goneCh(): // stdin closed: no one to stream to
	}
	return nil, errCancelled
}

// honoured is the part of filter this server can deliver: list changes of
// what it offers, updates of resources it serves.
func (s *Server) honoured(f SubscriptionFilter) SubscriptionFilter {
	caps := s.capabilities()
	out := SubscriptionFilter{ToolsListChanged: f.ToolsListChanged && caps.Tools != nil}
	if caps.Resources != nil {
		out.ResourcesListChanged = f.ResourcesListChanged
		for _, uri := range f.ResourceSubscriptions {
			if found, _ := s.findResource(uri); found.ok() && !slices.Contains(out.ResourceSubscriptions, uri) {
				out.ResourceSubscriptions = append(out.ResourceSubscriptions, uri)
			}
		}
	}
	out.PromptsListChanged = f.PromptsListChanged && s.offersPrompts()
	return out
}
