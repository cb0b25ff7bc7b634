package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// mcpdevWith runs the binary from the repository root with its own
// MCPDEV_CACHE.
func mcpdevWith(t *testing.T, cache string, args ...string) result {
	t.Helper()
	return runMcpdev(t, cache, nil, args...)
}

// runMcpdev runs the binary from the repository root with a build cache
// and stdin (nil: none).
func runMcpdev(t *testing.T, cache string, stdin io.Reader, args ...string) result {
	t.Helper()
	cmd := exec.Command(mcpdevBin, args...)
	cmd.Dir = repoRoot
	cmd.Env = append(os.Environ(), "MCPDEV_CACHE="+cache)
	cmd.Stdin = stdin
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := result{stdout: out.String(), stderr: errb.String()}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return r
}

// The item 11: mcpdev cache shows where the build cache is and
// what each target takes; mcpdev cache clean empties it (--older-than
// spares what was used since).
func TestCacheCommandShowsAndCleans(t *testing.T) {
	cache := t.TempDir()
	if r := mcpdevWith(t, cache, "tools", raw); r.code != 0 {
		t.Fatalf("tools: exit %d\n%s", r.code, r.stderr)
	}
	r := mcpdevWith(t, cache, "cache")
	for _, want := range []string{"build cache: " + filepath.Join(cache, "build") + "\n", "TARGET", "LAST USED",
		filepath.Join(repoRoot, raw) + " ", "1 target, "} {
		if r.code != 0 || !strings.Contains(r.stdout, want) {
			t.Errorf("mcpdev cache (exit %d) lacks %q:\n%s%s", r.code, want, r.stdout, r.stderr)
		}
	}
	r = mcpdevWith(t, cache, "cache", "clean", "--older-than", "7d")
	if r.code != 0 || !strings.Contains(r.stdout, "removed 0 targets unused for 7d (0 B)") {
		t.Errorf("clean --older-than 7d (exit %d):\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = mcpdevWith(t, cache, "cache", "clean")
	if r.code != 0 || !strings.Contains(r.stdout, "removed 1 target (") {
		t.Errorf("clean (exit %d):\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r = mcpdevWith(t, cache, "cache"); !strings.HasSuffix(r.stdout, "empty\n") {
		t.Errorf("after clean:\n%s", r.stdout)
	}
	for _, bad := range [][]string{{"cache", "purge"}, {"cache", "--older-than", "1d"}, {"cache", "clean", "--older-than", "soon"}} {
		if r := mcpdevWith(t, cache, bad...); r.code != 1 {
			t.Errorf("mcpdev %s: exit %d, want 1 (usage)\n%s", strings.Join(bad, " "), r.code, r.stderr)
		}
	}
}
