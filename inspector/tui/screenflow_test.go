package tui

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"
)

// Golden screens from real servers. A screenFlow is a flow (flow_test.go)
// whose whole screen can be read while the program runs: the read is a
// message the program handles in turn (snapModel), so it never races the
// program and sees exactly what a person would. Waits poll that screen,
// not the renderer's output stream, so they hold for text drawn at any
// time (and redrawn as a diff).

// snapMsg asks the program for its screen.
type snapMsg struct{ reply chan<- string }

// snapModel is the inspector with snapMsg answered on the program's own
// goroutine.
type snapModel struct{ *Model }

func (s snapModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if snap, ok := msg.(snapMsg); ok {
		snap.reply <- screen(s.Model)
		return s, nil
	}
	_, cmd := s.Model.Update(msg)
	return s, cmd
}

type screenFlow struct{ *flow }

// startScreenFlow runs the inspector at 120×40 against c.
func startScreenFlow(t *testing.T, c Connector, name string, opts Options) *screenFlow {
	t.Helper()
	opts.Target, opts.Dark, opts.SaveDir = name, dark(), t.TempDir()
	m := New(context.Background(), c, opts)
	tm := teatest.NewTestModel(t, snapModel{m}, teatest.WithInitialTermSize(120, 40))
	f := &flow{t: t, m: m, tm: tm}
	t.Cleanup(f.finish)
	return &screenFlow{f}
}

const screenWait = 30 * time.Second

// screen is the program's screen now (ANSI stripped).
func (f *screenFlow) screen() string {
	f.t.Helper()
	reply := make(chan string, 1)
	f.tm.Send(snapMsg{reply})
	select {
	case s := <-reply:
		return s
	case <-time.After(screenWait):
		f.t.Fatal("the program did not answer for its screen (has it ended?)")
		return ""
	}
}

// waitScreen waits until the screen shows every want, and returns it.
func (f *screenFlow) waitScreen(want ...string) string {
	f.t.Helper()
	deadline := time.Now().Add(screenWait)
	for {
		s := f.screen()
		if showsAll(s, want) {
			return s
		}
		if time.Now().After(deadline) {
			f.t.Fatalf("after %s the screen still lacks one of %q:\n%s", screenWait, want, s)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func showsAll(s string, want []string) bool {
	for _, w := range want {
		if !strings.Contains(s, w) {
			return false
		}
	}
	return true
}

// goldens waits for want at 120×40, then checks the screen against
// testdata/golden/name_120x40.golden and, resized to 80×24, against
// name_80x24.golden; the program is then back at 120×40. Both screens go
// through maskScreen first.
func (f *screenFlow) goldens(name string, want ...string) {
	f.t.Helper()
	f.checkGolden(name, 120, 40, f.waitScreen(want...))
	f.tm.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	f.checkGolden(name, 80, 24, f.screen())
	f.tm.Send(tea.WindowSizeMsg{Width: 120, Height: 40})
}

func (f *screenFlow) checkGolden(name string, w, h int, s string) {
	f.t.Helper()
	checkFits(f.t, s, w, h)
	golden(f.t, fmt.Sprintf("%s_%dx%d", name, w, h), maskScreen(s))
}

// maskRules are what varies between runs against a real server, each
// with the fixed text that replaces it.
var maskRules = []struct {
	re   *regexp.Regexp
	repl string
}{
	// How long a call, a read or a task took: "· 19ms", "after 1.5s"; the
	// spaces that pad the line after it collapse to one, since their number
	// follows the duration's width ("· 9ms  │" and "· 10ms │").
	{regexp.MustCompile(`(· |after )\d+(\.\d+)?(ms|µs|s)\b( ?) *`), "${1}Nms${4}"},
	// How many log lines came in unseen (servers log at their own pace).
	{regexp.MustCompile(`Logs \(\d+\)`), "Logs (N)"},
	// A server's clock ("created at 1:02:17 AM", "12:00:01").
	{regexp.MustCompile(`\b\d{1,2}:\d{2}:\d{2}( [AP]M)?`), "HH:MM:SS"},
	// Random ids: 128-bit hex task ids, UUIDs.
	{regexp.MustCompile(`\b[0-9a-f]{32}\b`), "<task id>"},
	{regexp.MustCompile(`\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b`), "<uuid>"},
}

// maskScreen replaces, line by line, what varies from run to run against
// a real server (maskRules) by fixed text, and keeps each line's width:
// the padding before the line's last border (spaces, or ─ in a title)
// grows or shrinks by what the replacement changed.
func maskScreen(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		masked := l
		for _, r := range maskRules {
			masked = r.re.ReplaceAllString(masked, r.repl)
		}
		if masked != l {
			lines[i] = refit(masked, ansi.StringWidth(l))
		}
	}
	return strings.Join(lines, "\n")
}

// refit widens or narrows line to w cells in its last run of padding
// (spaces, or ─ in a title): the run nearest the line's end.
func refit(line string, w int) string {
	d := w - ansi.StringWidth(line)
	if d == 0 {
		return line
	}
	i, unit := strings.LastIndex(line, "  "), " "
	if j := strings.LastIndex(line, "──"); j > i {
		i, unit = j, "─"
	}
	if i < 0 {
		return line
	}
	if d > 0 {
		return line[:i] + strings.Repeat(unit, d) + line[i:]
	}
	end := i
	for strings.HasPrefix(line[end:], unit) {
		end += len(unit)
	}
	start := i
	for strings.HasSuffix(line[:start], unit) {
		start -= len(unit)
	}
	n := min(-d, (end-start)/len(unit)-1) // one is left
	return line[:start] + line[start+n*len(unit):]
}
