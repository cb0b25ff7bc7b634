package tui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/sdk"
)

var researchTool = sdk.ToolInfo{
	Name:        "simulate-research-query",
	Description: "Simulates a deep research operation.",
	InputSchema: json.RawMessage(`{"type":"object","properties":{"topic":{"type":"string"}},"required":["topic"]}`),
	Execution:   &sdk.ToolExecution{TaskSupport: "required"},
}

// The wire form of tools/list carries execution.taskSupport through.
func TestToolInfoDecodesTaskSupport(t *testing.T) {
	var ti sdk.ToolInfo
	if err := json.Unmarshal([]byte(`{"name":"q","inputSchema":{"type":"object"},"execution":{"taskSupport":"required"}}`), &ti); err != nil {
		t.Fatal(err)
	}
	if !call.NeedsTask(ti) {
		t.Errorf("decoded %+v: execution.taskSupport required was lost", ti)
	}
}

func TestTaskRequiredToolIsMarkedAndNotSent(t *testing.T) {
	m, _ := newTestModel(t, 120, 40)
	m.Update(toolsMsg{gen: m.gen, tools: append(m.tools.tools, researchTool)})
	press(m, "G")
	s := screen(m)
	if !strings.Contains(s, "task required") || !strings.Contains(s, "Runs only as a task") {
		t.Fatalf("the list and details do not mark the task-only tool:\n%s", s)
	}
	press(m, "enter")
	typeText(m, "quantum")
	press(m, "ctrl+r")
	if m.call != nil {
		t.Fatal("a plain tools/call was sent for a task-only tool")
	}
	s = screen(m)
	for _, want := range []string{"⊘ not sent", "does not support tasks yet", "ctrl+s sends it anyway"} {
		if !strings.Contains(s, want) {
			t.Errorf("the screen lacks %q:\n%s", want, s)
		}
	}
	if m.focus != focusForm {
		t.Errorf("focus %v after the refusal, want the form (ctrl+s at hand)", m.focus)
	}
	press(m, "ctrl+s")
	if m.call == nil || m.call.tool != researchTool.Name {
		t.Errorf("ctrl+s did not send the call anyway")
	}
}
