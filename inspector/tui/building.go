package tui

import (
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"
)

// While a Go target is built (6–12 s from a cold cache), the header says
// "building… 3s", ticking, instead of "connecting…". The build reports
// itself through target.ConnectOptions.OnBuild (connectOptions).

// buildEvent: the build of a Go target started (done false) or ended.
type buildEvent struct{ done bool }

// buildTickMsg advances the header's build timer of connection gen.
type buildTickMsg struct{ gen int }

func buildTickCmd(gen int) tea.Cmd {
	return tea.Tick(time.Second, func(time.Time) tea.Msg { return buildTickMsg{gen: gen} })
}

// onBuildEvent starts or stops the header's build timer.
func (m *Model) onBuildEvent(ev buildEvent) tea.Cmd {
	if ev.done || m.state != stateConnecting {
		m.header.buildStart = time.Time{}
		return nil
	}
	m.header.buildStart = m.now()
	return buildTickCmd(m.gen)
}

func (m *Model) onBuildTick(msg buildTickMsg) tea.Cmd {
	if !m.current(msg.gen) || m.state != stateConnecting || m.header.buildStart.IsZero() {
		return nil
	}
	return buildTickCmd(msg.gen)
}

// buildingText is the header's state while the server is being built.
func buildingText(elapsed time.Duration) string {
	return fmt.Sprintf("◌ building… %ds", int(elapsed.Seconds()))
}
