package tui

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// An HTTP server can go away and come back while mcpdev stays connected
// to its URL: no process exits, so the header would keep saying
// connected. The transport tells (streamable.LinkEvent) when a request
// or the session's stream fails to reach the server; the header then says
// so, and a probe (sdk.Client.Ping) tries the server every probeEvery
// until it answers. A server that answers again, but no longer knows the
// session, gets a new one (the transport re-initialises): the logs say so.

// linkEvent carries a streamable.LinkEvent through the mailbox.
type linkEvent struct{ ev streamable.LinkEvent }

// probeMsg ends one probe of a server that could not be reached.
type probeMsg struct{ gen int }

// probeEvery is the wait between probes; probeTimeout bounds one.
const (
	probeEvery   = time.Second
	probeTimeout = 3 * time.Second
)

// onLink follows the server's reach in the header and the logs.
func (m *Model) onLink(ev streamable.LinkEvent) tea.Cmd {
	if m.state != stateConnected || m.sess == nil || m.sess.conn == nil {
		return nil // the handshake's failures are the doctor's
	}
	switch ev.Kind {
	case streamable.LinkDown:
		m.header.linkDown = true
		m.status = "lost the server: " + ev.Err.Error() + " · reconnecting"
		m.logs.add(mcpdevLog("warning", "lost the server: "+ev.Err.Error()+"; trying it every second"))
		if !m.probing {
			m.probing = true
			return probeCmd(m.sess.ctx, m.sess.conn.Client, m.gen)
		}
	case streamable.LinkUp:
		m.header.linkDown = false
		m.status = "reached the server again"
		m.logs.add(mcpdevLog("info", "reached the server again"))
		return listToolsCmd(m.sess.ctx, m.sess.conn.Client, m.gen) // a restarted server may have changed
	case streamable.LinkRenewed:
		why := "it answered " + ev.Err.Error()
		m.status = "the server no longer knew the session (" + why + "): re-initialised"
		m.logs.add(mcpdevLog("warning", "the server no longer knew the session ("+why+
			"): re-initialised with a new session; its subscriptions start afresh"))
		return m.resendLogLevel()
	}
	return nil
}

// onProbe probes again while the server stays out of reach.
func (m *Model) onProbe(msg probeMsg) tea.Cmd {
	if !m.current(msg.gen) || m.sess.conn == nil {
		return nil
	}
	if !m.header.linkDown || m.state != stateConnected {
		m.probing = false
		return nil
	}
	return probeCmd(m.sess.ctx, m.sess.conn.Client, msg.gen)
}

// probeCmd waits probeEvery and asks whether the server answers; the
// transport reports what it found (LinkUp, or nothing new).
func probeCmd(ctx context.Context, client *sdk.Client, gen int) tea.Cmd {
	return func() tea.Msg {
		select {
		case <-time.After(probeEvery):
		case <-ctx.Done():
			return nil
		}
		pctx, cancel := context.WithTimeout(ctx, probeTimeout)
		defer cancel()
		_ = client.Ping(pctx)
		return probeMsg{gen: gen}
	}
}

// mcpdevLog is an entry of mcpdev's own in the logs pane.
func mcpdevLog(level, text string) logEvent {
	return logEvent{at: time.Now(), level: level, logger: "mcpdev", text: text}
}
