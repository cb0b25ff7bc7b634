package tui

import (
	"github.com/mcpdev/mcpdev/inspector/devloop"
	"github.com/mcpdev/mcpdev/inspector/state"
)

// Messages of the dev loop (devloop.go). They implement devMsg so that
// Update hands them to devUpdate in one case.

type devMsg interface{ isDevMsg() }

// devStartedMsg: the watcher is running (or could not start).
type devStartedMsg struct {
	loop *devloop.Loop
	err  error
}

// devEventMsg is one event of the dev loop (changed, build failed, ready…).
type devEventMsg struct {
	loop *devloop.Loop
	ev   devloop.Event
}

// stateLoadedMsg delivers the remembered arguments (err: the state file
// was corrupt or unreadable; the state is then empty).
type stateLoadedMsg struct {
	state *state.File
	err   error
}

// stateSavedMsg reports a failed save of the state file.
type stateSavedMsg struct{ err error }

// recordedMsg reports the session written as a test file.
type recordedMsg struct {
	path  string
	where string // "beside the target", "in the working directory", or "" (a directory asked for)
	n     int
	err   error
}

func (devStartedMsg) isDevMsg()  {}
func (devEventMsg) isDevMsg()    {}
func (stateLoadedMsg) isDevMsg() {}
func (stateSavedMsg) isDevMsg()  {}
func (recordedMsg) isDevMsg()    {}
