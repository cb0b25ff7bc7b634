package main

import (
	"bytes"
	"os/exec"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

// The item 11: mcpdev --version says the version, the Go that
// built it and the commit, as the binary's build info records them.
func TestVersionFlag(t *testing.T) {
	r := mcpdev(t, "--version")
	if r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	out, err := exec.Command("go", "version", "-m", mcpdevBin).Output()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"mcpdev (devel)\n", "module github.com/mcpdev/mcpdev\n", "built with " + runtime.Version() + " for " + runtime.GOOS + "/" + runtime.GOARCH + "\n"}
	if m := regexp.MustCompile(`vcs\.revision=(\w+)`).FindSubmatch(out); m != nil {
		want = append(want, "commit "+string(m[1]))
	} else {
		want = append(want, "commit: not recorded")
	}
	for _, w := range want {
		if !strings.Contains(r.stdout, w) {
			t.Errorf("--version lacks %q:\n%s", w, r.stdout)
		}
	}
}

func TestWriteVersion(t *testing.T) {
	info := &debug.BuildInfo{GoVersion: "go1.99.1", Main: debug.Module{Path: "github.com/mcpdev/mcpdev", Version: "v1.2.3"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.time", Value: "2026-03-01T12:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	var b bytes.Buffer
	writeVersion(&b, info, true)
	want := "mcpdev v1.2.3\nmodule github.com/mcpdev/mcpdev\nbuilt with go1.99.1 for " + runtime.GOOS + "/" + runtime.GOARCH +
		"\ncommit abc123 (2026-03-01T12:00:00Z), with uncommitted changes\n"
	if b.String() != want {
		t.Errorf("(-want +got):\n-%s\n+%s", want, b.String())
	}
}
