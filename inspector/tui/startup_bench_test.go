package tui

import (
	"context"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// Start-up: from launching the inspector on the bookshop example to its
// tool list on screen, against the floor of any Go inspector — go build
// (warm Go build cache) + start the server + initialize + tools/list.
// Both run in one `go test -bench Startup` so their ratio is meaningful on
// a noisy machine. Each inspector iteration gets an empty mcpdev build
// cache, so it pays for the go build too.
//
//	go test ./inspector/tui -run '^$' -bench Startup -benchtime 5x -count 3

func bookshopDir(b *testing.B) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "examples", "bookshop")
}

func BenchmarkStartupBaseline(b *testing.B) {
	dir := bookshopDir(b)
	for b.Loop() {
		bin := filepath.Join(b.TempDir(), "bookshop")
		if out, err := exec.Command("go", "build", "-o", bin, dir).CombinedOutput(); err != nil {
			b.Fatalf("go build: %v\n%s", err, out)
		}
		conn, err := transport.Command(bin, nil, nil)
		if err != nil {
			b.Fatal(err)
		}
		ctx := context.Background()
		c, err := sdk.Connect(ctx, conn, nil)
		if err != nil {
			b.Fatal(err)
		}
		if tools, err := c.ListTools(ctx); err != nil || len(tools) == 0 {
			b.Fatalf("tools/list: %v (%d tools)", err, len(tools))
		}
		c.Close()
	}
}

func BenchmarkStartupInspector(b *testing.B) {
	dir := bookshopDir(b)
	for b.Loop() {
		t, err := target.Resolve([]string{dir}, &target.ResolveOptions{BuildCache: b.TempDir()})
		if err != nil {
			b.Fatal(err)
		}
		m := New(context.Background(), &targetConnector{Target: t}, Options{Target: dir, Dark: dark()})
		tm := teatest.NewTestModel(b, m, teatest.WithInitialTermSize(120, 40))
		teatest.WaitFor(b, tm.Output(), func(out []byte) bool {
			return strings.Contains(ansi.Strip(string(out)), "Search the catalog")
		}, teatest.WithDuration(60*time.Second), teatest.WithCheckInterval(time.Millisecond))
		b.StopTimer()
		tm.Send(keyMsg("ctrl+c"))
		tm.WaitFinished(b, teatest.WithFinalTimeout(10*time.Second))
		m.Close()
		b.StartTimer()
	}
}
