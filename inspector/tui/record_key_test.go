package tui

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/inspector/testsession"
)

// callOn calls tool with args on a driven model and waits for its end.
func callOn(t *testing.T, m *Model, tool, args string) {
	t.Helper()
	ti := m.findTool(tool)
	if ti == nil {
		t.Fatalf("no tool %s", tool)
	}
	n := len(m.history.entries)
	driveRun(m.startCall(*ti, json.RawMessage(args)))
	continueDrive(t, m, "the call", func() bool { return len(m.history.entries) == n+1 })
}

// The item 9 (part): w writes the session file beside the target
// (the Go package's or the script's directory; the working directory for
// -- CMD), holding only the calls since the last restart, and says where
// it went.
func TestRecordKeyWritesBesideTargetSinceRestart(t *testing.T) {
	rawBin := filepath.Join(mcpdevBinDir(t), "raw")
	src, err := os.ReadFile("../testdata/servers/raw/main.go")
	if err != nil {
		t.Fatal(err)
	}
	goDir := t.TempDir()
	os.WriteFile(filepath.Join(goDir, "main.go"), src, 0o644)
	os.WriteFile(filepath.Join(goDir, "go.mod"), []byte("module example.com/raw\n\ngo 1.22\n"), 0o644)
	pyDir := t.TempDir()
	py, _ := os.ReadFile("../testdata/servers/scripts/echo.py")
	os.WriteFile(filepath.Join(pyDir, "echo.py"), py, 0o644)
	work := t.TempDir()
	t.Chdir(work)
	tests := []struct {
		name      string
		words     []string
		wantDir   string
		wantWhere string
	}{
		{"go package", []string{goDir}, goDir, "beside the target"},
		{"go file", []string{filepath.Join(goDir, "main.go")}, goDir, "beside the target"},
		{"script", []string{filepath.Join(pyDir, "echo.py")}, pyDir, "beside the target"},
		{"command", []string{"--", rawBin}, ".", "in the working directory"},
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tg, err := target.Resolve(tc.words, &target.ResolveOptions{BuildCache: filepath.Join(copyCache(t), "build")})
			if err != nil && strings.Contains(err.Error(), "no interpreter found") {
				t.Skip(err)
			}
			if err != nil {
				t.Fatal(err)
			}
			dev := DevOptions{Target: tg}
			c := newClock()
			c.advance(time.Duration(i) * time.Minute) // a file name of its own
			m := New(context.Background(), withDev(&targetConnector{Target: tg}, dev), Options{Target: tg.Label(), Dark: dark(), Dev: dev, Now: c.now})
			defer m.Close()
			m.Update(tea.WindowSizeMsg{Width: 160, Height: 40})
			drive(t, m, m.Init(), "the tool list", func() bool { return m.tools.loaded })
			callOn(t, m, "echo", `{"message":"before the restart"}`)
			gen := m.gen
			driveKeys(m, "R")
			continueDrive(t, m, "the restart", func() bool { return m.gen > gen && m.state == stateConnected && m.tools.loaded })
			callOn(t, m, "echo", `{"message":"after the restart"}`)
			driveKeys(m, "w")
			continueDrive(t, m, "the recorded session", func() bool { return m.dev.recorded != "" || strings.HasPrefix(m.status, "record:") })

			path := m.dev.recorded
			if got, _ := filepath.Abs(filepath.Dir(path)); got != mustAbs(t, tc.wantDir) {
				t.Errorf("written to %s, want into %s", path, tc.wantDir)
			}
			if !strings.Contains(m.status, "wrote "+path+" "+tc.wantWhere) {
				t.Errorf("status %q does not say the file went %s", m.status, tc.wantWhere)
			}
			data, _ := os.ReadFile(path)
			if bytes.Contains(data, []byte("before the restart")) || !bytes.Contains(data, []byte("after the restart")) {
				t.Errorf("the session should hold only the call since the restart:\n%s", data)
			}
			var out bytes.Buffer
			if sum, err := testsession.Run(context.Background(), &out, []string{path}, nil); err != nil || sum.Passed != 1 {
				t.Errorf("replay: %v\n%s\n%s", err, out.String(), data)
			}
		})
	}
}
