package testsession

import (
	"path/filepath"
	"testing"

	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/internal/testutil"
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
