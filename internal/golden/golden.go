// Package golden compares what a test rendered or serialised with a file
// under testdata, and rewrites the file instead when the test runs with its
// package's -update flag. Mismatches are reported as a unified diff.
package golden

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/aymanbagabas/go-udiff"
)

// Check compares got with the file at path; with update it writes got there.
func Check(t testing.TB, path, got string, update bool) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs (-want +got):\n%s", path, Diff(string(want), got))
	}
}

// Diff is a unified diff of want and got.
func Diff(want, got string) string {
	return udiff.Unified("want", "got", want, got)
}
