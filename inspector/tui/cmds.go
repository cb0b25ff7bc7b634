package tui

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/inspector"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
	"github.com/mcpdev/mcpdev/transport/oauth"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// session is one connection's worth of state that commands share: the
// client, the mailbox its hooks fill, and a context ended on restart/quit.
type session struct {
	gen     int
	conn    *target.Connection
	box     *mailbox
	ask     *asker // answers the server's questions
	ctx     context.Context
	cancel  context.CancelFunc
	dialing connecting // the connect command, waited for on close
}

// hooks routes the client's callbacks into the mailbox; ask answers the
// server's questions (every capability is declared).
func hooks(box *mailbox, ask *asker, name string) *sdk.ClientOptions {
	warn := &warnings{}
	o := &sdk.ClientOptions{
		Name:           name,
		OnLog:          func(p sdk.LogParams) { box.push(logFromParams(p)) },
		OnToolsChanged: func() { box.push(toolsChangedEvent{}) },
		OnNotification: func(m *transport.Message) {
			if ev := sectionEvent(m); ev != nil {
				box.push(ev)
			}
		},
		Trace: func(d sdk.Direction, m *transport.Message) { box.push(traceEvent(d, m)) },
		// A tool left out for an invalid x-mcp-header annotation, a stray
		// line on stdout: to the logs pane (stderr would scribble over the
		// screen).
		OnWarning: func(err error) { warn.push(box, err) },
	}
	ask.install(o)
	return o
}

func logFromParams(p sdk.LogParams) logEvent {
	text, ok := p.Data.(string)
	if !ok {
		b, _ := json.Marshal(p.Data)
		text = string(b)
	}
	return logEvent{at: time.Now(), level: string(p.Level), logger: p.Logger, text: text}
}

// warnings turns the client's warnings into log entries. Lines the server
// wrote to stdout outside the protocol are shown as they came, under
// "stdout:", after one entry that says what is wrong with them (the pane
// cuts long lines: the hint comes first and stays short).
type warnings struct{ hinted atomic.Bool }

func (w *warnings) push(box *mailbox, err error) {
	var noise *target.StdoutNoiseError
	if !errors.As(err, &noise) {
		box.push(logEvent{at: time.Now(), level: "warning", logger: "mcpdev", text: err.Error()})
		return
	}
	if !w.hinted.Swap(true) {
		box.push(logEvent{at: time.Now(), level: "warning", logger: "mcpdev",
			text: "non-JSON-RPC stdout (below): other clients choke on it; print logs to stderr"})
	}
	box.push(logEvent{at: time.Now(), level: "warning", logger: "stdout", text: noise.Line})
}

func traceEvent(d sdk.Direction, m *transport.Message) trafficEvent {
	raw, tail, end := messageBytes(m)
	what := m.Method
	switch {
	case what != "":
	case m.Error != nil:
		what = fmt.Sprintf("error %d", m.Error.Code)
	default:
		what = "result"
	}
	return trafficEvent{at: time.Now(), dir: d, raw: raw, tail: tail, end: end, id: string(m.ID), what: what}
}

// connectOptions routes what a connection reports into the mailbox: the
// client's hooks, every stderr line, stray stdout lines and the build of
// a Go target. exec.Cmd.Wait returns only once stderr is copied, so when
// the server has exited, its last stderr lines are already queued.
func connectOptions(box *mailbox, ask *asker) *target.ConnectOptions {
	client := hooks(box, ask, "mcpdev")
	return &target.ConnectOptions{
		Client: client, KeepLines: 30,
		OnStderr: func(line string) { box.push(logEvent{at: time.Now(), level: "stderr", text: line}) },
		OnStdoutNoise: func(line string) { // to the logs pane, through the client's warnings
			client.OnWarning(&target.StdoutNoiseError{Line: line})
		},
		OnBuild: func(done bool) { box.push(buildEvent{done: done}) },
		OnLink:  func(ev streamable.LinkEvent) { box.push(linkEvent{ev}) },
		// Signing in to a protected HTTP server: its URL and steps go to
		// the logs pane.
		AuthOut: authLines{box},
		OnAuth: func(ev target.AuthEvent) {
			if ev.Kind == target.AuthHTTP {
				box.push(exchangeEvent(ev.Exchange)) // to the traffic pane
				return
			}
			box.push(authEvent{ev})
		},
	}
}

// exchangeEvent is an HTTP exchange of a sign-in as a traffic entry: its
// summary in the list, its request and answer (redacted, sanitized) as
// the detail, laid out here, off the UI goroutine.
func exchangeEvent(ex *oauth.Exchange) trafficEvent {
	lines := target.ExchangeLines(ex)
	return trafficEvent{at: time.Now(), dir: sdk.Sent, raw: []byte(strings.Join(lines, "\n")),
		what: "HTTP " + target.ExchangeSummary(ex), lines: lines}
}

// authLines writes each line of the sign-in's output to the logs pane.
type authLines struct{ box *mailbox }

func (a authLines) Write(p []byte) (int, error) {
	for _, line := range strings.Split(strings.TrimRight(string(p), "\n"), "\n") {
		a.box.push(logEvent{at: time.Now(), level: "auth", text: strings.TrimPrefix(line, "mcpdev: ")})
	}
	return len(p), nil
}

// connectCmd starts the server and initializes it. A connect given up
// (restart, quit) closes what it got: nobody else will.
func connectCmd(s *session, c Connector) tea.Cmd {
	ctx, gen := s.ctx, s.gen
	opts := connectOptions(s.box, s.ask)
	return func() tea.Msg {
		end, ok := s.dialing.start()
		if !ok {
			return nil
		}
		defer end()
		conn, err := c.Connect(ctx, opts)
		if err == nil && ctx.Err() != nil {
			conn.Close()
			return nil
		}
		if err != nil {
			return connectFailedMsg{gen: gen, err: err, report: inspector.Describe(err)}
		}
		init := conn.Client.InitializeResult()
		info := serverInfo{
			Name: init.ServerInfo.Name, Title: init.ServerInfo.Title, Version: init.ServerInfo.Version,
			Protocol: init.ProtocolVersion, Transport: conn.Transport(), Instructions: init.Instructions,
			Forced: conn.Target != nil && conn.Target.Protocol != "",
		}
		return connectedMsg{gen: gen, conn: conn, info: info}
	}
}

// listToolsCmd asks for every tool and counts what their definitions
// cost in tokens.
func listToolsCmd(ctx context.Context, client *sdk.Client, gen int) tea.Cmd {
	return func() tea.Msg {
		tools, err := client.ListTools(ctx)
		if err != nil {
			return toolsMsg{gen: gen, err: err}
		}
		return toolsMsg{gen: gen, tools: tools, costs: countTools(tools)}
	}
}

// waitEventsCmd waits for the next batch of events; Update re-arms it.
func waitEventsCmd(box *mailbox, gen int) tea.Cmd {
	return func() tea.Msg {
		ev := box.take()
		if ev == nil {
			return nil
		}
		return eventsMsg{gen: gen, events: ev}
	}
}

// waitDoneCmd reports the end of the connection, with the doctor's report
// (Diagnose waits for the process to exit, so its stderr is complete).
func waitDoneCmd(ctx context.Context, conn *target.Connection, gen int) tea.Cmd {
	return func() tea.Msg {
		select {
		case <-conn.Client.Done():
		case <-ctx.Done():
			return nil
		}
		err := cmp.Or(conn.Client.Err(), sdk.ErrConnectionClosed)
		return disconnectedMsg{gen: gen, err: err, report: conn.Diagnose(err).String()}
	}
}

// closeCmd stops a connection (restart, quit).
func closeCmd(s *session) tea.Cmd {
	return func() tea.Msg {
		s.cancel()
		s.box.close()
		s.dialing.close()
		if s.conn != nil {
			_ = s.conn.Close()
		}
		return nil
	}
}

// callCmd calls a tool; progress goes to the mailbox. The result is
// prepared here, off the UI goroutine.
func callCmd(ctx context.Context, s *session, id int, tool sdk.ToolInfo, args json.RawMessage) tea.Cmd {
	client, box, gen := s.conn.Client, s.box, s.gen
	return func() tea.Msg {
		start := time.Now()
		opts := &sdk.CallOptions{OnProgress: func(p sdk.ProgressParams) {
			box.push(progressEvent{callID: id, p: p})
		}}
		res, err := client.CallTool(ctx, tool.Name, args, opts)
		return callDone(gen, id, tool, res, err, time.Since(start))
	}
}

// callDone is a call's end, its result prepared (off the UI goroutine).
func callDone(gen, id int, tool sdk.ToolInfo, res *sdk.CallToolResult, err error, elapsed time.Duration) callDoneMsg {
	var view *resultData
	if err == nil {
		view = prepareResult(res, tool)
	}
	return callDoneMsg{gen: gen, id: id, res: res, err: err, elapsed: elapsed, view: view}
}

// tickCmd drives the elapsed timer of a running call.
func tickCmd(id int) tea.Cmd {
	return tea.Tick(100*time.Millisecond, func(time.Time) tea.Msg { return tickMsg{id: id} })
}

// saveMediaCmd writes image/audio/blob blocks to files in dir.
func saveMediaCmd(media []mediaBlock, dir string) tea.Cmd {
	media = slices.Clone(media)
	return func() tea.Msg {
		var paths []string
		for _, m := range media {
			p := filepath.Join(dir, m.fileName())
			if err := os.WriteFile(p, m.data, 0o644); err != nil {
				return savedMsg{paths: paths, err: err}
			}
			paths = append(paths, p)
		}
		return savedMsg{paths: paths}
	}
}

// closeConnCmd closes a connection that is no longer wanted (a restart
// made it stale) without blocking Update.
func closeConnCmd(c *target.Connection) tea.Cmd {
	return func() tea.Msg {
		c.Close()
		return nil
	}
}

// releaseMemoryCmd gives the memory a result of megabytes took on its way
// (the message read, decoded, laid out) back to the system once it is
// shown, instead of keeping the process at its peak until the heap grows
// into it again; nil for a smaller result.
func releaseMemoryCmd(view *resultData) tea.Cmd {
	if view == nil || view.textBytes() < releaseMin {
		return nil
	}
	return func() tea.Msg {
		debug.FreeOSMemory()
		return nil
	}
}

// releaseMin is the size of result text from which releaseMemoryCmd acts.
const releaseMin = 4 << 20
