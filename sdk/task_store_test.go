package sdk

import (
	"context"
	"github.com/mcpdev/mcpdev/transport"
	"testing"
	"time"
)

func storedTask(id, owner string, created time.Time, ttl time.Duration) (*taskEntry, context.Context) {
	ctx, cancel := context.WithCancel(context.Background())
	return &taskEntry{id: id, owner: owner, status: TaskWorking, created: created, updated: created,
		ttl: ttl, cancel: cancel, done: make(chan struct{})}, ctx
}

// A task past its TTL is gone (tasks/get: not found) and its tool is
// stopped; one within its TTL stays.
func TestTaskStoreExpiresAndStops(t *testing.T) {
	var st taskStore
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	old, oldCtx := storedTask("old", "", t0, time.Minute)
	young, youngCtx := storedTask("young", "", t0.Add(30*time.Second), time.Minute)
	for _, e := range []*taskEntry{old, young} {
		if err := st.add(e, 10, e.created); err != nil {
			t.Fatal(err)
		}
	}
	now := t0.Add(time.Minute + time.Second)
	if _, err := st.get("old", "", now); err == nil {
		t.Error("a task past its TTL is still found")
	}
	if oldCtx.Err() == nil {
		t.Error("the expired task's tool was not stopped")
	}
	if _, err := st.get("young", "", now); err != nil || youngCtx.Err() != nil {
		t.Errorf("a task within its TTL: %v (stopped: %v)", err, youngCtx.Err())
	}
}

// A task bound to an authenticated caller is not found by another, nor
// listed for them.
func TestTaskStoreBindsOwner(t *testing.T) {
	var st taskStore
	now := time.Now()
	e, _ := storedTask("t1", "alice", now, time.Hour)
	if err := st.add(e, 10, now); err != nil {
		t.Fatal(err)
	}
	if _, err := st.get("t1", "alice", now); err != nil {
		t.Errorf("the owner: %v", err)
	}
	for _, who := range []string{"mallory", ""} {
		if _, err := st.get("t1", who, now); err == nil {
			t.Errorf("%q found alice's task", who)
		}
		if got := st.list(who, now); len(got) != 0 {
			t.Errorf("%q lists %d of alice's tasks", who, len(got))
		}
	}
	owner := func(id *transport.Identity) string {
		return taskOwner(transport.WithIdentity(context.Background(), id))
	}
	alice := owner(&transport.Identity{Subject: "alice", ClientID: "app"})
	for _, other := range []*transport.Identity{nil, {Subject: "bob", ClientID: "app"}, {Subject: "alice"}, {Subject: "alice", ClientID: "other"}, {Subject: "alice app"}} {
		if owner(other) == alice {
			t.Errorf("taskOwner of %+v is alice's through app", other)
		}
	}
	if owner(&transport.Identity{Subject: "alice", ClientID: "app", Scopes: []string{"x"}}) != alice {
		t.Error("taskOwner depends on more than the subject and client id")
	}
}
