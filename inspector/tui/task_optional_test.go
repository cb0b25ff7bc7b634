package tui

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/peers"
	"github.com/mcpdev/mcpdev/sdk"
)

var computeTool = sdk.ToolInfo{
	Name:        "slow_compute",
	Description: "Works for a while.",
	InputSchema: json.RawMessage(`{"type":"object","properties":{"label":{"type":"string"}}}`),
	Execution:   &sdk.ToolExecution{TaskSupport: "optional"},
}

// openToolForm adds tool to the bookshop's list, selects it (the last
// one) and opens its form.
func openToolForm(t *testing.T, tool sdk.ToolInfo) *Model {
	t.Helper()
	m, _ := newTestModel(t, 120, 40)
	m.Update(toolsMsg{gen: m.gen, tools: append(m.tools.tools, tool)})
	press(m, "G")
	return m
}

// TestOptionalTaskToolRunsEitherWay: a tool whose taskSupport is
// "optional" says in its details that ctrl+t runs it as a task; in its
// form the footer shows ctrl+t; ctrl+r calls it as usual, ctrl+t runs it
// as a task, and the history keeps which (re-run runs it the same way).
func TestOptionalTaskToolRunsEitherWay(t *testing.T) {
	m := openToolForm(t, computeTool)
	if s := screen(m); !strings.Contains(s, `May run as a task (execution.taskSupport "optional").`) || !strings.Contains(s, "ctrl+t submits it as a task") {
		t.Fatalf("the details do not say the tool may run as a task:\n%s", s)
	}
	press(m, "enter")
	typeText(m, "pi")
	if s := screen(m); !strings.Contains(s, "ctrl+t submit as task") {
		t.Errorf("the form's footer lacks ctrl+t:\n%s", s)
	}
	press(m, "ctrl+r")
	if m.call == nil || m.call.task != nil {
		t.Fatalf("ctrl+r: want a plain call, got %+v", m.call)
	}
	finishCall(m, &sdk.CallToolResult{Content: []sdk.Content{sdk.Text("done")}}, nil, time.Second)
	press(m, "e") // back to the form
	press(m, "ctrl+t")
	if m.call == nil || m.call.task == nil {
		t.Fatalf("ctrl+t: want a task, got %+v", m.call)
	}
	if s := screen(m); !strings.Contains(s, "● slow_compute running as a task") {
		t.Errorf("the result pane does not show the task:\n%s", s)
	}
	finishCall(m, &sdk.CallToolResult{Content: []sdk.Content{sdk.Text("done")}}, nil, time.Second)
	if got := []bool{m.history.entries[0].task, m.history.entries[1].task}; !got[1] || got[0] {
		t.Errorf("history task flags (oldest first) = %v, want [false true]", got)
	}
	press(m, "4")
	if s := screen(m); strings.Count(s, "slow_compute ok") != 2 || !strings.Contains(s, "slow_compute ok as a task") {
		t.Errorf("the history does not mark the call made as a task:\n%s", s)
	}
	press(m, "enter") // re-run the latest, the task
	if m.call == nil || m.call.task == nil {
		t.Errorf("re-running a call made as a task did not run it as a task")
	}
}

// TestTaskKeyOnlyForOptionalTasks: ctrl+t is not offered, and does
// nothing, in the form of a tool that never runs as a task or always
// does.
func TestTaskKeyOnlyForOptionalTasks(t *testing.T) {
	for _, tool := range []sdk.ToolInfo{
		{Name: "plain", InputSchema: json.RawMessage(`{"type":"object","properties":{"q":{"type":"string"}}}`)},
		{Name: "forbidden", InputSchema: json.RawMessage(`{"type":"object","properties":{"q":{"type":"string"}}}`), Execution: &sdk.ToolExecution{TaskSupport: "forbidden"}},
		researchTool,
	} {
		t.Run(tool.Name, func(t *testing.T) {
			m := openToolForm(t, tool)
			if s := screen(m); strings.Contains(s, "May run as a task") {
				t.Errorf("the details offer a task:\n%s", s)
			}
			press(m, "enter")
			typeText(m, "x")
			press(m, "f1")
			if s := screen(m); strings.Contains(s, "ctrl+t") {
				t.Errorf("the help offers ctrl+t:\n%s", s)
			}
			press(m, "f1", "f1", "ctrl+t")
			if m.call != nil {
				t.Errorf("ctrl+t started a call of %s", tool.Name)
			}
		})
	}
}

// TestFlowOptionalTask: the conformance server's slow_compute, whose
// taskSupport is "optional", in both eras: ctrl+t in its form runs it as
// a task (its status shows, then its result, whose header says it ran
// as a task), ctrl+r as a plain call.
func TestFlowOptionalTask(t *testing.T) {
	for _, era := range []struct{ name, version, header string }{
		{"legacy", "2025-11-25", "legacy era"}, {"2026", "", "2026 era"},
	} {
		t.Run(era.name, func(t *testing.T) {
			t.Parallel()
			f := startFlowWith(t, eraConnector{commandConnector(serverBin(t, "conformance")), era.version}, "conformance")
			f.waitFor(era.header, "test_simple_text")
			f.keys("/")
			f.typ("slow_compute")
			f.keys("enter")
			f.typ("1")
			f.keys("tab")
			f.typ("owl")
			f.keys("ctrl+t")
			f.waitFor("● slow_compute running as a task", "status  working")
			f.waitFor(`Computed "owl" in 1s`, "✓ ok · slow_compute · as a task ·")
			f.keys("e", "tab", "backspace", "backspace", "backspace")
			f.typ("cat")
			f.keys("ctrl+r")
			f.waitFor(`Computed "cat" in 1s`)
			f.finish()
			if head := f.m.result.statusLine(); strings.Contains(head, "as a task") {
				t.Errorf("the header of the plain call says %q", ansi.Strip(head))
			}
			var got []bool
			for _, e := range f.m.history.entries {
				got = append(got, e.task)
			}
			if len(got) != 2 || !got[0] || got[1] {
				t.Errorf("calls as tasks (oldest first) = %v, want [true false]", got)
			}
		})
	}
}

// TestFlowRequiredTaskServerEverythingNoTaskKey: server-everything's
// research tool runs only as a task: its form does not offer ctrl+t,
// and ctrl+r runs it as a task.
func TestFlowRequiredTaskServerEverythingNoTaskKey(t *testing.T) {
	node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
	f := startFlowWith(t, commandConnector(node, files[0], "stdio"), "server-everything")
	f.waitFor("legacy era", "Simulate Research Query")
	f.keys("/")
	f.typ("simulate-research-query")
	f.keys("enter")
	f.waitFor("ctrl+r submit")
	f.typ("go")
	f.keys("ctrl+t") // not bound here: nothing happens
	f.keys("ctrl+r")
	f.waitFor("running as a task", "# Research Report: go")
	f.finish()
	if n := len(f.m.history.entries); n != 1 {
		t.Errorf("%d calls, want 1 (ctrl+t must not call a task-only tool twice)", n)
	}
}

// TestCopyTaskCallRunsAsTask: a call run as a task with ctrl+t is copied
// with --task, and the copied command runs as is and prints the result
// the inspector showed.
func TestCopyTaskCallRunsAsTask(t *testing.T) {
	opts := target.ResolveOptions{BuildCache: filepath.Join(copyCache(t), "build")}
	tg, err := target.Resolve([]string{"../../examples/conformance"}, &opts)
	if err != nil {
		t.Fatal(err)
	}
	keys := []string{"/", "s", "l", "o", "w", "_", "c", "enter", "0", ".", "1", "tab", "p", "i", "ctrl+t"}
	command, res := copiedCall(t, tg, "", "", keys)
	if !strings.Contains(command, " --task ") {
		t.Errorf("copied %s\nwant --task", command)
	}
	var want bytes.Buffer
	call.WriteResult(&want, res)
	if got, code := runCopied(t, command); code != 0 || got != want.String() || !strings.Contains(got, `Computed "pi"`) {
		t.Errorf("copied: %s\nexit %d, printed:\n%s\nthe inspector showed:\n%s", command, code, got, want.String())
	}
}
