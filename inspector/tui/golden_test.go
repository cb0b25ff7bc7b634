package tui

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/sdk"
)

// Golden screens, ANSI-stripped, at 80×24 and 120×40. Refresh with
// go test ./inspector/tui -run TestGolden -update
var goldenSizes = [][2]int{{80, 24}, {120, 40}}

func TestGoldenScreens(t *testing.T) {
	screens := []struct {
		name  string
		setup func(m *Model, c *clock)
	}{
		{"tools", func(m *Model, c *clock) {
			press(m, "down")
		}},
		{"form_error", func(m *Model, c *clock) {
			press(m, "enter")
			typeText(m, "dune")
			press(m, "tab", "backspace", "backspace")
			typeText(m, "500")
			press(m, "ctrl+r")
		}},
		{"result_structured", func(m *Model, c *clock) {
			press(m, "down", "down", "enter")
			typeText(m, "Paris")
			press(m, "ctrl+r")
			res := &sdk.CallToolResult{
				Content:           []sdk.Content{sdk.Text(`{"city":"Paris","temperature":21.5,"conditions":"sunny"}`)},
				StructuredContent: json.RawMessage(`{"city":"Paris","temperature":21.5,"conditions":"sunny"}`),
			}
			finishCall(m, res, nil, 12*time.Millisecond)
		}},
		{"progress", func(m *Model, c *clock) {
			press(m, "enter")
			typeText(m, "dune")
			press(m, "ctrl+r")
			c.advance(2300 * time.Millisecond)
			m.Update(eventsMsg{gen: m.gen, events: []any{progressEvent{callID: m.call.id, p: sdk.ProgressParams{Progress: 4, Total: 10, Message: "scanning shelf 4 of 10"}}}})
		}},
		{"crashed", func(m *Model, c *clock) {
			press(m, "enter")
			typeText(m, "dune")
			report := "lost the connection to examples/bookshop: the server exited with code 2 during the session\n" +
				"    panic: shelf index out of range\n    goroutine 1 [running]:\n    main.main()\n" +
				"  try: fix the panic above, then press R"
			m.Update(disconnectedMsg{gen: m.gen, err: context.Canceled, report: report})
		}},
	}
	for _, sc := range screens {
		for _, sz := range goldenSizes {
			name := fmt.Sprintf("%s_%dx%d", sc.name, sz[0], sz[1])
			t.Run(name, func(t *testing.T) {
				m, c := newTestModel(t, sz[0], sz[1])
				sc.setup(m, c)
				got := screen(m)
				lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
				if len(lines) != sz[1] {
					t.Errorf("%d lines, want %d", len(lines), sz[1])
				}
				for i, l := range lines {
					if w := ansi.StringWidth(l); w > sz[0] {
						t.Errorf("line %d is %d wide, more than %d", i+1, w, sz[0])
					}
				}
				golden(t, name, got)
			})
		}
	}
}
