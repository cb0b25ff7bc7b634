package tui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/inspector/testsession"
	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
)

// historyPane lists this session's calls, newest first.
type historyPane struct {
	st            *Styles
	width, height int
	entries       []historyEntry // oldest first
	cursor        int            // index into entries, counted from the newest
	copied        string         // the last command copied, shown on screen
	outbox
}

func (p *historyPane) SetSize(w, h int) { p.width, p.height = w, h }

func (p *historyPane) add(e historyEntry) {
	p.entries = append(p.entries, e)
	p.cursor = 0
}

func (p *historyPane) move(d int) {
	p.cursor = max(0, min(p.cursor+d, len(p.entries)-1))
}

// selected is the entry under the cursor, or nil.
func (p *historyPane) selected() *historyEntry {
	if len(p.entries) == 0 {
		return nil
	}
	return &p.entries[len(p.entries)-1-p.cursor]
}

func (p *historyPane) View() string {
	st := p.st
	if len(p.entries) == 0 {
		return st.Dim.Render("No calls yet in this session.")
	}
	rows := p.height
	var foot []string
	if p.copied != "" {
		foot = strings.Split(ansi.Wrap(st.Dim.Render("copied: ")+termtext.Text(p.copied), max(p.width, 10), ""), "\n")
		rows -= len(foot) + 1
	}
	rows = max(rows, 1)
	start := p.cursor - shownRows(len(p.entries), rows)/2
	lines := window(len(p.entries), start, rows, p.width, p.row, callsNoun)
	if len(foot) > 0 {
		lines = append(lines, "")
		lines = append(lines, foot...)
	}
	return strings.Join(lines, "\n")
}

func (p *historyPane) row(i int) string {
	st := p.st
	e := p.entries[len(p.entries)-1-i]
	oc := st.ProtocolError // failed, protocol error, too large, task failed
	switch e.outcome {
	case "ok":
		oc = st.Success
	case "tool error":
		oc = st.ToolError
	case "cancelled", "task " + string(sdk.TaskCancelled):
		oc = st.Cancel
	}
	how := ""
	if e.ranTask {
		how = st.Dim.Render(" as a task")
	}
	text := fmt.Sprintf("%s %s %s%s %s %s", e.at.Format("15:04:05"), st.Bold.Render(termtext.Line(e.tool)),
		oc.Render(e.outcome), how, st.Dim.Render(formatDuration(e.elapsed)), st.Dim.Render(termtext.Line(compact(e.args))))
	bar := "  "
	if i == p.cursor {
		bar = st.ItemSelected.Render("┃ ")
	}
	return ansi.Truncate(bar+text, p.width, "…")
}

func compact(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

// commandTarget is the target as the CLI named it, for copied commands;
// without one (a server in memory), Options.Target as one word.
func (m *Model) commandTarget() *target.Target {
	if t := m.dev.opts.Target; t != nil && len(t.Words) > 0 {
		return t
	}
	if m.opts.Target == "" {
		return nil
	}
	return &target.Target{Words: []string{m.opts.Target}}
}

// copyCall copies the selected history entry as an `mcpdev call` command
// (OSC 52) and shows it.
func (m *Model) copyCall() tea.Cmd {
	e := m.history.selected()
	if e == nil {
		return nil
	}
	call := testsession.Call{Tool: e.tool, Args: e.args, Schema: e.schema, Answers: e.answers, Roots: e.roots, Task: e.task}
	cmd := testsession.CommandLine(m.commandTarget(), call)
	m.history.copied = cmd
	m.status = fmt.Sprintf("copied to the clipboard (OSC 52): %d characters", len(cmd))
	return tea.SetClipboard(cmd)
}
