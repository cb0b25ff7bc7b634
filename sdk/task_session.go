package sdk

import (
	"bytes"
	"context"
	"encoding/json"
	"time"

	"github.com/mcpdev/mcpdev/transport"
)

// A 2025-11-25 task in its session: what its tool sends the client
// (questions, progress, logs) carries the task's id in
// _meta["io.modelcontextprotocol/related-task"]; while a question waits
// for its answer the task is input_required, and working again after;
// every change of status is told with notifications/tasks/status.

// inSession wires a 2025-11-25 task to the session ss: its messages go
// to the session's channel, tagged with the task.
func (e *taskEntry) inSession(ss *serverSession, ci *callInfo) {
	ci.notify = relatedTaskEmit(ss.notify, e.id)
	e.onStatus = func(t *Task) {
		if m, err := transport.NewNotification("notifications/tasks/status", t); err == nil {
			_ = ss.notify(m) // a closed session hears nothing more
		}
	}
}

// askSession sends q to the session as a request of its own and waits for
// the answer, the task input_required meanwhile.
func (e *taskEntry) askSession(ctx context.Context, ci *callInfo, q question) (json.RawMessage, error) {
	if ci.session == nil {
		return nil, transport.Errorf(transport.CodeInternalError, "sdk: %s needs a session", q.method)
	}
	e.store.update(e, func() {
		e.asking++
		e.waitLocked(time.Now())
	})
	defer e.store.update(e, func() {
		e.asking--
		e.resumeLocked(time.Now())
	})
	return ci.session.request(ctx, ci.notify, q.method, q.params)
}

// relatedTaskEmit is emit for a task's messages: each carries the task's
// id in its params' _meta.
func relatedTaskEmit(emit func(*transport.Message) error, taskID string) func(*transport.Message) error {
	tag, _ := json.Marshal(map[string]string{"taskId": taskID})
	return func(m *transport.Message) error {
		out := *m
		out.Params = withMetaEntry(m.Params, relatedTaskMeta, tag)
		return emit(&out)
	}
}

// withMetaEntry is params with _meta[key] set to value, the other members
// and _meta entries kept; params that are not an object stay as they are.
func withMetaEntry(params json.RawMessage, key string, value json.RawMessage) json.RawMessage {
	p := map[string]json.RawMessage{}
	if len(params) > 0 && string(params) != "null" && json.Unmarshal(params, &p) != nil {
		return params
	}
	meta := map[string]json.RawMessage{}
	_ = json.Unmarshal(p["_meta"], &meta) // a _meta that is not an object is replaced
	meta[key] = value
	p["_meta"], _ = json.Marshal(meta)
	out, err := json.Marshal(p)
	if err != nil {
		return params
	}
	return out
}

// relatedTaskOf is the related-task _meta entry of a message's params, or
// nil.
func relatedTaskOf(params json.RawMessage) json.RawMessage {
	if !bytes.Contains(params, []byte(relatedTaskMeta)) {
		return nil
	}
	var p struct {
		Meta map[string]json.RawMessage `json:"_meta"`
	}
	if json.Unmarshal(params, &p) != nil {
		return nil
	}
	return p.Meta[relatedTaskMeta]
}
