package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/sdk"
)

// A pane handles its own keys (HandleKey). What a key asks of the rest of
// the inspector (open this tool's form, re-run that call) it sends as a
// message through its outbox; the root handles those messages in the same
// Update, before the next key, so a key typed right after enter finds the
// form already open (a command's message could arrive after it).
type outbox struct{ msgs []tea.Msg }

// send queues msg for the root.
func (o *outbox) send(msg tea.Msg) { o.msgs = append(o.msgs, msg) }

// take returns the queued messages and empties the outbox.
func (o *outbox) take() []tea.Msg {
	msgs := o.msgs
	o.msgs = nil
	return msgs
}

// The messages panes send the root.
type (
	// openToolMsg: open tool's form (from the list: back to the open form
	// when it is this tool's); fresh: open a new one whatever is open
	// (the filter's enter).
	openToolMsg struct {
		tool  sdk.ToolInfo
		fresh bool
	}
	leaveFormMsg struct{}                 // back to the tool list, the values kept as a draft
	rerunMsg     struct{ e historyEntry } // call again
	editMsg      struct{ e historyEntry } // open in the form
	copyCallMsg  struct{}                 // copy the selected call as a command
	logLevelMsg  struct{}                 // set the server's logs one level more severe
	openRootsMsg struct{}                 // open the roots view (from a list)

	// The output frame's (pane_output.go).
	showTabMsg       struct{ t tab } // show output tab t
	backToFormMsg    struct{}        // back to the open form (backToForm)
	cancelCallMsg    struct{}        // cancel the running call
	scrollChangesMsg struct{ n int } // scroll the changes view n lines
)
