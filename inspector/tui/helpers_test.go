package tui

import (
	"context"
	"flag"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/inspector/target"
	goldenfile "github.com/mcpdev/mcpdev/internal/golden"
	"github.com/mcpdev/mcpdev/sdk"
)

// updating reports -update, the flag teatest's golden package defines
// (shared: go test ./inspector/tui -update rewrites the golden screens).
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// clock is a settable test clock.
type clock struct{ t time.Time }

func (c *clock) now() time.Time             { return c.t }
func (c *clock) advance(d time.Duration)    { c.t = c.t.Add(d) }
func newClock() *clock                      { return &clock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)} }
func dark() *bool                           { b := true; return &b }
func (c *clock) opts(target string) Options { return Options{Target: target, Dark: dark(), Now: c.now} }

// newTestModel returns a model at w×h connected in memory to the test
// bookshop (bookshop_test.go). The tool list is delivered synchronously;
// the commands Update returns run only where a test runs them (settle).
func newTestModel(t testing.TB, w, h int) (*Model, *clock) {
	t.Helper()
	c := newClock()
	m := New(context.Background(), nil, c.opts("examples/bookshop"))
	m.Init()
	s := testBookshop()
	client, err := sdk.NewInMemoryClient(context.Background(), s, hooks(m.sess.box, m.sess.ask, "test"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m.Update(connectedMsg{gen: m.gen, conn: &target.Connection{Client: client}, info: serverInfo{
		Name: "Bookshop", Version: "0.3.1", Protocol: "2025-11-25", Transport: "stdio",
	}})
	m.Update(toolsMsg{gen: m.gen, tools: s.Tools()})
	return m, c
}

// keyMsg turns "enter", "ctrl+r", "shift+tab", "a" into a key press.
func keyMsg(s string) tea.KeyPressMsg {
	var k tea.KeyPressMsg
	parts := strings.Split(s, "+")
	name := parts[len(parts)-1]
	for _, mod := range parts[:len(parts)-1] {
		switch mod {
		case "ctrl":
			k.Mod |= tea.ModCtrl
		case "shift":
			k.Mod |= tea.ModShift
		case "alt":
			k.Mod |= tea.ModAlt
		}
	}
	special := map[string]rune{
		"enter": tea.KeyEnter, "tab": tea.KeyTab, "esc": tea.KeyEscape, "up": tea.KeyUp,
		"down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
		"backspace": tea.KeyBackspace, "space": tea.KeySpace, "pgdown": tea.KeyPgDown,
	}
	if r, ok := special[name]; ok {
		k.Code = r
		if r == tea.KeySpace {
			k.Text = " "
		}
		return k
	}
	r := []rune(name)[0]
	k.Code = r
	if k.Mod == 0 {
		k.Text = name
	} else if k.Mod == tea.ModShift {
		k.Text = strings.ToUpper(name)
	}
	return k
}

// press sends keys and runs the commands they return (see settle).
func press(m *Model, keys ...string) {
	for _, k := range keys {
		_, cmd := m.Update(keyMsg(k))
		settle(m, cmd)
	}
}

// typeText types s one rune at a time.
func typeText(m *Model, s string) {
	for _, r := range s {
		_, cmd := m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
		settle(m, cmd)
	}
}

// settle runs cmd and feeds back the messages that arrive at once (form
// submits, focus changes); slow commands (timers, blinks, I/O) are dropped.
func settle(m *Model, cmd tea.Cmd) {
	queue := []tea.Cmd{cmd}
	for n := 0; len(queue) > 0 && n < 100; n++ {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		ch := make(chan tea.Msg, 1)
		go func() { ch <- c() }()
		var msg tea.Msg
		select {
		case msg = <-ch:
		case <-time.After(90 * time.Millisecond): // ticks take 100ms (and are dropped anyway), blinks 530ms
			continue
		}
		if b, ok := msg.(tea.BatchMsg); ok {
			queue = append(queue, b...)
			continue
		}
		switch msg.(type) {
		case nil, tickMsg, connectedMsg, connectFailedMsg, toolsMsg, eventsMsg, callDoneMsg:
			continue // I/O stand-ins: tests send these themselves
		}
		_, next := m.Update(msg)
		queue = append(queue, next)
	}
}

// screen is the model's view without ANSI sequences.
func screen(m *Model) string {
	lines := strings.Split(ansi.Strip(m.View().Content), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n") + "\n"
}

// golden compares got with testdata/golden/name.golden (-update rewrites).
func golden(t *testing.T, name, got string) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("testdata", "golden", name+".golden"), got, updating())
}

// Binaries of real servers, built once per test run.
var (
	buildOnce sync.Once
	buildDir  string
	buildErr  error
)

// serverBin builds the example servers and the workbench into a temp dir.
func serverBin(t testing.TB, name string) string {
	t.Helper()
	buildOnce.Do(func() {
		buildDir, buildErr = os.MkdirTemp("", "mcpdev-tui-test")
		if buildErr != nil {
			return
		}
		pkgs := map[string]string{
			"bookshop03":  "../../examples/tutorial/03-field-constraints",
			"workbench":   "./testdata/server",
			"growing":     "./testdata/growing",
			"hostile":     "../testdata/servers/hostile",
			"bookshop":    "../../examples/bookshop",
			"asking":      "./testdata/asking",
			"conformance": "../../examples/conformance",
			"everything":  "../testdata/servers/everything",
			"raw":         "../testdata/servers/raw",
		}
		for bin, pkg := range pkgs {
			out, err := exec.Command("go", "build", "-o", filepath.Join(buildDir, bin), pkg).CombinedOutput()
			if err != nil {
				buildErr = &buildError{pkg: pkg, out: string(out), err: err}
				return
			}
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return filepath.Join(buildDir, name)
}

type buildError struct {
	pkg, out string
	err      error
}

func (e *buildError) Error() string { return "go build " + e.pkg + ": " + e.err.Error() + "\n" + e.out }

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	for _, dir := range []string{buildDir, mcpdevDir} {
		if dir != "" {
			os.RemoveAll(dir)
		}
	}
	os.Exit(code)
}

var lightGray = color.RGBA{R: 0xee, G: 0xee, B: 0xee, A: 0xff}
