package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/sdk"
)

// After a call the form must come back with its field focused: what is
// typed next lands in it and the next ctrl+r sends it (issue 11, item 1).

// doneCall finishes the running call with a plain text result.
func doneCall(t *testing.T, m *Model) {
	t.Helper()
	if m.call == nil {
		t.Fatalf("no call running; status %q\n%s", m.status, screen(m))
	}
	finishCall(m, &sdk.CallToolResult{Content: []sdk.Content{sdk.Text("ok")}}, nil, time.Millisecond)
}

// focusMarker reports whether the form pane shows a focused field (huh's
// thick left border) on a line that also holds want.
func focusMarker(m *Model, want string) bool {
	for _, l := range strings.Split(screen(m), "\n") {
		if i := strings.Index(l, "││"); i >= 0 && strings.Contains(l[i:], "┃") && strings.Contains(l[i:], want) {
			return true
		}
	}
	return false
}

func TestFocusKeptAfterCallEscBack(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	press(m, "enter")
	typeText(m, "dune")
	press(m, "ctrl+r")
	doneCall(t, m)
	press(m, "esc") // output → back to the form
	if m.focus != focusForm {
		t.Fatalf("esc after the call: focus %v, want the form", m.focus)
	}
	if !focusMarker(m, "query") {
		t.Errorf("the form shows no focused field after esc:\n%s", screen(m))
	}
	typeText(m, "tolkien") // the first key replaces the previous value, as on tab
	press(m, "ctrl+r")
	if got := string(m.callArgs); !strings.Contains(got, `"query":"tolkien"`) {
		t.Errorf("second call sent %s, want the typed query tolkien", got)
	}
}

func TestFocusKeptOnLastEditedFieldAfterCall(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	press(m, "enter")
	typeText(m, "dune")
	press(m, "tab") // limit
	typeText(m, "5")
	press(m, "ctrl+r")
	doneCall(t, m)
	press(m, "esc")
	typeText(m, "7")
	press(m, "ctrl+r")
	if got := string(m.callArgs); !strings.Contains(got, `"limit":7`) || !strings.Contains(got, `"query":"dune"`) {
		t.Errorf("second call sent %s, want query dune and the retyped limit 7", got)
	}
}

func TestFocusKeptInOneFieldForm(t *testing.T) {
	m, _ := newTestModel(t, 80, 24)
	press(m, "/")
	typeText(m, "weather")
	press(m, "enter")
	typeText(m, "Oslo")
	press(m, "enter") // the only field: enter submits
	doneCall(t, m)
	press(m, "esc")
	typeText(m, "Rome")
	press(m, "enter")
	if got := string(m.callArgs); got != `{"city":"Rome"}` {
		t.Errorf("second call sent %s, want {\"city\":\"Rome\"}", got)
	}
}

func TestFocusKeptWhenToolOpenedAgain(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	press(m, "enter")
	typeText(m, "dune")
	press(m, "ctrl+r")
	doneCall(t, m)
	press(m, "tab") // output → tools
	if m.focus != focusTools {
		t.Fatalf("tab from the output: focus %v, want tools", m.focus)
	}
	press(m, "enter") // the same tool: back to its form
	if !focusMarker(m, "query") {
		t.Errorf("the reopened form shows no focused field:\n%s", screen(m))
	}
	typeText(m, "herbert")
	press(m, "ctrl+r")
	if got := string(m.callArgs); !strings.Contains(got, `"query":"herbert"`) {
		t.Errorf("second call sent %s, want the typed query herbert", got)
	}
}

func TestFocusKeptAfterRefusedSubmit(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	press(m, "enter")
	typeText(m, "dune")
	press(m, "tab", "backspace", "backspace")
	typeText(m, "500")
	press(m, "ctrl+r") // refused: limit is over 50
	if m.call != nil {
		t.Fatal("a call was sent although limit breaks its bound")
	}
	press(m, "backspace")
	press(m, "ctrl+r")
	if got := string(m.callArgs); !strings.Contains(got, `"limit":50`) {
		t.Errorf("after correcting the limit the call sent %q, want limit 50", got)
	}
}

func TestFocusKeptInFieldAcrossRestart(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	press(m, "enter")
	typeText(m, "dune")
	press(m, "tab") // limit
	m.Update(disconnectedMsg{gen: m.gen, err: fmt.Errorf("EOF"), report: "The server exited."})
	m.Update(keyMsg("R")) // commands not run: no real connector here
	s := testBookshop()
	client, _ := sdk.NewInMemoryClient(context.Background(), s, nil)
	defer client.Close()
	m.Update(connectedMsg{gen: m.gen, conn: &target.Connection{Client: client}, info: serverInfo{Name: "Bookshop"}})
	m.Update(toolsMsg{gen: m.gen, tools: s.Tools()})
	if !focusMarker(m, "limit") {
		t.Errorf("the rebuilt form's cursor is not in limit, where it was:\n%s", screen(m))
	}
	typeText(m, "7")
	if got := formArgs(t, m)["limit"]; got != float64(7) {
		t.Errorf("typed after the restart: limit %v, want 7", got)
	}
}

// The form footer offers ctrl+o where the cursor is in a nullable value.
func TestFormFooterOffersNull(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	press(m, "enter")
	footer := func() string { s := strings.Split(strings.TrimRight(screen(m), "\n"), "\n"); return s[len(s)-1] }
	if strings.Contains(footer(), "ctrl+o") {
		t.Errorf("ctrl+o offered in query, which cannot be null: %q", footer())
	}
	press(m, "tab", "tab") // genre: *Genre
	if !strings.Contains(footer(), "ctrl+o null / value") {
		t.Errorf("ctrl+o not offered in the nullable genre: %q", footer())
	}
}
