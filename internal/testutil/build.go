package testutil

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var builds struct {
	mu   sync.Mutex
	dir  string            // made by the first Build, removed by Main
	bins map[string]string // key (pkg and flags) -> binary
}

// Main runs the tests of a package that calls Build and then removes the
// binaries Build made. Call it from TestMain: func TestMain(m *testing.M) {
// testutil.Main(m) }.
func Main(m *testing.M) {
	code := m.Run()
	builds.mu.Lock()
	if builds.dir != "" {
		os.RemoveAll(builds.dir)
	}
	builds.mu.Unlock()
	os.Exit(code)
}

// Build compiles the package pkg (a path as go build takes it, relative to
// the test's package directory) with extra go build flags, once per
// (pkg, flags) in the test process, and returns the binary's path. The
// binary is named after pkg's last element.
func Build(tb testing.TB, pkg string, flags ...string) string {
	tb.Helper()
	builds.mu.Lock()
	defer builds.mu.Unlock()
	key := pkg + "\x00" + strings.Join(flags, "\x00")
	if bin, ok := builds.bins[key]; ok {
		return bin
	}
	if builds.dir == "" {
		dir, err := os.MkdirTemp("", "mcpdev-testbin-")
		if err != nil {
			tb.Fatal(err)
		}
		builds.dir, builds.bins = dir, map[string]string{}
	}
	name := filepath.Base(pkg)
	if abs, err := filepath.Abs(pkg); err == nil {
		name = filepath.Base(abs)
	}
	bin := filepath.Join(builds.dir, fmt.Sprint(len(builds.bins)), name)
	args := append(append([]string{"build"}, flags...), "-o", bin, pkg)
	if out, err := exec.Command("go", args...).CombinedOutput(); err != nil {
		tb.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	builds.bins[key] = bin
	return bin
}
