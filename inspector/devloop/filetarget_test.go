package devloop

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/internal/testutil"
)

// startFile starts a managed dev loop on a .go file target.
func startFile(t *testing.T, file string) *Loop {
	t.Helper()
	d, err := Start(context.Background(), goTarget(t, file), &Options{Manage: true, Debounce: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// waitIgnored waits until the watcher has ignored more than n events.
func waitIgnored(t *testing.T, d *Loop, n int) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for d.Watcher().Ignored() <= n && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if d.Watcher().Ignored() <= n {
		t.Fatalf("the watcher ignored no event (watching %v)", d.Watcher().Files())
	}
}

func describedAs(t *testing.T, ev Event, tool, want string) {
	t.Helper()
	for _, ti := range ev.Tools {
		if ti.Name == tool {
			if ti.Description != want {
				t.Errorf("%s described as %q, want %q", tool, ti.Description, want)
			}
			return
		}
	}
	t.Errorf("no tool %s after the restart: %v", tool, toolNames(ev.Tools))
}

// A file target in a module (mcpdev main.go) reloads as its directory
// does: a save of the file, of a module package it imports and of go.mod
// each rebuild and restart the server.
func TestDevLoopFileTargetInModule(t *testing.T) {
	dir := devCopy(t)
	main := filepath.Join(dir, "main.go")
	testutil.WriteFile(t, filepath.Join(dir, "books", "books.go"), "package books\n\n// Found is how many books match.\nconst Found = 3\n")
	testutil.Edit(t, main, "\"log\"\n", "\"log\"\n\n\t\"example.com/devloop/books\"\n")
	testutil.Edit(t, main, `"Found 3 books matching '%s' (showing up to %d).", args.Query`, `"Found %d books matching '%s' (showing up to %d).", books.Found, args.Query`)
	d := startFile(t, main)
	files := strings.Join(d.Watcher().Files(), "\n")
	for _, want := range []string{"main.go", "books/books.go", "go.mod", "go.sum"} {
		if !strings.Contains(files, filepath.Join(dir, want)) {
			t.Errorf("not watched: %s (watching:\n%s)", want, files)
		}
	}

	testutil.Edit(t, main, "// Search the catalog by title or author.", "// Search the catalog by title, author or ISBN.")
	ev := nextEvent(t, d, Restarted)
	describedAs(t, ev, "search_books", "Search the catalog by title, author or ISBN.")
	if len(ev.Diff.Changed) != 1 || ev.Diff.Changed[0].Changes[0].What != "description" {
		t.Errorf("diff changed = %+v", ev.Diff.Changed)
	}

	testutil.Edit(t, filepath.Join(dir, "books", "books.go"), "const Found = 3", "const Found = 4")
	nextEvent(t, d, Restarted)
	if got := callText(t, d.Conn(), "search_books", `{"query":"dune","limit":2}`); got != "Found 4 books matching 'dune' (showing up to 2)." {
		t.Errorf("after editing the imported package: %q", got)
	}
	if d.Builds() != 2 || d.Restarts() != 2 {
		t.Errorf("builds %d restarts %d, want 2 and 2", d.Builds(), d.Restarts())
	}
}

// A file of a package main directory with other files is built alone, as
// go run main.go builds it: its saves reload, its siblings' do not (they
// are not part of the program).
func TestDevLoopFileTargetBesideOtherFiles(t *testing.T) {
	dir := devCopy(t)
	main := filepath.Join(dir, "main.go")
	sibling := filepath.Join(dir, "other.go")
	testutil.WriteFile(t, sibling, "package main\n\n// Other is not part of go run main.go.\nfunc Other() {}\n")
	d := startFile(t, main)

	ignored := d.Watcher().Ignored()
	testutil.WriteFile(t, sibling, "package main\n\n// Other changed.\nfunc Other() {}\n")
	waitIgnored(t, d, ignored)

	testutil.Edit(t, main, "// Search the catalog by title or author.", "// Search the catalog by author.")
	ev := nextEvent(t, d, Restarted)
	describedAs(t, ev, "search_books", "Search the catalog by author.")
	if len(ev.Change.Files) != 1 || ev.Change.Files[0] != main {
		t.Errorf("change = %v, want main.go alone", ev.Change.Files)
	}
	if d.Builds() != 1 {
		t.Errorf("builds = %d, want 1 (the sibling's save builds nothing)", d.Builds())
	}
}

// A one-file server outside any module (go run server.go) reloads too.
func TestDevLoopFileTargetOutsideModule(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("testdata", "plainserver", "server.go"))
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "server.go")
	testutil.WriteFile(t, file, string(src))
	cmd := exec.Command("go", "env", "GOMOD")
	cmd.Dir = dir
	if out, err := cmd.Output(); err != nil || strings.TrimSpace(string(out)) != os.DevNull {
		t.Skipf("%s is inside a module (go env GOMOD: %s %v)", dir, out, err)
	}
	d := startFile(t, file)
	if got := d.Tools(); len(got) != 1 || got[0].Description != "Echo the text back." {
		t.Fatalf("tools before = %+v", got)
	}

	testutil.Edit(t, file, `"Echo the text back."`, `"Echo the text back, unchanged."`)
	ev := nextEvent(t, d, Restarted)
	describedAs(t, ev, "echo", "Echo the text back, unchanged.")
	if d.Builds() != 1 || d.Restarts() != 1 {
		t.Errorf("builds %d restarts %d, want 1 and 1", d.Builds(), d.Restarts())
	}
}
