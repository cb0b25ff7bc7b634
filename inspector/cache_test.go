package inspector_test

import (
	"path/filepath"
	"testing"

	"github.com/mcpdev/mcpdev/inspector"
	"github.com/mcpdev/mcpdev/inspector/build"
	"github.com/mcpdev/mcpdev/inspector/state"
)

// The build cache and the state file live in one cache directory:
// $MCPDEV_CACHE, else mcpdev in the user's cache directory.
func TestCacheDirIsTheHomeOfBuildAndState(t *testing.T) {
	xdg := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", xdg)
	t.Setenv("HOME", t.TempDir())
	t.Setenv("MCPDEV_CACHE", "")
	checkCacheDir(t, filepath.Join(xdg, "mcpdev"))
	own := t.TempDir()
	t.Setenv("MCPDEV_CACHE", own)
	checkCacheDir(t, own)
}

func checkCacheDir(t *testing.T, want string) {
	t.Helper()
	if got := inspector.CacheDir(); got != want {
		t.Errorf("CacheDir() = %s, want %s", got, want)
	}
	if got := build.DefaultCacheDir(); got != filepath.Join(want, "build") {
		t.Errorf("build.DefaultCacheDir() = %s, want %s/build", got, want)
	}
	if got := state.DefaultPath(); got != filepath.Join(want, "state.json") {
		t.Errorf("state.DefaultPath() = %s, want %s/state.json", got, want)
	}
}
