package tui

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
)

// rootsPane is the roots view (o from the lists): the directories offered
// to the server (roots/list), over the output tabs. a adds a path (checked
// to exist off the UI goroutine), x removes the selected one; each change
// is what roots/list answers from then on, and in a session
// notifications/roots/list_changed tells the server.
type rootsPane struct {
	outbox
	st      *Styles
	width   int
	height  int
	roots   []sdk.Root
	sel     int
	adding  bool
	input   textinput.Model
	modern  bool   // the 2026 era: no notification
	problem string // why the last path was not added
}

// Messages of the roots view: a path typed (to check), a path checked
// (abs is the directory, root the root it makes; err why not), the view
// closed.
type (
	addRootMsg     struct{ path string }
	rootCheckedMsg struct {
		abs  string
		root sdk.Root
		err  error
	}
	removeRootMsg struct{ i int }
	closeRootsMsg struct{}
)

// errNotDir: a root must be an existing directory.
var errNotDir = errors.New("not a directory")

func newRootsPane(st *Styles) rootsPane {
	ti := textinput.New()
	ti.Prompt = "path: "
	return rootsPane{st: st, input: ti}
}

func (p *rootsPane) SetSize(w, h int) {
	p.width, p.height = w, h
	p.input.SetWidth(max(w-8, 1))
}

// HandleKey: adding, the input has every key (enter checks, esc drops);
// else move, add, remove, close.
func (p *rootsPane) HandleKey(k tea.KeyPressMsg, km *KeyMap) tea.Cmd {
	if p.adding {
		return p.inputKey(k, km)
	}
	switch {
	case key.Matches(k, km.Roots.Add):
		p.adding, p.problem = true, ""
		p.input.SetValue("")
		return p.input.Focus()
	case key.Matches(k, km.Roots.Remove) && len(p.roots) > 0:
		p.send(removeRootMsg{i: p.sel})
	case key.Matches(k, km.Roots.Close):
		p.send(closeRootsMsg{})
	case key.Matches(k, km.Up):
		p.sel = max(p.sel-1, 0)
	case key.Matches(k, km.Down):
		p.sel = min(p.sel+1, max(len(p.roots)-1, 0))
	}
	return nil
}

func (p *rootsPane) inputKey(k tea.KeyPressMsg, km *KeyMap) tea.Cmd {
	switch {
	case key.Matches(k, km.Roots.AddDone):
		if path := strings.TrimSpace(p.input.Value()); path != "" {
			p.send(addRootMsg{path: path})
		}
		p.stopAdding()
		return nil
	case key.Matches(k, km.Roots.AddCancel):
		p.stopAdding()
		return nil
	}
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(k)
	return cmd
}

func (p *rootsPane) stopAdding() {
	p.adding = false
	p.input.Blur()
}

// set shows roots (the selection kept in range).
func (p *rootsPane) set(roots []sdk.Root) {
	p.roots = roots
	p.sel = min(p.sel, max(len(roots)-1, 0))
}

func (p *rootsPane) View() string {
	st := p.st
	var lines []string
	if len(p.roots) == 0 {
		lines = append(lines, p.note(noRootsNote)...)
	}
	for i, r := range p.roots {
		mark := "  "
		if i == p.sel {
			mark = st.Key.Render("▸ ")
		}
		lines = append(lines, mark+termtext.Line(r.Name)+st.Dim.Render("  "+termtext.Line(r.URI)))
	}
	lines = append(lines, "")
	switch {
	case p.adding:
		lines = append(lines, p.input.View())
	case p.problem != "":
		wrapped := ansi.Wrap(termtext.Line(p.problem), max(p.width, 1), "/ ")
		lines = append(lines, strings.Split(st.StateBad.Render(wrapped), "\n")...)
	}
	lines = append(lines, p.note(p.eraNote())...)
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, p.width, "…")
	}
	return strings.Join(lines, "\n")
}

// noRootsNote is what the view says when no root is offered.
const noRootsNote = "No roots offered: roots/list answers an empty list, so the server keeps to the directories it was started with. a offers one."

// note is text of the view's own, dim and wrapped at its width.
func (p *rootsPane) note(text string) []string {
	lines := strings.Split(ansi.Wordwrap(text, max(p.width, 1), " "), "\n")
	for i, l := range lines {
		lines[i] = p.st.Dim.Render(l)
	}
	return lines
}

// eraNote says how the server learns of a change.
func (p *rootsPane) eraNote() string {
	if p.modern {
		return "2026 era: no notification; the server gets the new roots when it next asks."
	}
	return "A change sends notifications/roots/list_changed."
}

// checkRootCmd checks that path is a directory, off the UI goroutine.
func checkRootCmd(path string) tea.Cmd {
	return func() tea.Msg {
		abs, err := filepath.Abs(path)
		if err != nil {
			return rootCheckedMsg{err: err}
		}
		fi, err := os.Stat(abs)
		if err == nil && !fi.IsDir() {
			err = errNotDir
		}
		if err != nil {
			return rootCheckedMsg{abs: abs, err: err}
		}
		roots, err := call.Roots([]string{abs})
		if err != nil {
			return rootCheckedMsg{abs: abs, err: err}
		}
		return rootCheckedMsg{abs: abs, root: roots[0]}
	}
}

// whyNotRoot says why a path checked is not a root.
func whyNotRoot(msg rootCheckedMsg) string {
	why := msg.err.Error()
	switch {
	case errors.Is(msg.err, fs.ErrNotExist):
		why = "no such directory"
	case errors.Is(msg.err, errNotDir):
		why = "not a directory"
	case errors.Is(msg.err, fs.ErrPermission):
		why = "permission denied"
	}
	return "not added (" + why + "): " + msg.abs
}

// rootsChangedCmd tells the server its roots changed (a no-op in the
// 2026 era); a failure shows in the status line.
func rootsChangedCmd(ctx context.Context, c *sdk.Client) tea.Cmd {
	return func() tea.Msg {
		if err := c.RootsChanged(ctx); err != nil {
			return statusMsg{text: "could not send notifications/roots/list_changed: " + err.Error()}
		}
		return nil
	}
}

// rootsSummary is the header's word on the roots: the one root's name, or
// how many; "" for none.
func rootsSummary(roots []sdk.Root) string {
	switch len(roots) {
	case 0:
		return ""
	case 1:
		return "root " + termtext.Line(roots[0].Name)
	}
	return fmt.Sprintf("roots: %d", len(roots))
}

// help is the roots view's: typing a path, or the list's keys.
func (p *rootsPane) help(k *KeyMap) helpKeys {
	rk := &k.Roots
	keys := []key.Binding{rk.Add, rk.Remove, k.Up, rk.Close, k.ForceQuit}
	if p.adding {
		keys = []key.Binding{rk.AddDone, rk.AddCancel, k.ForceQuit}
	}
	return helpKeys{short: keys, full: [][]key.Binding{keys}, more: &k.FormHelp, moreInline: true}
}

// bindKeys: move between the roots (its other keys are always enabled).
func (p *rootsPane) bindKeys(km *KeyMap, s keyState) { enable(&km.Up, &km.Down) }
