package testsession

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// A subscribe step follows a resource's updates, as the inspector's u
// does; an "updated URI" expectation under a step holds once the server
// has sent notifications/resources/updated for URI on this connection (by
// the end of the step, or within the timeout after it). The server's
// updates are its doing, not the person's: a recording writes the first
// one heard after a subscribe as such an expectation, never as a step.

// updateLog counts the updates heard, by URI.
type updateLog struct {
	mu    sync.Mutex
	heard map[string]int
	wake  chan struct{} // closed and replaced on each update
}

func newUpdateLog() *updateLog {
	return &updateLog{heard: map[string]int{}, wake: make(chan struct{})}
}

// note is the client's notification hook.
func (u *updateLog) note(m *transport.Message) {
	if m.Method != "notifications/resources/updated" {
		return
	}
	var p sdk.ReadResourceParams
	if json.Unmarshal(m.Params, &p) != nil {
		return
	}
	u.mu.Lock()
	u.heard[p.URI]++
	close(u.wake)
	u.wake = make(chan struct{})
	u.mu.Unlock()
}

// wait waits until an update of uri has been heard, at most d.
func (u *updateLog) wait(uri string, d time.Duration) bool {
	deadline := time.NewTimer(d)
	defer deadline.Stop()
	for {
		u.mu.Lock()
		n, wake := u.heard[uri], u.wake
		u.mu.Unlock()
		if n > 0 {
			return true
		}
		select {
		case <-wake:
		case <-deadline.C:
			return false
		}
	}
}

// checkUpdated is an updated expectation's problem, "" when it holds.
func (r *sessionRun) checkUpdated(e *Expect) string {
	d := r.timeout()
	if d <= 0 {
		d = call.DefaultTimeout
	}
	if r.updates.wait(e.Value, d) {
		return ""
	}
	return fmt.Sprintf("no notifications/resources/updated for %s within %s (subscribe to it first?)", e.Value, d)
}

// stepSubscribe follows URI's updates: resources/subscribe in the session
// era; in the 2026 era a subscriptions/listen stream for every URI
// followed so far, open until the session ends.
func (r *sessionRun) stepSubscribe(ctx context.Context, s *Step) []string {
	uri := s.Words[0]
	if r.conn.Client.Era() != sdk.Era2026 {
		if err := call.Subscribe(ctx, r.conn, uri, r.timeout()); err != nil {
			return r.verify(s, nil, err)
		}
		return r.verify(s, &outcome{}, nil)
	}
	if !slices.Contains(r.followed, uri) {
		r.followed = append(r.followed, uri)
	}
	if r.stopListen != nil {
		r.stopListen()
	}
	lctx, cancel := context.WithCancel(ctx)
	r.stopListen = cancel
	call.Listen(lctx, r.conn, sdk.SubscriptionFilter{ResourceSubscriptions: slices.Clone(r.followed)})
	return r.verify(s, &outcome{}, nil)
}
