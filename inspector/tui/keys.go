package tui

import (
	"fmt"

	"charm.land/bubbles/v2/key"

	"github.com/mcpdev/mcpdev/forms"
)

// KeyMap is every binding of the inspector: its own, the dev loop's, and
// the form's (Form, given to every form it opens). Bindings that do not
// apply in the current state are disabled by KeyMap.sync, which runs only
// at the end of Model.Update: what a key does never depends on what was
// last drawn, and the help bar shows exactly what works.
type KeyMap struct {
	ForceQuit           key.Binding // quits from anywhere, a form included
	Quit, Help          key.Binding
	FormHelp            key.Binding // Help where a form has the keys (? types there)
	NextPane, PrevPane  key.Binding
	Tab1, Tab2, Tab3    key.Binding
	Tab4, Tab5          key.Binding
	PrevTab, NextTab    key.Binding
	Restart, CancelCall key.Binding

	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
	Open, Filter, ClearFilter, AcceptFilter key.Binding

	BackToForm, Save, Search, NextMatch, PrevMatch key.Binding
	ReadLink                                       key.Binding // reads a resource link of the result
	Rerun, Edit, Copy                              key.Binding
	// LogLevel sets the level of the server's logs, one step more severe
	// each press, round to debug (the logs tab's; loglevel.go).
	LogLevel key.Binding
	// RunAsTask submits the open form as a task, for a tool whose
	// execution.taskSupport is "optional" (task_call.go).
	RunAsTask key.Binding

	// While the tool filter or the traffic search has the keys.
	FilterUp, FilterDown, AcceptSearch key.Binding

	// The dev loop's.
	Dismiss, AutoRerun, Record key.Binding

	// The sections (section.go): what the left column lists; follow a
	// resource; put the server's completion in the field being typed in.
	ShowTools, ShowResources, ShowPrompts key.Binding
	Subscribe, TakeCompletion             key.Binding
	// ShowRoots opens the roots view; Roots are its keys.
	ShowRoots key.Binding
	Roots     rootsKeys
	// CopySignIn copies the sign-in URL while the connection waits for
	// it; AuthView shows who is signed in (pane_auth.go).
	CopySignIn, AuthView key.Binding

	// Form is the open form's; its Cancel goes back to the tool list.
	Form forms.KeyMap
	// Ask answers the server's questions; AskForm is an elicitation
	// form's (its Submit accepts).
	Ask     askKeys
	AskForm forms.KeyMap
}

// askKeys answer the server's questions (pane_ask.go). They are always
// enabled: they are read only while a question has the keys.
type askKeys struct {
	Decline, Cancel      key.Binding // an elicitation
	No                   key.Binding // a URL: decline
	Open, Copy           key.Binding // a URL: accept by opening or copying it
	Send, Reject         key.Binding // a sampling request
	ScrollUp, ScrollDown key.Binding // the sampling request
}

// rootsKeys are the roots view's (pane_roots.go), read only while it has
// the keys.
type rootsKeys struct {
	Add, Remove, Close key.Binding
	AddDone, AddCancel key.Binding // while a path is typed
}

func defaultRootsKeys() rootsKeys {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	return rootsKeys{
		Add:       b([]string{"a"}, "a", "add a root"),
		Remove:    b([]string{"x", "delete"}, "x", "remove root"),
		Close:     b([]string{"esc", "o"}, "esc", "close roots"),
		AddDone:   b([]string{"enter"}, "enter", "add path"),
		AddCancel: b([]string{"esc"}, "esc", "cancel"),
	}
}

func defaultAskKeys() askKeys {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	return askKeys{
		Decline:    b([]string{"ctrl+d"}, "ctrl+d", "decline"),
		Cancel:     b([]string{"esc"}, "esc", "cancel"),
		No:         b([]string{"n"}, "n", "decline"),
		Open:       b([]string{"o"}, "o", "open in browser"),
		Copy:       b([]string{"y", "c"}, "y", "copy URL"),
		Send:       b([]string{"ctrl+r", "alt+enter"}, "ctrl+r", "send reply"),
		Reject:     b([]string{"esc"}, "esc", "reject"),
		ScrollUp:   b([]string{"pgup"}, "pgup/pgdn", "scroll request"),
		ScrollDown: b([]string{"pgdown"}, "pgdn", "scroll down"),
	}
}

// askFormKeys are an elicitation form's: the form's own, worded for an
// answer.
func askFormKeys() forms.KeyMap {
	fk := forms.DefaultKeyMap()
	fk.Submit.SetHelp("ctrl+r", "accept")
	fk.Cancel.SetHelp("esc", "cancel")
	return fk
}

// DefaultKeyMap returns the default bindings.
func DefaultKeyMap() KeyMap {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	fk := forms.DefaultKeyMap()
	fk.Cancel.SetHelp("esc", "back to tools")
	return KeyMap{
		ForceQuit: b([]string{"ctrl+c"}, "ctrl+c", "quit"),
		Quit:      b([]string{"q"}, "q", "quit"), // ctrl+c is ForceQuit, matched first
		Help:      b([]string{"?", "f1"}, "?", "more keys"),
		FormHelp:  b([]string{"f1"}, "f1", "more keys"),
		NextPane:  b([]string{"tab"}, "tab", "next pane"),
		PrevPane:  b([]string{"shift+tab"}, "shift+tab", "previous pane"),
		Tab1:      b([]string{"1"}, "1", "result"),
		Tab2:      b([]string{"2"}, "2", "logs"),
		Tab3:      b([]string{"3"}, "3", "traffic"),
		Tab4:      b([]string{"4"}, "4", "history"),
		Tab5:      b([]string{"5"}, "5", "lint"),
		PrevTab:   b([]string{"left", "["}, "←/→", "switch tab"),
		NextTab:   b([]string{"right", "]"}, "→", "next tab"),
		Restart:   b([]string{"R"}, "R", "restart server"),
		// The cancel key is bound while a call runs (the output pane has
		// the focus then).
		CancelCall: b([]string{"esc", "x", "ctrl+x"}, "esc", "cancel call"),

		Up:       b([]string{"up", "k"}, "↑/↓", "move"),
		Down:     b([]string{"down", "j"}, "↓", "down"),
		PageUp:   b([]string{"pgup", "ctrl+u"}, "pgup/pgdn", "page"),
		PageDown: b([]string{"pgdown", "ctrl+d", " "}, "pgdn", "page down"),
		Top:      b([]string{"home", "g"}, "g/G", "top/bottom"),
		Bottom:   b([]string{"end", "G"}, "G", "bottom"),

		Open:         b([]string{"enter"}, "enter", "open form"),
		Filter:       b([]string{"/"}, "/", "filter"),
		ClearFilter:  b([]string{"esc"}, "esc", "clear filter"),
		AcceptFilter: b([]string{"enter"}, "enter", "open"),

		BackToForm: b([]string{"esc", "e"}, "esc", "back to form"),
		Save:       b([]string{"s"}, "s", "save media"),
		ReadLink:   b([]string{"o"}, "o", "read link"),
		Search:     b([]string{"/"}, "/", "search"),
		NextMatch:  b([]string{"n"}, "n/N", "next/prev match"),
		PrevMatch:  b([]string{"N"}, "N", "previous match"),
		Rerun:      b([]string{"enter"}, "enter", "re-run"),
		Edit:       b([]string{"e"}, "e", "edit in form"),
		Copy:       b([]string{"y", "c"}, "y", "copy as command"),
		RunAsTask:  b([]string{"ctrl+t"}, "ctrl+t", "submit as task"),
		LogLevel:   b([]string{"L"}, "L", "log level"),

		FilterUp:     b([]string{"up"}, "↑", "up"),
		FilterDown:   b([]string{"down"}, "↓", "down"),
		AcceptSearch: b([]string{"enter"}, "enter", "find"),

		Dismiss:   b([]string{"d"}, "d", "dismiss changes"),
		AutoRerun: b([]string{"a"}, "a", "re-run on save"),
		Record:    b([]string{"w"}, "w", "write session test"),

		ShowTools:      b([]string{"t"}, "t", "tools"),
		ShowResources:  b([]string{"r"}, "r", "resources"),
		ShowPrompts:    b([]string{"p"}, "p", "prompts"),
		Subscribe:      b([]string{"u"}, "u", "follow updates"),
		TakeCompletion: b([]string{"ctrl+y"}, "ctrl+y", "take completion"),
		ShowRoots:      b([]string{"o"}, "o", "roots"),
		Roots:          defaultRootsKeys(),
		CopySignIn:     b([]string{"y", "c"}, "y", "copy sign-in URL"),
		AuthView:       b([]string{"A"}, "A", "sign-in details"),

		Form: fk,
		Ask:  defaultAskKeys(), AskForm: askFormKeys(),
	}
}

// tabKeys are the bindings that show output tab i (tabResult…tabHistory).
func (k *KeyMap) tabKeys() []key.Binding {
	return []key.Binding{k.Tab1, k.Tab2, k.Tab3, k.Tab4, k.Tab5}
}

// tabOf is the output tab a tab key shows.
func (k *KeyMap) tabOf(msg fmt.Stringer) (tab, bool) {
	for i, b := range k.tabKeys() {
		if key.Matches(msg, b) {
			return tab(i), true
		}
	}
	return 0, false
}

// FullHelp is the full help: every binding, by theme, the panes' and the
// root's together (those not enabled are left out when drawn). The help
// bar's one line is Model.currentHelp's: the root's bindings around the
// focused pane's shortHelp.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.PageUp, k.Top, k.NextPane, k.PrevPane},
		{k.Open, k.Filter, k.ClearFilter, k.AcceptFilter, k.Search, k.NextMatch},
		{k.Tab1, k.Tab2, k.Tab3, k.Tab4, k.Tab5, k.PrevTab},
		{k.ShowTools, k.ShowResources, k.ShowPrompts, k.ShowRoots, k.Subscribe, k.TakeCompletion},
		{k.Rerun, k.Edit, k.Copy, k.Save, k.ReadLink, k.LogLevel, k.BackToForm},
		{k.CancelCall, k.Restart, k.AuthView, k.Help, k.Quit},
	}
}

// all returns pointers to every binding, for enabling them together.
func (k *KeyMap) all() []*key.Binding {
	return []*key.Binding{
		&k.Quit, &k.Help, &k.FormHelp, &k.NextPane, &k.PrevPane, &k.Tab1, &k.Tab2, &k.Tab3, &k.Tab4, &k.Tab5,
		&k.PrevTab, &k.NextTab, &k.Restart, &k.CancelCall, &k.Up, &k.Down, &k.PageUp,
		&k.PageDown, &k.Top, &k.Bottom, &k.Open, &k.Filter, &k.ClearFilter,
		&k.AcceptFilter, &k.BackToForm, &k.Save, &k.ReadLink, &k.Search, &k.NextMatch, &k.PrevMatch,
		&k.Rerun, &k.Edit, &k.Copy, &k.RunAsTask, &k.LogLevel, &k.FilterUp, &k.FilterDown, &k.AcceptSearch,
		&k.Dismiss, &k.AutoRerun, &k.Record,
		&k.ShowTools, &k.ShowResources, &k.ShowPrompts, &k.Subscribe, &k.TakeCompletion,
		&k.ShowRoots, &k.CopySignIn, &k.AuthView,
	}
}

// keyState is what the bindings depend on.
type keyState struct {
	focus      focus
	tab        tab
	typing     bool // a text input (filter, search) has the keys
	filtered   bool // the tool list has a filter
	hasTools   bool
	formOpen   bool
	mayTask    bool // the open form's tool may run as a task (taskSupport "optional")
	calling    bool
	hasMedia   bool
	hasLinks   bool // the result shown has resource links
	hasSearch  bool
	hasHistory bool
	canRestart bool
	connected  bool
	reportCut  bool // the server-trouble report is taller than its pane
	signingIn  bool // a sign-in URL waits to be opened
	signedIn   bool // connected, signed in: the auth view can open

	// the dev loop's
	pinned    bool // the changes view covers the output pane
	watching  bool
	rerun     bool // re-run on save is on
	canRecord bool // there is a target to write a session file for (w says when there are no calls)

	// the sections'
	section       section
	canSubscribe  bool // the selected resource can be followed
	hasCompletion bool // the form shows the server's completions
}

// sync enables exactly the bindings that apply in state s: the root's
// here, p's (the pane that has the keys, nil for none) by p.bindKeys. A
// text input being typed in has every key but ctrl+c: p enables its own
// and the root none.
func (k *KeyMap) sync(s keyState, p binder) {
	for _, b := range k.all() {
		b.SetEnabled(false)
	}
	k.ForceQuit.SetEnabled(true)
	k.Quit.SetEnabled(true)
	k.syncDev(s)
	if s.typing {
		p.bindKeys(k, s)
		return
	}
	enable(&k.Help, &k.NextPane, &k.PrevPane, &k.Tab1, &k.Tab2, &k.Tab3, &k.Tab4, &k.Tab5)
	k.FormHelp.SetEnabled((s.focus == focusForm && s.formOpen) || s.focus == focusAsk)
	k.Restart.SetEnabled(s.canRestart)
	if p != nil {
		p.bindKeys(k, s)
	}
	k.CopySignIn.SetEnabled(s.signingIn && s.focus != focusForm)
	k.AuthView.SetEnabled(s.signedIn && s.focus != focusForm)
	k.syncSections(s)
}

// syncDev enables the dev loop's keys and names what the auto-rerun key
// turns (they apply whatever has the focus; typing takes them first).
func (k *KeyMap) syncDev(s keyState) {
	k.Dismiss.SetEnabled(s.pinned)
	k.AutoRerun.SetEnabled(s.watching)
	k.Record.SetEnabled(s.canRecord)
	if s.rerun {
		k.AutoRerun.SetHelp("a", "re-run on save: on")
	} else {
		k.AutoRerun.SetHelp("a", "re-run on save")
	}
}
