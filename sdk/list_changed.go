package sdk

import (
	"github.com/mcpdev/mcpdev/transport"
)

// listKind names a list whose changes clients may hear of.
type listKind int

const (
	listTools listKind = iota
	listResources
	listPrompts
)

// method is the notification announcing a change of the list.
func (k listKind) method() string {
	return [...]string{
		"notifications/tools/list_changed",
		"notifications/resources/list_changed",
		"notifications/prompts/list_changed",
	}[k]
}

// listChanged tells every client that may hear it that the list of kind
// changed: initialized legacy-era sessions, and 2026-era
// subscriptions/listen streams that asked for that kind.
func (s *Server) listChanged(kind listKind) {
	for _, ss := range s.sessionList() {
		ss.send(kind.method(), nil)
	}
	s.listeners.each(func(l *listener) {
		if l.filter.wants(kind) {
			l.notify(kind.method(), nil)
		}
	})
}

// sessionList is a snapshot of the connected sessions.
func (s *Server) sessionList() []*serverSession {
	s.mu.RLock()
	defer s.mu.RUnlock()
	out := make([]*serverSession, 0, len(s.sessions))
	for ss := range s.sessions {
		out = append(out, ss)
	}
	return out
}

// send sends a notification to a session's client once it has
// initialized; params may be nil.
func (ss *serverSession) send(method string, params any) {
	if !ss.ready() || ss.notify == nil {
		return
	}
	if m, err := transport.NewNotification(method, params); err == nil {
		_ = ss.notify(m)
	}
}
