package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// TestHistoryOutcomeAgreesWithTheResult: a History row names a call's
// outcome as the result header does, and in the same colour: a
// connection that closed during the call "failed" (not "protocol error",
// which is for a JSON-RPC error), and a failed task or a message too
// large is not coloured as a success.
func TestHistoryOutcomeAgreesWithTheResult(t *testing.T) {
	st := NewStyles(true)
	tests := []struct {
		name    string
		res     *sdk.CallToolResult
		err     error
		header  string // in the result header
		outcome string // in the History row
		style   func() string
	}{
		{"ok", &sdk.CallToolResult{Content: []sdk.Content{sdk.Text("fine")}}, nil, "✓ ok", "ok", func() string { return st.Success.Render("ok") }},
		{"tool error", &sdk.CallToolResult{Content: []sdk.Content{sdk.Text("no")}, IsError: true}, nil, "✗ tool error", "tool error",
			func() string { return st.ToolError.Render("tool error") }},
		{"protocol error", nil, &transport.Error{Code: -32602, Message: "Unknown tool: nope"}, "✗ protocol error -32602", "protocol error",
			func() string { return st.ProtocolError.Render("protocol error") }},
		{"connection closed", nil, fmt.Errorf("calling: %w", sdk.ErrConnectionClosed), "✗ failed", "failed",
			func() string { return st.ProtocolError.Render("failed") }},
		{"too large", nil, fmt.Errorf("reading: %w", transport.ErrTooLarge), "✗ message too large", "too large",
			func() string { return st.ProtocolError.Render("too large") }},
		{"task failed", nil, &call.TaskEndError{Tool: "t", TaskID: "1", Status: sdk.TaskFailed}, "task failed", "task failed",
			func() string { return st.ProtocolError.Render("task failed") }},
		{"cancelled", nil, context.Canceled, "⊘ cancelled", "cancelled", func() string { return st.Cancel.Render("cancelled") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, _ := newTestModel(t, 120, 40)
			press(m, "enter", "ctrl+r")
			finishCall(m, tt.res, tt.err, time.Millisecond)
			if s := screen(m); !strings.Contains(s, tt.header) {
				t.Errorf("the result header does not say %q:\n%s", tt.header, s)
			}
			row := m.history.row(0)
			if got := strings.Fields(ansi.Strip(row)); len(got) < 3 || !strings.HasPrefix(strings.Join(got[3:], " "), tt.outcome+" ") {
				t.Errorf("the History row %q does not say %q", ansi.Strip(row), tt.outcome)
			}
			if !strings.Contains(row, tt.style()) {
				t.Errorf("the History row %q does not show %q in its colour", row, tt.outcome)
			}
		})
	}
}
