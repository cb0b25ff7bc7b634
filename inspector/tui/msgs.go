package tui

import (
	"encoding/json"
	"time"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/inspector/testsession"
	"github.com/mcpdev/mcpdev/sdk"
)

// Every message carries the generation (gen) of the connection it belongs
// to; after a restart, messages of the old connection are dropped.

// serverInfo is what the header shows about the connected server.
type serverInfo struct {
	Name, Title, Version string
	Protocol, Transport  string
	Instructions         string
	Forced               bool // the era is --protocol's, not negotiated
}

// connectedMsg: Connect succeeded.
type connectedMsg struct {
	gen  int
	conn *target.Connection
	info serverInfo
}

// connectFailedMsg: the server could not be started, reached or initialized.
type connectFailedMsg struct {
	gen    int
	err    error
	report string
}

// toolsMsg answers tools/list.
type toolsMsg struct {
	gen   int
	tools []sdk.ToolInfo
	costs toolCosts // counted with the list, off the Update loop
	err   error
}

// eventsMsg delivers what the connection's goroutines queued (logEvent,
// trafficEvent, progressEvent, toolsChangedEvent).
type eventsMsg struct {
	gen    int
	events []any
}

// disconnectedMsg: the connection ended (the server exited or crashed).
type disconnectedMsg struct {
	gen    int
	err    error
	report string
}

// callDoneMsg ends a tool call; view is the result prepared off the UI
// goroutine (pretty JSON, output-schema verdict).
type callDoneMsg struct {
	gen, id int
	res     *sdk.CallToolResult
	err     error
	elapsed time.Duration
	view    *resultData
	answers []testsession.Answer // the call's answers, added as it ends (answers.go)
	task    bool                 // it ran as a task, noted as it ends (onCallDone)
}

// tickMsg advances the elapsed timer of call id.
type tickMsg struct{ id int }

// readLinkMsg asks to read a resource link of the result shown.
type readLinkMsg struct{ uri string }

// savedMsg reports media blocks written to files.
type savedMsg struct {
	paths []string
	err   error
}

type logEvent struct {
	at     time.Time
	level  string // a log level, or "stderr"
	logger string
	text   string
}

type trafficEvent struct {
	at   time.Time
	dir  sdk.Direction
	raw  []byte // the message as sent/received (marshalled), up to tail
	tail []byte // a member of megabytes, shared with the message (traffic_raw.go)
	end  string // what follows tail
	id   string
	what string // method, or "result"/"error"
	// lines, for an HTTP exchange of a sign-in (raw is then its text):
	// the detail, sanitized and laid out (target.ExchangeLines).
	lines []string
}

type progressEvent struct {
	callID int
	p      sdk.ProgressParams
}

type toolsChangedEvent struct{}

// historyEntry is one call of this session.
type historyEntry struct {
	tool    string
	args    json.RawMessage
	schema  json.RawMessage // the tool's input schema when it was called
	at      time.Time
	elapsed time.Duration
	outcome string               // "ok", "tool error", "protocol error", "failed", "cancelled", "too large", "task failed", …
	answers []testsession.Answer // the person's answers to the server's questions
	roots   []sdk.Root           // the roots offered, when not the default
	task    bool                 // it was asked to run as a task (ctrl+t; call --task)
	ranTask bool                 // it ran as a task: asked to, or the tool requires it
}
