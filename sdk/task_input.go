package sdk

import (
	"context"
	"encoding/json"
	"time"

	"github.com/mcpdev/mcpdev/transport"
)

// A 2026-era task's questions (Elicit, Sample, Roots from its tool):
// the task waits in input_required, tasks/get lists the questions under
// inputRequests, and tasks/update answers them (several at once, or one
// by one); the task works on when none is left.

// pendingInput is a question a task waits on.
type pendingInput struct {
	request InputRequest
	answer  chan json.RawMessage
}

// ask puts q to the client for the task the call ci runs as: a
// 2025-11-25 task sends it to the session (askSession), a stateless one
// waits for tasks/update.
func (e *taskEntry) ask(ctx context.Context, ci *callInfo, q question) (json.RawMessage, error) {
	if !e.modern {
		return e.askSession(ctx, ci, q)
	}
	return e.park(ctx, q)
}

// park parks the task until tasks/update answers q, the task ends or ctx
// does.
func (e *taskEntry) park(ctx context.Context, q question) (json.RawMessage, error) {
	params, err := json.Marshal(q.params)
	if err != nil {
		return nil, err
	}
	p := &pendingInput{request: InputRequest{Method: q.method, Params: params}, answer: make(chan json.RawMessage, 1)}
	st := e.store
	st.update(e, func() {
		switch _, dup := e.inputs[q.key]; {
		case e.status.Terminal():
			err = context.Canceled
		case dup:
			err = transport.Errorf(transport.CodeInternalError, "Internal error: the task asks %q twice at once", q.key)
		default:
			if e.inputs == nil {
				e.inputs = map[string]*pendingInput{}
			}
			e.inputs[q.key] = p
			e.waitLocked(time.Now())
		}
	})
	if err != nil {
		return nil, err
	}
	select {
	case a := <-p.answer:
		return a, nil
	case <-ctx.Done():
		st.update(e, func() {
			delete(e.inputs, q.key)
			e.resumeLocked(time.Now())
		})
		return nil, ctx.Err()
	}
}

// waitLocked moves a running task to input_required.
func (e *taskEntry) waitLocked(now time.Time) {
	if !e.status.Terminal() && e.status != TaskInputRequired {
		e.status, e.updated = TaskInputRequired, now
	}
}

// resumeLocked moves a task with no question left back to working.
func (e *taskEntry) resumeLocked(now time.Time) {
	if len(e.inputs) == 0 && e.asking == 0 && e.status == TaskInputRequired {
		e.status, e.updated = TaskWorking, now
	}
}

// answer hands tasks/update's responses to the questions they answer;
// responses to questions not (or no longer) pending are ignored.
func (st *taskStore) answer(e *taskEntry, responses map[string]json.RawMessage, now time.Time) {
	st.update(e, func() {
		for key, r := range responses {
			if p := e.inputs[key]; p != nil {
				p.answer <- r
				delete(e.inputs, key)
			}
		}
		e.resumeLocked(now)
	})
}

// inputRequestsLocked lists the pending questions for tasks/get.
func (e *taskEntry) inputRequestsLocked() map[string]json.RawMessage {
	if len(e.inputs) == 0 {
		return nil
	}
	out := make(map[string]json.RawMessage, len(e.inputs))
	for key, p := range e.inputs {
		out[key], _ = json.Marshal(p.request)
	}
	return out
}

// updateTask is tasks/update: the answers to a task's questions.
func (s *Server) updateTask(e *taskEntry, raw json.RawMessage) error {
	var p struct {
		InputResponses map[string]json.RawMessage `json:"inputResponses"`
	}
	if err := unmarshalParams(raw, &p); err != nil {
		return err
	}
	s.tasks.answer(e, p.InputResponses, time.Now())
	return nil
}
