package sdk

import (
	"os"
	"path/filepath"
	"testing"
)

// Noting where a package's source is reads no go.mod: only looking up a
// package whose directory was never seen walks up to its module (issue
// 19: a server whose tools live in one package reads no go.mod at start).
func TestSourceDirsWalkUpOnlyWhenAsked(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example.com/m\n\ngo 1.22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := newSourceDirs()
	s.note("example.com/m/a", filepath.Join(root, "a", "a.go"))
	if len(s.walked) != 0 {
		t.Errorf("note walked up from %v before any look-up needed a module", s.walked)
	}
	if d, ok := s.lookup("example.com/m/a"); !ok || d != filepath.Join(root, "a") {
		t.Errorf("lookup of the package seen = %q, %v; want %q", d, ok, filepath.Join(root, "a"))
	}
	if len(s.walked) != 0 {
		t.Errorf("looking up a package seen walked up from %v", s.walked)
	}
	if d, ok := s.lookup("example.com/m/b"); !ok || d != filepath.Join(root, "b") {
		t.Errorf("lookup of a package of the module not seen = %q, %v; want %q", d, ok, filepath.Join(root, "b"))
	}
}
