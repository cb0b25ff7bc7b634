package testutil

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// CopyDir copies the tree at src into a new temporary directory of tb and
// returns that directory.
func CopyDir(tb testing.TB, src string) string {
	tb.Helper()
	dst := tb.TempDir()
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		tb.Fatalf("copy %s: %v", src, err)
	}
	return dst
}

// Edit replaces the one occurrence of old in file by new; it fails the
// test when old is not there exactly once, so an edit cannot silently
// miss after the source it edits changed.
func Edit(tb testing.TB, file, old, new string) {
	tb.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		tb.Fatal(err)
	}
	if n := strings.Count(string(b), old); n != 1 {
		tb.Fatalf("edit %s: %q occurs %d times, want 1", file, old, n)
	}
	WriteFile(tb, file, strings.Replace(string(b), old, new, 1))
}

// WriteFile writes s to path, making its directory if needed.
func WriteFile(tb testing.TB, path, s string) {
	tb.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(s), fs.FileMode(0o644)); err != nil {
		tb.Fatal(err)
	}
}
