package sdk_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// sessionTaskFixture is a 2025-11-25 task that logs, asks one question
// and then waits for gate; the client's hook holds its answer until
// release, and the client keeps what the server sent.
type sessionTaskFixture struct {
	gate, release chan struct{}
	asked         chan *sdk.ElicitParams
	statuses      chan sdk.TaskStatus // of notifications/tasks/status
	mu            sync.Mutex
	logMeta       []json.RawMessage // the _meta of each notifications/message
	answerMeta    []json.RawMessage // the result _meta of each response the client sent
}

func (f *sessionTaskFixture) server() *sdk.Server {
	s := sdk.NewServer("session-tasks", nil)
	sdk.Tool(s, func(ctx context.Context, _ jobArgs) (string, error) {
		_ = sdk.Log(ctx, sdk.LevelInfo, "about to ask")
		who, _, err := sdk.Elicit[pickArgs](ctx, "Who?")
		if err != nil {
			return "", err
		}
		select {
		case <-f.gate:
			return "hi " + who.Name, nil
		case <-ctx.Done():
			return "", ctx.Err()
		}
	}, &sdk.ToolOptions{Name: "ask_once", Description: "Asks once, as a task.", TaskSupport: sdk.TaskOptional})
	return s
}

func (f *sessionTaskFixture) options() *sdk.ClientOptions {
	return &sdk.ClientOptions{
		ProtocolVersion: sdk.LatestLegacyVersion,
		OnElicit: func(ctx context.Context, p *sdk.ElicitParams) (*sdk.ElicitResult, error) {
			f.asked <- p
			<-f.release
			return &sdk.ElicitResult{Action: sdk.ActionAccept, Content: json.RawMessage(`{"name":"ann"}`)}, nil
		},
		Trace: func(d sdk.Direction, m *transport.Message) {
			if d == sdk.Sent && m.IsResponse() && m.Result != nil {
				var r struct {
					Meta json.RawMessage `json:"_meta"`
				}
				_ = json.Unmarshal(m.Result, &r)
				f.mu.Lock()
				f.answerMeta = append(f.answerMeta, r.Meta)
				f.mu.Unlock()
			}
		},
		OnNotification: func(m *transport.Message) {
			var p struct {
				Status sdk.TaskStatus  `json:"status"`
				Meta   json.RawMessage `json:"_meta"`
			}
			_ = json.Unmarshal(m.Params, &p)
			switch m.Method {
			case "notifications/tasks/status":
				f.statuses <- p.Status
			case "notifications/message":
				f.mu.Lock()
				f.logMeta = append(f.logMeta, p.Meta)
				f.mu.Unlock()
			}
		},
	}
}

// relatedTask reads the task id a _meta ties a message to.
func relatedTask(meta json.RawMessage) string {
	var m map[string]struct {
		TaskID string `json:"taskId"`
	}
	_ = json.Unmarshal(meta, &m)
	return m["io.modelcontextprotocol/related-task"].TaskID
}

// In 2025-11-25 a task's question goes to the client tagged with the
// related-task _meta (as do its logs); the task is input_required while
// the question waits and working again once answered, and each change of
// status is told with notifications/tasks/status (input_required,
// working, completed); the sdk client's answer carries the same _meta:
// over every transport.
func TestSessionTaskAsksAsTheTask(t *testing.T) {
	for _, via := range transports {
		t.Run(via, func(t *testing.T) {
			f := &sessionTaskFixture{gate: make(chan struct{}), release: make(chan struct{}),
				asked: make(chan *sdk.ElicitParams, 1), statuses: make(chan sdk.TaskStatus, 16)}
			c := connectViaOpts(t, f.server(), via, f.options(), nil)
			task := mustTask(t, c, "ask_once")
			var p *sdk.ElicitParams
			select {
			case p = <-f.asked:
			case <-testCtx(t).Done():
				t.Fatal("the task's question never reached the client")
			}
			if got := relatedTask(p.Meta); got != task.TaskID {
				t.Errorf("elicitation _meta = %s, want related-task %s", p.Meta, task.TaskID)
			}
			if got, err := c.GetTask(testCtx(t), task.TaskID); err != nil || got.Status != sdk.TaskInputRequired {
				t.Errorf("GetTask while the question waits = %+v, %v; want input_required", got, err)
			}
			close(f.release)
			waitStatus(t, c, task.TaskID, sdk.TaskWorking)
			close(f.gate)
			if res, err := c.WaitTask(testCtx(t), task.TaskID); err != nil || texts(res) != "hi ann" {
				t.Errorf("WaitTask = %+v, %v; want hi ann", res, err)
			}
			want := []sdk.TaskStatus{sdk.TaskInputRequired, sdk.TaskWorking, sdk.TaskCompleted}
			for i, w := range want {
				select {
				case got := <-f.statuses:
					if got != w {
						t.Fatalf("status notification %d = %s, want %s (all: %v)", i, got, w, want)
					}
				case <-testCtx(t).Done():
					t.Fatalf("status notification %d (%s) never came", i, w)
				}
			}
			f.mu.Lock()
			defer f.mu.Unlock()
			if len(f.logMeta) == 0 || relatedTask(f.logMeta[0]) != task.TaskID {
				t.Errorf("log notifications' _meta = %s, want related-task %s", f.logMeta, task.TaskID)
			}
			if len(f.answerMeta) != 1 || relatedTask(f.answerMeta[0]) != task.TaskID {
				t.Errorf("the client's answers' _meta = %s, want one with related-task %s", f.answerMeta, task.TaskID)
			}
		})
	}
}

// waitStatus polls the task until it leaves input_required and checks it
// is then want.
func waitStatus(t *testing.T, c *sdk.Client, id string, want sdk.TaskStatus) {
	t.Helper()
	for {
		got, err := c.GetTask(testCtx(t), id)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != sdk.TaskInputRequired {
			if got.Status != want {
				t.Fatalf("status after the answer = %s, want %s", got.Status, want)
			}
			return
		}
		time.Sleep(5 * time.Millisecond) // polling, not an assertion
	}
}
