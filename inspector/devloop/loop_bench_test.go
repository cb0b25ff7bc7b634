package devloop

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

// bookshopCopy copies examples/bookshop (sources and catalog) into a
// temporary module replacing github.com/mcpdev/mcpdev with this repository.
func bookshopCopy(b *testing.B) string {
	b.Helper()
	dir := testutil.GoModule(b, "../..", "examples/bookshop/main.go")
	for _, f := range []string{"tools.go", "catalog.go", "catalog.json", "mcpdocs_gen.go"} {
		data, err := os.ReadFile(filepath.Join("../../examples/bookshop", f))
		if err != nil {
			b.Fatal(err)
		}
		testutil.WriteFile(b, filepath.Join(dir, f), string(data))
	}
	return dir
}

// BenchmarkDevLoopEditToToolList measures, for the bookshop example, the
// time from saving an edit to having the restarted server's new tool list
// (debounce + rebuild + start + initialize + tools/list), and in the same
// run the baseline a developer pays by hand: go build + start +
// initialize. It reports both and their ratio (target ≤ 1.5).
//
//	go test ./inspector -run '^$' -bench DevLoopEditToToolList -benchtime 5x
func BenchmarkDevLoopEditToToolList(b *testing.B) {
	dir := bookshopCopy(b)
	tg, err := target.Resolve([]string{dir}, &target.ResolveOptions{BuildCache: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	d, err := Start(context.Background(), tg, &Options{Manage: true})
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	// The baseline builds its own copy (unwatched), so that the two never
	// compete for the CPU.
	baseDir := bookshopCopy(b)
	src, _ := os.ReadFile(filepath.Join(dir, "main.go"))
	title := `Title:       "Search the catalog",`
	n := 0
	save := func(dir string) {
		n++
		testutil.WriteFile(b, filepath.Join(dir, "main.go"), strings.Replace(string(src), title, fmt.Sprintf(`Title: "Search the catalog %d",`, n), 1))
	}
	var loop, base time.Duration
	b.ResetTimer()
	for range b.N {
		save(dir)
		start := time.Now()
		ev := nextEvent(b, d, Restarted)
		loop += time.Since(start)
		if len(ev.Diff.Changed) != 1 {
			b.Fatalf("diff = %s", ev.Diff)
		}
		save(baseDir)
		start = time.Now()
		baseline(b, baseDir)
		base += time.Since(start)
	}
	b.StopTimer()
	b.ReportMetric(float64(loop.Milliseconds())/float64(b.N), "devloop-ms/op")
	b.ReportMetric(float64(base.Milliseconds())/float64(b.N), "build+start+init-ms/op")
	b.ReportMetric(float64(loop)/float64(base), "ratio")
}

// baseline is go build + start + initialize, by hand.
func baseline(b *testing.B, dir string) {
	bin := filepath.Join(b.TempDir(), "bookshop")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	conn, err := transport.Command(bin, nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := sdk.Connect(ctx, conn, nil)
	if err != nil {
		b.Fatal(err)
	}
	c.Close()
}
