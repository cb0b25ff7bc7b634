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
	state  connState
	now    func() time.Time
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
	case version >= sdk.ModernVersion:
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
		parts = append(parts, "MCP "+p.info.Protocol+" ("+era(p.info.Protocol)+")")
	}
	if p.info.Transport != "" {
		parts = append(parts, p.info.Transport)
	}
	right := ""
	if len(parts) > 0 {
		right = st.HeaderDim.Render(strings.Join(parts, " · ") + " · ")
	}
	right += p.dev + p.stateText() + " "
	gap := p.width - ansi.StringWidth(left) - ansi.StringWidth(right)
	if gap < 1 {
		return ansi.Truncate(left+" "+right, p.width, "…")
	}
	return left + strings.Repeat(" ", gap) + right
}

func (p *headerPane) stateText() string {
	st := p.st
	switch p.state {
	case stateConnected:
		return st.StateOK.Render("● connected")
	case stateFailed:
		return st.StateBad.Render("✗ cannot start")
	case stateExited:
		return st.StateBad.Render("✗ server exited")
	}
	if !p.buildStart.IsZero() {
		return st.StateBusy.Render(buildingText(p.now().Sub(p.buildStart)))
	}
	return st.StateBusy.Render("◌ connecting…")
}
