package sdk

import (
	"encoding/json"
)

// ResourceUpdated tells the clients watching uri that the resource changed
// and may be read again: legacy-era sessions that sent resources/subscribe
// for it, and 2026-era subscriptions/listen streams that named it in
// resourceSubscriptions (notifications/resources/updated).
func (s *Server) ResourceUpdated(uri string) {
	params := map[string]string{"uri": uri}
	for _, ss := range s.sessionList() {
		if ss.subscribed(uri) {
			ss.send("notifications/resources/updated", params)
		}
	}
	s.listeners.each(func(l *listener) {
		if l.filter.watches(uri) {
			l.notify("notifications/resources/updated", params)
		}
	})
}

// subscribe answers resources/subscribe: a URI nothing serves is refused
// with "Resource not found" (-32002), as resources/read refuses it.
func (ss *serverSession) subscribe(raw json.RawMessage) (any, error) {
	if err := ss.srv.offersResources("resources/subscribe"); err != nil {
		return nil, err
	}
	uri, err := uriParam(raw)
	if err != nil {
		return nil, err
	}
	if found, _ := ss.srv.findResource(uri); !found.ok() {
		return nil, resourceNotFound(uri, false)
	}
	ss.mu.Lock()
	if ss.subs == nil {
		ss.subs = map[string]bool{}
	}
	ss.subs[uri] = true
	ss.mu.Unlock()
	return struct{}{}, nil
}

// unsubscribe answers resources/unsubscribe; a URI not subscribed to is
// no error (the client's wish holds already).
func (ss *serverSession) unsubscribe(raw json.RawMessage) (any, error) {
	if err := ss.srv.offersResources("resources/unsubscribe"); err != nil {
		return nil, err
	}
	uri, err := uriParam(raw)
	if err != nil {
		return nil, err
	}
	ss.mu.Lock()
	delete(ss.subs, uri)
	ss.mu.Unlock()
	return struct{}{}, nil
}

func (ss *serverSession) subscribed(uri string) bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.subs[uri]
}
