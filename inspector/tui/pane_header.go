package tui

import (
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/internal/termtext"
	"github.com/mcpdev/mcpdev/sdk"
)

// connState is the state of the connection to the server.
type connState int

const (
	stateConnecting connState = iota
	stateConnected
	stateFailed // could not start or initialize
	stateExited // was connected, then the connection ended
)

// headerPane is the top line: server, protocol and era, transport, state.
type headerPane struct {
	st     *Styles
	width  int
	target string
	dev    string // the dev loop's state (rebuilding, build failed, …)
	info   serverInfo
	roots  string // rootsSummary: "" for the default root
	state  connState
	// linkDown: connected over HTTP, but the server cannot be reached
	// (link.go); mcpdev tries it again until it answers.
	linkDown bool
	now      func() time.Time
	// signedIn names whom the connection signed in as (never a token);
	// signingIn: a sign-in URL waits to be opened.
	signedIn  string
	signingIn bool
	// buildStart is when the build of the server began (zero: no build
	// under way).
	buildStart time.Time
}

func (p *headerPane) SetSize(w, _ int) { p.width = w }

// era names the protocol era of a negotiated version.
func era(version string) string {
	switch {
	case version == "":
		return ""
	case slices.Contains(sdk.LegacyVersions(), version):
		return "legacy era"
	case version >= sdk.Version2026:
		return "2026 era"
	}
	return "unknown era"
}

func (p *headerPane) View() string {
	st := p.st
	var parts []string
	name := p.info.Name
	if p.info.Title != "" {
		name = p.info.Title
	}
	if name == "" {
		name = p.target
	}
	left := st.HeaderName.Render(" " + termtext.Line(name))
	if p.info.Version != "" {
		left += " " + st.HeaderDim.Render(termtext.Line(p.info.Version))
	}
	if p.info.Protocol != "" {
		forced := ""
		if p.info.Forced {
			forced = ", --protocol"
		}
		parts = append(parts, "MCP "+p.info.Protocol+" ("+era(p.info.Protocol)+forced+")")
	}
	if p.info.Transport != "" {
		parts = append(parts, p.info.Transport)
	}
	if p.roots != "" {
		parts = append(parts, p.roots)
	}

	info := ""
	if len(parts) > 0 {
		info = st.HeaderDim.Render(strings.Join(parts, " · ") + " · ")
	}
	return p.fit(left, info, p.dev+p.signedInText()+p.stateText()+" ")
}

// minNameWidth is the least of the server's name kept beside the protocol
// and transport; a narrower header drops those first.
const minNameWidth = 16

// fit lays the header out on one line: the name on the left, info and
// state on the right. The state always shows: when the line is too
// narrow, info goes (if the name would keep less than minNameWidth), and
// the name is cut with an ellipsis.
func (p *headerPane) fit(left, info, state string) string {
	w := ansi.StringWidth
	if gap := p.width - w(left) - w(info) - w(state); gap >= 1 {
		return left + strings.Repeat(" ", gap) + info + state
	}
	right := info + state
	if p.width-w(right)-1 < minNameWidth {
		right = state
	}
	room := p.width - w(right) - 1
	if room < 2 {
		return ansi.Truncate(state, p.width, "…")
	}
	left = ansi.Truncate(left, room, "…")
	return left + strings.Repeat(" ", p.width-w(left)-w(right)) + right
}

// signedInText names whom the connection signed in as; it stays with the
// state when the line is narrow.
func (p *headerPane) signedInText() string {
	if p.signedIn == "" {
		return ""
	}
	return p.st.HeaderDim.Render("signed in as "+termtext.Line(p.signedIn)) + " · "
}

func (p *headerPane) stateText() string {
	st := p.st
	switch p.state {
	case stateConnected:
		if p.linkDown {
			return st.StateBad.Render("✗ disconnected · reconnecting…")
		}
		return st.StateOK.Render("● connected")
	case stateFailed:
		return st.StateBad.Render("✗ cannot start")
	case stateExited:
		return st.StateBad.Render("✗ server exited")
	}
	if !p.buildStart.IsZero() {
		return st.StateBusy.Render(buildingText(p.now().Sub(p.buildStart)))
	}
	if p.signingIn {
		return st.StateBusy.Render("◌ signing in…")
	}
	return st.StateBusy.Render("◌ connecting…")
}
