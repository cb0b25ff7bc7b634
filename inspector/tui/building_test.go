package tui

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/inspector/target"
)

// headerLine is the first line of the screen.
func headerLine(m *Model) string { return strings.Split(screen(m), "\n")[0] }

func TestHeaderTicksWhileBuilding(t *testing.T) {
	c := newClock()
	m := New(context.Background(), nil, c.opts("./examples/bookshop"))
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if h := headerLine(m); !strings.Contains(h, "connecting…") {
		t.Fatalf("header before the build: %q", h)
	}
	_, cmd := m.Update(eventsMsg{gen: m.gen, events: []any{buildEvent{}}})
	if h := headerLine(m); !strings.Contains(h, "◌ building… 0s") {
		t.Fatalf("header when the build starts: %q", h)
	}
	if cmd == nil {
		t.Fatal("no tick was started for the build timer")
	}
	c.advance(3 * time.Second)
	if _, cmd = m.Update(buildTickMsg{gen: m.gen}); cmd == nil {
		t.Error("the build timer did not re-arm")
	}
	if h := headerLine(m); !strings.Contains(h, "◌ building… 3s") {
		t.Errorf("header 3s into the build: %q", h)
	}
	m.Update(eventsMsg{gen: m.gen, events: []any{buildEvent{done: true}}})
	if h := headerLine(m); !strings.Contains(h, "◌ connecting…") {
		t.Errorf("header after the build: %q", h)
	}
	if _, cmd = m.Update(buildTickMsg{gen: m.gen}); cmd != nil {
		t.Error("the build timer still ticks after the build")
	}
}

// Both connectors of a Go target report its build to the header, around
// it: the build step is target.Connect's, told through OnBuild.
func TestGoTargetConnectorsReportTheBuild(t *testing.T) {
	tg, err := target.Resolve([]string{"./testdata/server"}, &target.ResolveOptions{BuildCache: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if tg.Kind != target.KindGo {
		t.Fatalf("./testdata/server resolved to kind %v, want Go", tg.Kind)
	}
	connectors := map[string]Connector{
		"no watch": &targetConnector{Target: tg},
		"watch":    withDev(&targetConnector{Target: tg}, DevOptions{Target: tg, Watch: true}),
	}
	for name, c := range connectors {
		t.Run(name, func(t *testing.T) {
			box := newMailbox()
			conn, err := c.Connect(context.Background(), connectOptions(box, newAsker(context.Background(), box, nil)))
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			var got []bool
			for _, ev := range box.take() { // queued by Connect before it returned
				if b, ok := ev.(buildEvent); ok {
					got = append(got, b.done)
				}
			}
			if want := []bool{false, true}; !slices.Equal(got, want) {
				t.Errorf("build reports %v, want %v (started, ended)", got, want)
			}
		})
	}
}
