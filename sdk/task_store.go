package sdk

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"sort"
	"sync"
	"time"

	"github.com/mcpdev/mcpdev/transport"
)

// taskStore holds a server's tasks: at most max of them, each until its
// expiry. Expired tasks are dropped (and stopped) whenever the store is
// used; when it is full, the oldest finished task makes room, and with
// every task still running a new one is refused.
type taskStore struct {
	mu    sync.Mutex
	tasks map[string]*taskEntry
}

// taskEntry is one task and what it ran to.
type taskEntry struct {
	id, owner  string // owner: transport.Owner of the caller ("" none)
	modern     bool   // created by a 2026-07-28 request
	status     TaskStatus
	message    string
	created    time.Time
	updated    time.Time
	ttl        time.Duration
	poll       time.Duration
	result     *CallToolResult
	err        *transport.Error
	cancel     context.CancelFunc
	done       chan struct{} // closed when the task ended
	notifyDone sync.Once
	store      *taskStore
	inputs     map[string]*pendingInput // questions waiting for tasks/update
	asking     int                      // 2025-11-25: questions sent to the session, unanswered
	// onStatus, when set, hears of every change of status with the task
	// as it then was (2025-11-25: notifications/tasks/status).
	onStatus func(*Task)
}

// errTaskNotFound is tasks/get (and the others) for an id the server does
// not hold: never created, expired, or another caller's.
func errTaskNotFound(id string) *transport.Error {
	return transport.Errorf(transport.CodeInvalidParams, "Failed to retrieve task: Task not found: %q", id)
}

// errTooManyTasks refuses a task while the store is full of running ones.
func errTooManyTasks(max int) *transport.Error {
	return transport.Errorf(transport.CodeInternalError, "Internal error: the server already runs %d tasks (ServerOptions.MaxTasks); try again later", max)
}

// newTaskID is 128 random bits: unguessable, as the spec asks when tasks
// cannot be bound to an authenticated caller.
func newTaskID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// add stores a new working task, durably: a tasks/get right after sees it.
func (st *taskStore) add(e *taskEntry, max int, now time.Time) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.tasks == nil {
		st.tasks = map[string]*taskEntry{}
	}
	st.sweepLocked(now)
	if len(st.tasks) >= max && !st.evictLocked() {
		return errTooManyTasks(max)
	}
	st.tasks[e.id] = e
	return nil
}

// sweepLocked drops (and stops) the tasks whose TTL has passed.
func (st *taskStore) sweepLocked(now time.Time) {
	for id, e := range st.tasks {
		if now.Sub(e.created) >= e.ttl {
			e.cancel()
			delete(st.tasks, id)
		}
	}
}

// evictLocked drops the oldest finished task; false when all still run.
func (st *taskStore) evictLocked() bool {
	var oldest *taskEntry
	for _, e := range st.tasks {
		if e.status.Terminal() && (oldest == nil || e.created.Before(oldest.created)) {
			oldest = e
		}
	}
	if oldest == nil {
		return false
	}
	delete(st.tasks, oldest.id)
	return true
}

// get finds owner's task id.
func (st *taskStore) get(id, owner string, now time.Time) (*taskEntry, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.sweepLocked(now)
	e := st.tasks[id]
	if e == nil || e.owner != owner {
		return nil, errTaskNotFound(id)
	}
	return e, nil
}

// list returns owner's tasks, oldest first.
func (st *taskStore) list(owner string, now time.Time) []*taskEntry {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.sweepLocked(now)
	var out []*taskEntry
	for _, e := range st.tasks {
		if e.owner == owner {
			out = append(out, e)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].created.Equal(out[j].created) {
			return out[i].created.Before(out[j].created)
		}
		return out[i].id < out[j].id
	})
	return out
}

// update changes e with f under the store's lock and tells e.onStatus
// when its status changed.
func (st *taskStore) update(e *taskEntry, f func()) {
	st.mu.Lock()
	before := e.status
	f()
	var t *Task
	if e.status != before && e.onStatus != nil {
		t = st.snapshotLocked(e, false)
	}
	st.mu.Unlock()
	if t != nil {
		e.onStatus(t)
	}
}

// finish records what the tool returned; a cancelled task stays cancelled.
func (st *taskStore) finish(e *taskEntry, status TaskStatus, message string, res *CallToolResult, err *transport.Error, now time.Time) {
	st.update(e, func() {
		if !e.status.Terminal() {
			e.status, e.message, e.result, e.err, e.updated = status, message, res, err, now
		}
	})
	e.notifyDone.Do(func() { close(e.done) })
}

// cancelTask moves a running task to cancelled and stops its tool; false
// when it had already finished.
func (st *taskStore) cancelTask(e *taskEntry, now time.Time) bool {
	cancelled := false
	st.update(e, func() {
		if e.status.Terminal() {
			return
		}
		e.status, e.message, e.updated = TaskCancelled, "The task was cancelled by request.", now
		e.cancel()
		cancelled = true
	})
	return cancelled
}

// snapshot is the task's state as the wire shows it in its era; detail
// adds the finished call's result or error (2026-07-28 tasks/get).
func (st *taskStore) snapshot(e *taskEntry, detail bool) *Task {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.snapshotLocked(e, detail)
}

// snapshotLocked is snapshot with the store's lock held.
func (st *taskStore) snapshotLocked(e *taskEntry, detail bool) *Task {
	t := &Task{TaskID: e.id, Status: e.status, StatusMessage: e.message,
		CreatedAt: isoTime(e.created), LastUpdatedAt: isoTime(e.updated)}
	ttl, poll := e.ttl.Milliseconds(), e.poll.Milliseconds()
	if !e.modern {
		t.TTL, t.PollInterval = &ttl, poll
		return t
	}
	t.TTLMs, t.PollIntervalMs = &ttl, poll
	if detail {
		t.InputRequests = e.inputRequestsLocked()
		switch e.status {
		case TaskCompleted:
			t.Result = e.result
		case TaskFailed:
			t.Error = e.err
		}
	}
	return t
}

// isoTime is an ISO 8601 UTC timestamp with milliseconds.
func isoTime(t time.Time) string {
	return t.UTC().Format("2006-01-02T15:04:05.000Z")
}
