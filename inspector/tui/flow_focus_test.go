package tui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"
)

// Focus after a call, end to end (issue 11, item 1): the workbench server
// records the arguments every call brings it, and the test reads that
// record, not the screen, to see what was sent.

// startRecordedFlow runs the workbench with its argument record on.
func startRecordedFlow(t *testing.T) (*flow, string) {
	t.Helper()
	rec := filepath.Join(t.TempDir(), "received.jsonl")
	c := commandConnector(serverBin(t, "workbench"))
	c.Target.Env = []string{"WORKBENCH_RECORD=" + rec}
	m := New(context.Background(), c, Options{Target: "workbench", Dark: dark(), SaveDir: t.TempDir()})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 40))
	f := &flow{t: t, m: m, tm: tm}
	t.Cleanup(f.finish)
	return f, rec
}

// received waits until the server has recorded n calls and returns their
// arguments, one JSON object per call.
func received(t *testing.T, rec string, n int) []string {
	t.Helper()
	var lines []string
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		b, _ := os.ReadFile(rec)
		lines = strings.Split(strings.TrimSpace(string(b)), "\n")
		if len(b) > 0 && len(lines) >= n {
			return lines
		}
	}
	t.Fatalf("the server recorded %q, want %d calls", lines, n)
	return nil
}

func TestFlowRetypedValueSentAfterCall(t *testing.T) {
	t.Parallel()
	f, rec := startRecordedFlow(t)
	f.keys("/")
	f.typ("weather")
	f.keys("enter")
	f.typ("Oslo")
	f.keys("ctrl+r")
	f.waitFor(`"conditions": "sunny"`)
	f.keys("esc") // the result → back to the form, its only field focused
	f.typ("Rome")
	f.keys("ctrl+r")
	if got := received(t, rec, 2); got[1] != `{"city":"Rome"}` {
		t.Errorf("the server received %q, want the retyped city Rome second", got)
	}
}

func TestFlowRetypedValueSentAfterLongCall(t *testing.T) {
	t.Parallel()
	f, rec := startRecordedFlow(t)
	f.waitFor("slow_count")
	f.keys("enter") // slow_count: steps 50, delay_ms 200
	f.typ("3")
	f.keys("tab")
	f.typ("20")
	f.keys("ctrl+r")
	f.waitFor(`"steps": 3`)
	f.keys("esc") // back in delay_ms, the field last edited
	f.typ("5")
	f.keys("ctrl+r")
	if got := received(t, rec, 2); got[1] != `{"steps":3,"delay_ms":5}` {
		t.Errorf("the server received %q, want delay_ms 5 second", got)
	}
}

func TestFlowRetypedValueSentWhenToolOpenedAgain(t *testing.T) {
	t.Parallel()
	f, rec := startRecordedFlow(t)
	f.keys("/")
	f.typ("weather")
	f.keys("enter")
	f.typ("Oslo")
	f.keys("ctrl+r")
	f.waitFor(`"conditions": "sunny"`)
	f.keys("tab", "enter") // the result → the tools; enter on the same tool
	f.typ("Rome")
	f.keys("ctrl+r")
	if got := received(t, rec, 2); got[1] != `{"city":"Rome"}` {
		t.Errorf("the server received %q, want the retyped city Rome second", got)
	}
}
