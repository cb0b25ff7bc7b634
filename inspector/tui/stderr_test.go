package tui

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// A server that crashes: every line it wrote to stderr reaches the logs
// pane, in order, and the doctor quotes the last ones. Nothing waits a
// guessed time for stderr to drain: the process has exited only once its
// stderr was copied, and the lines go straight into the mailbox.
func TestCrashShowsLastStderrLines(t *testing.T) {
	var lines []string
	for i := 1; i <= 40; i++ {
		lines = append(lines, fmt.Sprintf("line %d", i))
	}
	lines = append(lines, "last words")
	script := `for i in $(seq 1 40); do echo "line $i" >&2; done; echo "last words" >&2; exit 3`

	t.Run("before initialize", func(t *testing.T) {
		m := syncModel(t, commandConnector("sh", "-c", script))
		m.Update(connectNow(m))
		if m.state != stateFailed || !strings.Contains(m.doctor.report, "exited with code 3") || !strings.Contains(m.doctor.report, "last words") {
			t.Fatalf("state %v, doctor:\n%s", m.state, m.doctor.report)
		}
		if got := stderrLogs(t, m, len(lines)); !slices.Equal(got, lines) {
			t.Errorf("the logs pane shows the stderr lines\n%q\nwant\n%q", got, lines)
		}
	})
	t.Run("during a call", func(t *testing.T) {
		m := syncModel(t, commandConnector(serverBin(t, "workbench")))
		msg := connectNow(m)
		if _, ok := msg.(connectedMsg); !ok {
			t.Fatalf("connect: %+v", msg)
		}
		m.Update(msg)
		conn := m.sess.conn
		if _, err := conn.Client.CallTool(context.Background(), "crash", json.RawMessage(`{"code":7}`), nil); err == nil {
			t.Fatal("the crash tool returned")
		}
		m.Update(waitDoneCmd(m.sess.ctx, conn, m.gen)())
		want := "crash: the server is going down on purpose"
		if m.state != stateExited || !strings.Contains(m.doctor.report, "code 7") || !strings.Contains(m.doctor.report, want) {
			t.Fatalf("state %v, doctor:\n%s", m.state, m.doctor.report)
		}
		if got, wantAll := stderrLogs(t, m, 2), []string{"workbench: ready", want}; !slices.Equal(got, wantAll) {
			t.Errorf("the logs pane shows the stderr lines %q, want %q", got, wantAll)
		}
	})
}

// syncModel is a model on c whose commands the test runs itself.
func syncModel(t *testing.T, c Connector) *Model {
	t.Helper()
	m := New(context.Background(), c, Options{Target: "test", Dark: dark(), SaveDir: t.TempDir()})
	m.Init() // starts generation 1; the test connects by itself
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	t.Cleanup(m.Close)
	return m
}

// connectNow connects the model's current generation, as Init's command
// would.
func connectNow(m *Model) tea.Msg {
	return connectCmd(m.sess, m.connector)()
}

// stderrLogs feeds the mailbox's events to the model until the logs pane
// holds n stderr lines, and returns them. It fails if they do not come.
func stderrLogs(t *testing.T, m *Model, n int) []string {
	t.Helper()
	for {
		var got []string
		for _, e := range m.logs.entries {
			if e.level == "stderr" {
				got = append(got, e.text)
			}
		}
		if len(got) >= n {
			return got
		}
		events := make(chan []any, 1)
		go func() { events <- m.sess.box.take() }()
		select {
		case ev := <-events:
			m.Update(eventsMsg{gen: m.gen, events: ev})
		case <-time.After(10 * time.Second):
			t.Fatalf("the logs pane holds %d of %d stderr lines, and no more events come: %q", len(got), n, got)
		}
	}
}
