package tui

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/mcpdev/mcpdev/inspector/build"
	"github.com/mcpdev/mcpdev/inspector/target"
)

// While a connector builds a Go target (6–12 s from a cold cache), the
// header says "building… 3s", ticking, instead of "connecting…".
// Connectors report the build through the context Connect receives, the
// way net/http/httptrace hands its hooks to a request.

type buildReporterKey struct{}

// withBuildReporter returns ctx carrying f, called with false when a build
// starts and true when it ends.
func withBuildReporter(ctx context.Context, f func(done bool)) context.Context {
	return context.WithValue(ctx, buildReporterKey{}, f)
}

func reportBuild(ctx context.Context, done bool) {
	if f, ok := ctx.Value(buildReporterKey{}).(func(bool)); ok {
		f(done)
	}
}

// buildEvent: the connector started (done false) or ended a build.
type buildEvent struct{ done bool }

// buildTickMsg advances the header's build timer of connection gen.
type buildTickMsg struct{ gen int }

func buildTickCmd(gen int) tea.Cmd {
	return tea.Tick(time.Second, func(time.Time) tea.Msg { return buildTickMsg{gen: gen} })
}

// buildGo builds a Go target into the cache, telling the header, and
// returns the binary, or the doctor's report of the failed build.
func buildGo(ctx context.Context, t *target.Target) (string, error) {
	reportBuild(ctx, false)
	defer reportBuild(ctx, true)
	bin, err := build.Binary(ctx, t.GoPath, t.BuildCache)
	if err != nil {
		ce := &target.ConnectError{Target: t, Stage: target.StageBuild, Err: err}
		return "", &ConnectError{Err: ce, Report: target.Doctor(ce).String()}
	}
	return bin, nil
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
