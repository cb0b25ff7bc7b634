package tui

import (
	"cmp"
	"encoding/json"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/forms"
	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/internal/lint"
	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/internal/tokens"
	"github.com/mcpdev/mcpdev/sdk"
)

// formPane holds the form of the open tool (built fresh per invocation by
// open), or describes the selected tool when no form is open.
type formPane struct {
	st            *Styles
	width, height int

	tool *sdk.ToolInfo // the tool the form is for
	heldForm
	err error // the schema could not be turned into a form

	cursor map[string]string // per tool: the field its last form had the cursor in
	keys   *forms.KeyMap     // every form's bindings (KeyMap.Form; nil: the default)
	asTask *key.Binding      // KeyMap.RunAsTask, named in a tool's details
	outbox
}

func newFormPane(st *Styles) formPane { return formPane{st: st, cursor: map[string]string{}} }

// HandleKey gives the form every key but the one that submits it as a
// task (for a tool that may run as one). Its cancel key leaves at once,
// not when forms.CancelMsg comes back: keys typed right after esc belong
// to the tool list, not to the form.
func (p *formPane) HandleKey(k tea.KeyPressMsg, km *KeyMap) tea.Cmd {
	if p.form != nil && p.mayTask() && key.Matches(k, km.RunAsTask) {
		return asTask(p.form.Submit())
	}
	cmd := p.Update(k)
	if key.Matches(k, km.Form.Cancel) {
		p.send(leaveFormMsg{})
	}
	return cmd
}

func (p *formPane) SetSize(w, h int) {
	p.width, p.height = w, h
	if p.form != nil {
		p.form.SetSize(w, h)
	}
}

// open builds a fresh form for tool, prefilled with prefill (the last
// arguments) or the schema's defaults, and focuses the field the tool's
// last form had the cursor in (after a restart, a rebuild, a draft), or
// the first field.
func (p *formPane) open(tool sdk.ToolInfo, prefill json.RawMessage) tea.Cmd {
	p.keepCursor()
	p.tool, p.form, p.err = &tool, nil, nil
	schema := tool.InputSchema
	if len(schema) == 0 {
		schema = json.RawMessage(`{"type":"object"}`)
	}
	f, err := forms.New(schema, &forms.Options{
		Prefill: prefill, Theme: p.st.FormTheme(), Light: !p.st.Dark,
		Width: p.width, Height: p.height, Focus: p.cursor[tool.Name], KeyMap: p.keys,
	})
	if err != nil {
		p.err = err
		return nil
	}
	p.form = f
	return f.Init()
}

// keepCursor remembers where the form being replaced had its cursor.
func (p *formPane) keepCursor() {
	if p.form != nil && p.tool != nil {
		p.cursor[p.tool.Name] = p.form.Focused()
	}
}

func (p *formPane) isOpen() bool { return p.tool != nil }

// mayTask reports whether the open form's tool may run as a task or not
// (execution.taskSupport "optional").
func (p *formPane) mayTask() bool { return p.tool != nil && call.MayTask(*p.tool) }

// taskKey names the key that submits a form as a task.
func (p *formPane) taskKey() string {
	if p.asTask == nil {
		return DefaultKeyMap().RunAsTask.Help().Key
	}
	return p.asTask.Help().Key
}

// taskSubmitMsg is the form submitted with the RunAsTask key: the tool
// runs as a task.
type taskSubmitMsg struct{ forms.SubmitMsg }

// asTask turns the form's SubmitMsg into a taskSubmitMsg.
func asTask(submit tea.Cmd) tea.Cmd {
	if submit == nil {
		return nil
	}
	return func() tea.Msg {
		msg := submit()
		if s, ok := msg.(forms.SubmitMsg); ok {
			return taskSubmitMsg{s}
		}
		return msg
	}
}

// View renders the open form (or the error building it) when showForm,
// else the details of the selected tool sel with its warnings
// (call.Suspicions), lint findings and token costs (one per costClients
// entry).
func (p *formPane) View(sel *sdk.ToolInfo, warnings []string, findings []lint.Finding, costs []tokens.Cost, showForm bool) string {
	switch {
	case !showForm:
	case p.form != nil:
		return p.form.View()
	case p.err != nil:
		return p.st.ProtocolError.Render("This tool's input schema cannot be made into a form:") + "\n" +
			ansi.Wrap(termtext.Text(p.err.Error()), p.width, "") + "\n\n" + p.st.Dim.Render("It can still be called with JSON from the command line.")
	}
	if sel != nil {
		return p.detail(*sel, warnings, findings, costs)
	}
	return p.st.Dim.Render("No tool selected.")
}

// detail describes a tool before its form is opened, its warnings first,
// its token costs under its badges, its lint findings after its
// description.
func (p *formPane) detail(t sdk.ToolInfo, warnings []string, findings []lint.Finding, costs []tokens.Cost) string {
	st, w := p.st, max(p.width, 10)
	var lines []string
	title := cmp.Or(call.ToolTitle(t), t.Name)
	head := st.Bold.Render(termtext.Line(title))
	if title != t.Name {
		head += st.Dim.Render("  " + termtext.Line(t.Name))
	}
	lines = append(lines, head)
	if b := badges(st, t, warnings != nil, findings); b != "" {
		lines = append(lines, b)
	}
	lines = append(lines, costLine(st, costs, w)...)
	for _, warn := range warnings {
		lines = append(lines, st.StateBad.Render(ansi.Wrap(termtext.Line(warn), w, "")))
	}
	for _, ic := range t.Icons {
		lines = append(lines, st.Dim.Render("icon ")+iconText(ic))
	}
	if call.NeedsTask(t) {
		lines = append(lines, "", st.ToolError.Render("Runs only as a task (execution.taskSupport \"required\")."),
			ansi.Wrap("Submitting the form runs it as a task: the result pane shows its status as it changes, esc cancels it (tasks/cancel).", w, ""))
	}
	if call.MayTask(t) {
		lines = append(lines, "", st.Dim.Render(ansi.Wrap("May run as a task (execution.taskSupport \"optional\").", w, "")),
			ansi.Wrap("In the form, "+p.taskKey()+" submits it as a task (status shown as it changes, esc cancels it); ctrl+r calls it as usual.", w, ""))
	}
	if t.Description != "" {
		lines = append(lines, "", ansi.Wrap(termtext.Text(strings.TrimSpace(t.Description)), w, ""))
	}
	lines = append(lines, lintLines(st, findings, w)...)
	lines = append(lines, "", st.Section.Render("Arguments"))
	lines = append(lines, p.argLines(t)...)
	if len(t.OutputSchema) > 0 {
		lines = append(lines, "", st.Dim.Render("Declares an outputSchema: results are checked against it."))
	}
	lines = append(lines, "", st.Key.Render("enter")+st.Dim.Render(" open the form"))
	out := strings.Split(strings.Join(lines, "\n"), "\n")
	h := p.height
	if h <= 0 {
		h = len(out)
	}
	// Cut at the pane's height with the scroll mark: the rest (the last
	// arguments, the enter line) is in the form.
	return strings.Join(window(len(out), 0, h, w, func(i int) string { return out[i] }, linesNoun), "\n")
}

func (p *formPane) argLines(t sdk.ToolInfo) []string {
	fields, err := forms.Fields(t.InputSchema)
	if err != nil {
		return []string{p.st.ProtocolError.Render("invalid input schema: " + termtext.Line(err.Error()))}
	}
	if len(fields) == 0 {
		return []string{p.st.Dim.Render("(none)")}
	}
	var out []string
	for _, f := range fields {
		req := " "
		if f.Required {
			req = p.st.ProtocolError.Render("*")
		}
		out = append(out, fmt.Sprintf("%s %s %s", req, termtext.Line(f.Path), p.st.Dim.Render(termtext.Line(f.Constraints))))
	}
	return out
}

// iconText describes an icon on one line: its source (a data: URI by its
// media type and length), then its MIME type, sizes and theme, made safe
// to show by termtext like every other text from the server.
func iconText(ic sdk.Icon) string {
	src := ic.Src
	if strings.HasPrefix(strings.ToLower(src), "data:") {
		head, _, _ := strings.Cut(src[:min(len(src), 64)], ",")
		src = fmt.Sprintf("%s,… (%d bytes)", strings.ToValidUTF8(head, ""), len(ic.Src))
	}
	var extra []string
	if ic.MimeType != "" {
		extra = append(extra, ic.MimeType)
	}
	extra = append(extra, ic.Sizes...)
	if ic.Theme != "" {
		extra = append(extra, ic.Theme)
	}
	if len(extra) > 0 {
		src += " (" + strings.Join(extra, ", ") + ")"
	}
	return termtext.Line(src)
}

// help is the form's keys and the one that submits it as a task (enabled
// for a tool that may run as one).
func (p *formPane) help(k *KeyMap) helpKeys {
	h := formHelp(p.form.KeyMap(), k.ForceQuit, &k.FormHelp)
	h.short = append([]key.Binding{h.short[0], k.RunAsTask}, h.short[1:]...)
	h.full = append(h.full, []key.Binding{k.RunAsTask})
	return h
}

// bindKeys: submit as a task, for a tool that may run as one.
func (p *formPane) bindKeys(km *KeyMap, s keyState) { km.RunAsTask.SetEnabled(s.mayTask) }
