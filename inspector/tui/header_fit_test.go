package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// However long the server's name, the connection state stays on the
// header line; the name is cut with an ellipsis, and the protocol and
// transport go first when the name would keep too little room.
func TestHeaderKeepsStateWithLongName(t *testing.T) {
	st := NewStyles(true)
	long := "a-server-with-a-very-long-name-" + strings.Repeat("x", 200)
	info := serverInfo{Name: long, Version: "1.0.0", Protocol: "2025-11-25", Transport: "stdio"}
	tests := []struct {
		width    int
		wantInfo bool // the protocol still shown
	}{
		{120, true}, {80, true}, {60, false}, {30, false},
	}
	for _, tt := range tests {
		p := headerPane{st: &st, width: tt.width, info: info, state: stateConnected}
		got := ansi.Strip(p.View())
		if !strings.Contains(got, "● connected") || !strings.Contains(got, "…") || ansi.StringWidth(got) > tt.width {
			t.Errorf("width %d: %q (width %d)", tt.width, got, ansi.StringWidth(got))
		}
		if strings.Contains(got, "MCP 2025-11-25") != tt.wantInfo {
			t.Errorf("width %d: protocol shown = %v, want %v: %q", tt.width, !tt.wantInfo, tt.wantInfo, got)
		}
	}
	p := headerPane{st: &st, width: 120, info: serverInfo{Name: "Bookshop", Protocol: "2025-11-25", Transport: "stdio"}, state: stateConnected}
	if got := ansi.Strip(p.View()); strings.Contains(got, "…") || !strings.Contains(got, "Bookshop") || !strings.HasSuffix(got, "● connected ") {
		t.Errorf("a short name is not cut: %q", got)
	}
}
