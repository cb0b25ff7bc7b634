package devloop

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/inspector/build"
	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/internal/testutil/tokentest"
	"github.com/mcpdev/mcpdev/sdk"
)

// devCopy is the first tutorial step as a module of its own (replacing
// this repository), to build, edit and rebuild.
func devCopy(t testing.TB) string {
	return testutil.GoModule(t, "../..", "examples/tutorial/01-first-tool/main.go")
}

func goTarget(t testing.TB, dir string) *target.Target {
	t.Helper()
	tg, err := target.Resolve([]string{dir}, &target.ResolveOptions{BuildCache: filepath.Join(t.TempDir(), "build")})
	if err != nil {
		t.Fatal(err)
	}
	return tg
}

// nextEvent returns the next event of one of the kinds (Changed is
// skipped unless asked for); it fails after a generous timeout.
func nextEvent(t testing.TB, d *Loop, kinds ...EventKind) Event {
	t.Helper()
	timeout := time.After(90 * time.Second)
	for {
		select {
		case ev, ok := <-d.Events():
			if !ok {
				t.Fatal("dev loop events closed")
			}
			for _, k := range kinds {
				if ev.Kind == k {
					return ev
				}
			}
			if ev.Kind != Changed {
				t.Fatalf("got %s event (err %v), want one of %v", ev.Kind, ev.Err, kinds)
			}
		case <-timeout:
			t.Fatalf("no %v event", kinds)
		}
	}
}

func toolNames(tools []sdk.ToolInfo) []string {
	var out []string
	for _, t := range tools {
		out = append(out, t.Name)
	}
	return out
}

func callText(t testing.TB, c *target.Connection, tool, args string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := c.CallTool(ctx, tool, json.RawMessage(args), nil)
	if err != nil {
		t.Fatalf("call %s: %v", tool, err)
	}
	return call.ResultText(res)
}

func TestDevLoopRebuildRestartRelistDiff(t *testing.T) {
	dir := devCopy(t)
	d, err := Start(context.Background(), goTarget(t, dir), &Options{Manage: true})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if got := toolNames(d.Tools()); strings.Join(got, ",") != "search_books" {
		t.Fatalf("tools before = %v", got)
	}
	old, before := d.Conn(), d.Tools()
	testutil.AddGetBook(t, dir)
	testutil.Edit(t, filepath.Join(dir, "main.go"), "Search the catalog by title or author.", "Search the catalog by title, author or ISBN.")

	ev := nextEvent(t, d, Restarted)
	if got := strings.Join(toolNames(ev.Tools), ","); got != "search_books,get_book" {
		t.Errorf("tools after = %s", got)
	}
	if len(ev.Diff.Added) != 1 || ev.Diff.Added[0].Name != "get_book" || len(ev.Diff.Removed) != 0 {
		t.Errorf("diff added/removed = %v / %v", toolNames(ev.Diff.Added), toolNames(ev.Diff.Removed))
	}
	if len(ev.Diff.Changed) != 1 || ev.Diff.Changed[0].Changes[0].What != "description" {
		t.Errorf("diff changed = %+v", ev.Diff.Changed)
	}
	// The list grew by a tool and a longer description: its cost, counted
	// here tool by tool, went up, and the summary says by how much.
	grew := tokentest.TokenDelta(before, ev.Tools)
	if got := ev.Diff.String(); !strings.Contains(got, "+ get_book(id)") || !strings.Contains(got, `~ search_books`) ||
		!strings.HasPrefix(grew, "+") || !strings.Contains(got, "tools: 1 added, 1 changed · "+grew+"\n") {
		t.Errorf("diff rendering (token change %s):\n%s", grew, got)
	}
	// Two saves close together make one build, or two when the machine is
	// slow enough that the first build starts before the second save (it
	// is then superseded): either way one restart.
	if d.Conn() == old || d.Builds() < 1 || d.Builds() > 2 || d.Restarts() != 1 {
		t.Errorf("conn replaced %v, builds %d, restarts %d", d.Conn() != old, d.Builds(), d.Restarts())
	}
	if exited, _ := old.ExitState(); !exited {
		select {
		case <-old.Done():
		case <-time.After(10 * time.Second):
			t.Error("the old server still runs after the restart")
		}
	}
	if got := callText(t, d.Conn(), "get_book", `{"id":"b42"}`); got != "Book b42" {
		t.Errorf("get_book = %q", got)
	}
}

func TestDevLoopBrokenBuildKeepsOldServer(t *testing.T) {
	dir := devCopy(t)
	d, err := Start(context.Background(), goTarget(t, dir), &Options{Manage: true})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	main := filepath.Join(dir, "main.go")
	testutil.Edit(t, main, "return fmt.Sprintf(", "return fmt.Sprintf(undefinedThing, ")

	ev := nextEvent(t, d, BuildFailed)
	if ev.Build == nil || len(ev.Build.Problems) == 0 {
		t.Fatalf("no parsed build problems: %v", ev.Err)
	}
	p := ev.Build.Problems[0]
	if filepath.Base(p.File) != "main.go" || p.Line != 21 || !strings.Contains(p.Message, "undefined: undefinedThing") {
		t.Errorf("problem = %s", p)
	}
	if !strings.HasSuffix(p.String(), "main.go:21: undefined: undefinedThing") {
		t.Errorf("rendered as %q", p.String())
	}
	// The old server keeps serving.
	if got := callText(t, d.Conn(), "search_books", `{"query":"dune","limit":2}`); got != "Found 3 books matching 'dune' (showing up to 2)." {
		t.Errorf("old server answered %q", got)
	}
	// Undoing the mistake gives back the code that is running: nothing to
	// restart.
	testutil.Edit(t, main, "return fmt.Sprintf(undefinedThing, ", "return fmt.Sprintf(")
	nextEvent(t, d, Unchanged)
	testutil.Edit(t, main, "Found 3 books", "Found three books")
	nextEvent(t, d, Restarted)
	if got := callText(t, d.Conn(), "search_books", `{"query":"dune","limit":2}`); got != "Found three books matching 'dune' (showing up to 2)." {
		t.Errorf("new server answered %q", got)
	}
}

func TestDevLoopDebounce(t *testing.T) {
	dir := devCopy(t)
	d, err := Start(context.Background(), goTarget(t, dir), &Options{Debounce: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	main := filepath.Join(dir, "main.go")
	src, _ := os.ReadFile(main)
	for i := range 20 { // 20 saves in about 100 ms
		testutil.WriteFile(t, main, string(src)+strings.Repeat("// save\n", i+1))
		time.Sleep(5 * time.Millisecond)
	}
	ev := nextEvent(t, d, Ready)
	if len(ev.Change.Files) != 1 || filepath.Base(ev.Change.Files[0]) != "main.go" {
		t.Errorf("change = %v", ev.Change.Files)
	}
	// One more save, then its event: had the burst made two rebuilds, the
	// count would now be 3.
	testutil.WriteFile(t, main, string(src)+"// last\n")
	nextEvent(t, d, Ready)
	if d.Builds() != 2 {
		t.Errorf("builds = %d, want 1 for the burst + 1", d.Builds())
	}
}

func TestDevLoopIgnoresIrrelevantFiles(t *testing.T) {
	dir := devCopy(t)
	testutil.WriteFile(t, filepath.Join(dir, "hello.txt"), "hello")
	main := filepath.Join(dir, "main.go")
	testutil.Edit(t, main, "import (\n", "import (\n\t_ \"embed\"\n")
	data, _ := os.ReadFile(main)
	testutil.WriteFile(t, main, string(data)+"\n//go:embed hello.txt\nvar hello string\n")
	d, err := Start(context.Background(), goTarget(t, dir), &Options{Debounce: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	files := strings.Join(d.Watcher().Files(), "\n")
	for _, want := range []string{"main.go", "hello.txt", "go.mod", "go.sum"} {
		if !strings.Contains(files, filepath.Join(dir, want)) {
			t.Errorf("not watched: %s (watching:\n%s)", want, files)
		}
	}
	irrelevant := []string{"README.md", "main_test.go", ".main.go.swp", "main.go~", "notes.txt"}
	for _, name := range irrelevant {
		testutil.WriteFile(t, filepath.Join(dir, name), "package main\n")
	}
	deadline := time.Now().Add(30 * time.Second)
	for d.Watcher().Ignored() < len(irrelevant) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if d.Watcher().Ignored() < len(irrelevant) {
		t.Fatalf("ignored %d events, want ≥ %d", d.Watcher().Ignored(), len(irrelevant))
	}
	// An embedded file is relevant: the next event is its change alone.
	testutil.WriteFile(t, filepath.Join(dir, "hello.txt"), "hello again")
	ev := nextEvent(t, d, Ready)
	if len(ev.Change.Files) != 1 || filepath.Base(ev.Change.Files[0]) != "hello.txt" {
		t.Errorf("change = %v", ev.Change.Files)
	}
	if d.Builds() != 1 {
		t.Errorf("builds = %d, want 1", d.Builds())
	}
	// A save without a change builds nothing new and restarts nothing.
	testutil.WriteFile(t, filepath.Join(dir, "hello.txt"), "hello again")
	if ev := nextEvent(t, d, Unchanged); ev.Binary == "" {
		t.Error("unchanged event without the binary")
	}
}

func TestDevLoopWatchGlobCommandTarget(t *testing.T) {
	dir := devCopy(t)
	bin, err := build.Binary(context.Background(), dir, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(dir, "data")
	os.MkdirAll(filepath.Join(data, "sub"), 0o755)
	tg, err := target.Resolve([]string{"--", bin}, &target.ResolveOptions{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	d, err := Start(context.Background(), tg, &Options{Manage: true, Globs: []string{"data/**/*.csv"}, Debounce: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	testutil.WriteFile(t, filepath.Join(data, "sub", "notes.txt"), "not watched")
	testutil.WriteFile(t, filepath.Join(data, "sub", "books.csv"), "dune,herbert")
	ev := nextEvent(t, d, Restarted)
	if !ev.Change.Globbed || len(ev.Change.Files) != 1 || filepath.Base(ev.Change.Files[0]) != "books.csv" {
		t.Errorf("change = %+v", ev.Change)
	}
	if d.Builds() != 0 || d.Restarts() != 1 {
		t.Errorf("builds %d restarts %d", d.Builds(), d.Restarts())
	}
	if _, err := Start(context.Background(), tg, nil); err == nil {
		t.Error("a command target without globs: no error")
	}
}
