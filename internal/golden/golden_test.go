package golden

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

type recorder struct {
	testing.TB
	failed []string
}

func (r *recorder) Errorf(format string, args ...any) { r.failed = append(r.failed, format) }
func (r *recorder) Helper()                           {}

func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "view.golden")
	Check(t, path, "a\nb\n", true) // -update writes the file
	if data, err := os.ReadFile(path); err != nil || string(data) != "a\nb\n" {
		t.Fatalf("update wrote %q, %v", data, err)
	}
	r := &recorder{TB: t}
	Check(r, path, "a\nb\n", false)
	if len(r.failed) != 0 {
		t.Fatalf("equal content reported as different")
	}
	Check(r, path, "a\nc\n", false)
	if len(r.failed) != 1 {
		t.Fatalf("a difference was not reported")
	}
	if d := Diff("a\nb\n", "a\nc\n"); !strings.Contains(d, "-b") || !strings.Contains(d, "+c") {
		t.Fatalf("Diff = %q", d)
	}
}
