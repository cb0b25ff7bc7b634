package tui

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	goldenfile "github.com/mcpdev/mcpdev/internal/golden"
	"github.com/mcpdev/mcpdev/sdk"
)

// numbered is n lines "line 1" … "line n".
func numbered(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("line %d", i+1)
	}
	return out
}

// paneRows is a pane's view as plain rows, trailing spaces cut.
func paneRows(view string) []string {
	rows := strings.Split(ansi.Strip(view), "\n")
	for i, r := range rows {
		rows[i] = strings.TrimRight(r, " ")
	}
	return rows
}

// TestScrollerMarksWhatIsCut: content taller than the pane shows as many
// lines as fit above a last row saying how many are above and below;
// content that fits has no mark; scrolling reaches the last line.
func TestScrollerMarksWhatIsCut(t *testing.T) {
	tests := []struct {
		name   string
		lines  int
		scroll int
		want   []string
	}{
		{"fits", 4, 0, []string{"line 1", "line 2", "line 3", "line 4"}},
		{"top", 12, 0, []string{"line 1", "line 2", "line 3", "↓ 9 more lines"}},
		{"middle", 12, 4, []string{"line 5", "line 6", "line 7", "↑ 4 above · ↓ 5 more lines"}},
		{"one below", 5, 1, []string{"line 2", "line 3", "line 4", "↑ 1 above · ↓ 1 more line"}},
		{"bottom", 12, 100, []string{"line 10", "line 11", "line 12", "↑ 9 lines above"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s scroller
			s.SetSize(40, 4)
			s.SetLines(numbered(tt.lines))
			s.Scroll(tt.scroll)
			want, got := strings.Join(tt.want, "\n")+"\n", strings.Join(paneRows(s.View()), "\n")+"\n"
			if got != want {
				t.Errorf("rows (-want +got):\n%s", goldenfile.Diff(want, got))
			}
		})
	}
}

const last = -1

// TestScrollMarksInEveryPane: the result (a tool's, a read's, a
// prompt's), the traffic list and detail, the history, the dev loop's
// changes and the logs say
// what their height cuts, the same way, on their last row.
func TestScrollMarksInEveryPane(t *testing.T) {
	st := NewStyles(true)
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		view func() string
		want string
		row  int // the mark's row from the top; last: the last row
	}{
		{"result", func() string {
			p := newResultPane(&st)
			p.SetSize(60, 8)
			p.finish("long", callDoneMsg{view: prepareResult(&sdk.CallToolResult{Content: []sdk.Content{sdk.Text(strings.Join(numbered(30), "\n"))}}, sdk.ToolInfo{})})
			return p.View(at)
		}, "↓ 25 more lines", last},
		{"traffic detail", func() string {
			p := newTrafficPane(&st)
			p.SetSize(60, 12)
			raw, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 1, "result": map[string]any{"lines": numbered(30)}})
			p.add(trafficEvent{at: at, dir: sdk.Received, raw: raw, id: "1", what: "result"})
			return p.View()
		}, "↓ 29 more lines", last},
		{"traffic list", func() string {
			p := newTrafficPane(&st)
			p.SetSize(60, 12)
			for i := range 20 {
				p.add(trafficEvent{at: at, dir: sdk.Sent, raw: []byte(`{}`), id: itoa(i), what: "ping"})
			}
			return p.View()
		}, "↑ 16 messages above", 4},
		{"history", func() string {
			p := historyPane{st: &st}
			p.SetSize(60, 5)
			for i := range 9 {
				p.add(historyEntry{tool: fmt.Sprintf("tool_%d", i), args: json.RawMessage(`{}`), at: at, outcome: "ok"})
			}
			return p.View()
		}, "↓ 5 more calls", last},
		{"changes", func() string {
			m, _ := newTestModel(t, 80, 24)
			m.dev.pinned, m.dev.buildErr = true, errors.New(strings.Join(numbered(40), "\n"))
			view, _ := m.devView()
			return view
		}, "↓ 34 more lines", last},
		{"logs", func() string {
			p := logsPane{st: &st}
			p.SetSize(60, 5)
			for i := range 9 {
				p.add(logEvent{at: at, level: "stderr", text: fmt.Sprintf("entry %d", i)})
			}
			return p.View()
		}, "↑ 5 entries above", last},
		{"tools", func() string {
			p := newToolsPane(&st)
			p.SetSize(40, 9)
			p.SetTools(someTools(10))
			return p.View()
		}, "↓ 7 more tools", last},
		{"tool details", func() string {
			p := newFormPane(&st)
			p.SetSize(40, 6)
			return p.View(&sdk.ToolInfo{Name: "wide", Description: strings.Join(numbered(8), "\n"), InputSchema: json.RawMessage(`{"type":"object"}`)}, nil, nil, nil, false)
		}, "↓ 10 more lines", last},
		{"resources", func() string {
			p := newItemsPane(&st, "resources")
			p.SetSize(40, 8)
			p.SetItems(someResources(10), nil)
			return p.View()
		}, "↓ 7 more resources", last},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows := paneRows(tt.view())
			i := tt.row
			if i == last {
				i = len(rows) - 1
			}
			if got := rows[i]; got != tt.want {
				t.Errorf("row %d is %q, want %q; the pane:\n%s", tt.row, got, tt.want, strings.Join(rows, "\n"))
			}
		})
	}
}

// someTools is n tools "tool_0" … with a description each.
func someTools(n int) []sdk.ToolInfo {
	out := make([]sdk.ToolInfo, n)
	for i := range out {
		out[i] = sdk.ToolInfo{Name: fmt.Sprintf("tool_%d", i), Description: "does " + itoa(i), InputSchema: []byte(`{"type":"object"}`)}
	}
	return out
}

// TestToolsListScrollMark: the tools list (two rows a tool, below the
// filter line) gives the pane's last row to the scroll mark when its
// height cuts the list, wherever the cursor is; a list that fits has none.
func TestToolsListScrollMark(t *testing.T) {
	st := NewStyles(true)
	tests := []struct {
		name       string
		tools, h   int
		move       int
		want       string // the last row
		wantCursor string // a row that must be shown (the selected tool)
	}{
		{"fits", 4, 9, 0, "  does 3", "┃ tool_0"},
		{"top", 10, 9, 0, "↓ 7 more tools", "┃ tool_0"},
		{"middle", 10, 9, 5, "↑ 3 above · ↓ 4 more tools", "┃ tool_5"},
		{"bottom", 10, 9, 100, "↑ 7 tools above", "┃ tool_9"},
		{"even height", 10, 10, 0, "↓ 6 more tools", "┃ tool_0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newToolsPane(&st)
			p.SetSize(40, tt.h)
			p.SetTools(someTools(tt.tools))
			p.move(tt.move)
			rows := paneRows(p.View())
			if got := rows[len(rows)-1]; got != tt.want {
				t.Errorf("last row is %q, want %q; the pane:\n%s", got, tt.want, strings.Join(rows, "\n"))
			}
			if tt.tools*2 >= tt.h && len(rows) != tt.h {
				t.Errorf("%d rows, want %d (the mark on the last one):\n%s", len(rows), tt.h, strings.Join(rows, "\n"))
			}
			if !slices.Contains(rows, tt.wantCursor) {
				t.Errorf("the selected tool %q is not shown:\n%s", tt.wantCursor, strings.Join(rows, "\n"))
			}
		})
	}
}

// someResources is n resources "res_0" … at "demo://0" ….
func someResources(n int) []item {
	out := make([]item, n)
	for i := range out {
		out[i] = item{kind: itemResource, name: fmt.Sprintf("res_%d", i), uri: fmt.Sprintf("demo://%d", i)}
	}
	return out
}

// TestItemsListScrollMark: the resources and prompts lists keep to their
// height (an even one drew a row too many, "1/30" under the last item)
// and give the last row to the scroll mark when the height cuts them.
func TestItemsListScrollMark(t *testing.T) {
	st := NewStyles(true)
	tests := []struct {
		name       string
		items, h   int
		move       int
		want       string // the last row
		wantCursor string
	}{
		{"fits", 4, 8, 0, "  demo://3", "┃ res_0"},
		{"top", 30, 10, 0, "↓ 26 more resources", "┃ res_0"},
		{"middle", 30, 9, 10, "↑ 7 above · ↓ 19 more resources", "┃ res_10"},
		{"bottom", 30, 10, 100, "↑ 26 resources above", "┃ res_29"},
		{"one below", 5, 9, 0, "↓ 1 more resource", "┃ res_0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newItemsPane(&st, "resources")
			p.SetSize(40, tt.h)
			p.SetItems(someResources(tt.items), nil)
			p.move(tt.move)
			rows := paneRows(p.View())
			if got := rows[len(rows)-1]; got != tt.want {
				t.Errorf("last row is %q, want %q; the pane:\n%s", got, tt.want, strings.Join(rows, "\n"))
			}
			if tt.items*2 > tt.h && len(rows) != tt.h {
				t.Errorf("%d rows, want %d (the mark on the last one):\n%s", len(rows), tt.h, strings.Join(rows, "\n"))
			}
			if !slices.Contains(rows, tt.wantCursor) {
				t.Errorf("the selected item %q is not shown:\n%s", tt.wantCursor, strings.Join(rows, "\n"))
			}
		})
	}
}

// TestDoctorReportScrolls: a server-trouble report taller than its pane
// (80×24: the pane's first line was dropped without a word, so the
// report began mid-sentence) shows its end with the scroll mark saying
// what is above, and ↑/g scroll to its start.
func TestDoctorReportScrolls(t *testing.T) {
	m, _ := newTestModel(t, 80, 24)
	report := "lost the connection to the server: it was killed by a signal during the session\n" +
		"    last lines of its stderr:\n" + strings.Join(numbered(12), "\n") + "\n  try: run it by hand"
	m.Update(disconnectedMsg{gen: m.gen, err: sdk.ErrConnectionClosed, report: report})
	s := screen(m)
	for _, want := range []string{"The server exited", "try: run it by hand", "↑ 9 lines above", "R restart the server"} {
		if !strings.Contains(s, want) {
			t.Errorf("the report's end lacks %q:\n%s", want, s)
		}
	}
	press(m, "g")
	s = screen(m)
	for _, want := range []string{"The server exited", "lost the connection to the server: it was killed", "↓ 9 more lines", "R restart the server"} {
		if !strings.Contains(s, want) {
			t.Errorf("the report's start lacks %q:\n%s", want, s)
		}
	}
}

// TestFormScrollMark: a tool's form taller than its pane gives the last
// row to the scroll mark, and its first row is a field's label, wherever
// the focus is — also once the focus left the form and its box got
// smaller (it showed from mid-field then, below the label, and nothing
// said that more was above or below).
func TestFormScrollMark(t *testing.T) {
	m, _ := newTestModel(t, 80, 24)
	press(m, "/")
	typeText(m, "add_book")
	press(m, "enter") // the filter's one match: its form opens
	labels := []string{"book *", "book.title *", "book.author *", "book.year *"}
	check := func(when, wantMark string) {
		t.Helper()
		rows := paneRows(m.form.View(nil, nil, nil, nil, true))
		if got := rows[len(rows)-1]; !strings.HasPrefix(got, wantMark) {
			t.Errorf("%s: the form's last row is %q, want the scroll mark %q…:\n%s", when, got, wantMark, screen(m))
		}
		first := strings.TrimLeft(rows[0], " ┃")
		if !slices.Contains(labels, first) {
			t.Errorf("%s: the form starts with %q, not a field's label:\n%s", when, first, screen(m))
		}
	}
	check("at the first field", "↓ ")
	press(m, "tab", "tab")
	check("at the last field", "↑ ")
	press(m, "esc")
	check("the focus back in the tools", "↑ ")
}

// TestDoctorReportKeepsPathsWhole: the server-trouble report wraps at
// spaces only; it broke a path after a hyphen (/tmp/go- | build-…), which
// then could not be copied from the screen nor searched for.
func TestDoctorReportKeepsPathsWhole(t *testing.T) {
	const path = "/tmp/go-build-1234567890/b001/exe/foo-bar"
	m, _ := newTestModel(t, 80, 24)
	report := "could not start the server: fork/exec " + path + ": permission denied\n" +
		"    last lines of its stderr:\n    error: open /home/someone/my-project/config-file.yaml: no such file"
	m.Update(disconnectedMsg{gen: m.gen, err: sdk.ErrConnectionClosed, report: report})
	s := screen(m)
	for _, want := range []string{path + ":", "/home/someone/my-project/config-file.yaml:", "    last lines of its stderr:"} {
		if !strings.Contains(s, want) {
			t.Errorf("the report does not show %q on one line:\n%s", want, s)
		}
	}
}
