package tui

import (
	"errors"
)

// Tasks (protocol 2025-11-25) are not supported yet. A tool that declares
// execution.taskSupport "required" runs only as a task: it is marked in
// the list and its details, and submitting its form does not send a
// plain tools/call the server would refuse with an obscure error; it
// explains instead (ctrl+s still sends it, to see what the server does).

// errNeedsTasks: the call was not sent, the tool runs only as a task.
var errNeedsTasks = errors.New("not sent: the tool runs only as a task, and mcpdev does not support tasks yet")

// tasksText explains errNeedsTasks for tool.
func tasksText(tool string) string {
	return tool + " declares execution.taskSupport \"required\": a server runs it only as a task " +
		"(tools/call with a task, then tasks/get and tasks/result), and mcpdev does not support tasks yet, " +
		"so the call was not sent. ctrl+s in the form sends it anyway as a plain tools/call " +
		"(the server is expected to refuse it)."
}

// refuseTaskCall shows why tool's call was not sent; the form keeps the
// focus, so ctrl+s is at hand.
func (m *Model) refuseTaskCall(tool string) {
	m.result.finish(tool, callDoneMsg{err: errNeedsTasks})
	m.tab = tabResult
	m.status = "not sent: " + tool + " runs only as a task (not supported yet) · ctrl+s sends it anyway"
}
