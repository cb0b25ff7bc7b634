package tui

import (
	"cmp"
	"context"
	"errors"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/sdk"
)

// The level of the server's logs: L in the logs tab sets it one step more
// severe (debug → info → … → emergency → debug), through
// sdk.Client.SetLogLevel — logging/setLevel in the legacy era, the level
// in each request's _meta in the 2026 era — and only for a server that
// declares the logging capability. The tab shows the level set; a new
// connection or a renewed session gets it again (and the first gets
// --log-level).

// levelSetMsg ends a SetLogLevel.
type levelSetMsg struct {
	gen    int
	level  sdk.LogLevel
	err    error
	resent bool // sent for a new connection or session
}

// nextLogLevel sets the level after the current one (after debug, the
// level a server starts at, when none was set).
func (m *Model) nextLogLevel() tea.Cmd {
	if m.state != stateConnected || m.sess == nil || m.sess.conn == nil {
		return nil
	}
	levels := sdk.LogLevels()
	m.levelWanted = levels[(slices.Index(levels, cmp.Or(m.levelWanted, m.logLevel, sdk.LevelDebug))+1)%len(levels)]
	if m.levelBusy {
		return nil // sent when the one under way is answered: one at a time, in order
	}
	m.levelBusy = true
	return setLevelCmd(m.sess.ctx, m.sess.conn.Client, m.levelWanted, m.gen, false)
}

// resendLogLevel sends the level set before to a new connection or
// session; nil when none was set.
func (m *Model) resendLogLevel() tea.Cmd {
	if m.logLevel == "" || m.sess == nil || m.sess.conn == nil {
		return nil
	}
	return setLevelCmd(m.sess.ctx, m.sess.conn.Client, m.logLevel, m.gen, true)
}

func setLevelCmd(ctx context.Context, c *sdk.Client, level sdk.LogLevel, gen int, resent bool) tea.Cmd {
	return func() tea.Msg {
		return levelSetMsg{gen: gen, level: level, err: c.SetLogLevel(ctx, level), resent: resent}
	}
}

// onLevelSet shows the level set, or why it was not, and sends the
// level asked for meanwhile.
func (m *Model) onLevelSet(msg levelSetMsg) tea.Cmd {
	if !m.current(msg.gen) || m.sess.conn == nil {
		return nil
	}
	m.showLevelSet(msg)
	if msg.resent {
		return nil
	}
	m.levelBusy = false
	if msg.err != nil || m.levelWanted == msg.level {
		m.levelWanted = ""
		return nil
	}
	m.levelBusy = true
	return setLevelCmd(m.sess.ctx, m.sess.conn.Client, m.levelWanted, m.gen, false)
}

func (m *Model) showLevelSet(msg levelSetMsg) {
	switch {
	case errors.Is(msg.err, sdk.ErrNoLogging):
		m.status = "the server declares no logging capability: there is no log level to set"
	case msg.err != nil:
		m.status = "log level " + string(msg.level) + " not set: " + msg.err.Error()
	case msg.resent:
		m.logs.add(mcpdevLog("notice", "log level "+string(msg.level)+" sent to this connection"+levelHow(m.sess.conn.Client)))
	default:
		m.logLevel = msg.level
		m.status = "log level " + string(msg.level) + ": the server logs at " + string(msg.level) + " and above"
		m.logs.add(mcpdevLog("notice", "log level set to "+string(msg.level)+levelHow(m.sess.conn.Client)))
		m.logs.unread = 0
	}
}

// levelHow says how the level travels in the connection's era.
func levelHow(c *sdk.Client) string {
	if c.Era() == sdk.Era2026 {
		return " (in each request's _meta: the 2026 era has no logging/setLevel)"
	}
	return " (logging/setLevel)"
}
