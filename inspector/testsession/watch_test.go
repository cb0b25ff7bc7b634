package testsession

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/inspector/watch"
	"github.com/mcpdev/mcpdev/internal/testutil"
)

// waitFor waits until out contains want n times (fails after a minute).
func waitFor(t *testing.T, out *testutil.Buffer, want string, n int) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for strings.Count(out.String(), want) < n {
		if time.Now().After(deadline) {
			t.Fatalf("no %d× %q in:\n%s", n, want, out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestWatchTestsRerunsOnSourceAndSessionChanges(t *testing.T) {
	dir := devCopy(t)
	session := filepath.Join(dir, "s.txtar")
	testutil.WriteFile(t, session, "target .\ncall search_books query=dune limit=5\n  text == \"Found 3 books matching 'dune' (showing up to 5).\"\n")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &testutil.Buffer{}
	done := make(chan error, 1)
	go func() {
		done <- Watch(ctx, out, []string{dir}, &Options{BuildCache: t.TempDir()}, &watch.Options{Debounce: 50 * time.Millisecond})
	}()
	waitFor(t, out, "watching for changes", 1)
	if !strings.Contains(out.String(), "1 passed, 0 failed") {
		t.Fatalf("first run:\n%s", out.String())
	}
	testutil.Edit(t, filepath.Join(dir, "main.go"), "Found 3 books", "Found 4 books")
	waitFor(t, out, "watching for changes", 2)
	if !strings.Contains(out.String(), "changed: ") || !strings.Contains(out.String(), "0 passed, 1 failed") {
		t.Fatalf("after a source change:\n%s", out.String())
	}
	testutil.Edit(t, session, "Found 3 books", "Found 4 books")
	waitFor(t, out, "watching for changes", 3)
	if strings.Count(out.String(), "1 passed, 0 failed") != 2 {
		t.Fatalf("after the session change:\n%s", out.String())
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("WatchTests = %v", err)
	}
}
