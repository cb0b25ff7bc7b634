package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
)

// writeVersion prints mcpdev's version, the Go that built it, and the
// commit it was built from, as the build info records them.
func writeVersion(w io.Writer, info *debug.BuildInfo, ok bool) {
	if !ok {
		fmt.Fprintf(w, "mcpdev (no build information)\n%s %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
		return
	}
	fmt.Fprintf(w, "mcpdev %s\n", info.Main.Version)
	fmt.Fprintf(w, "module %s\n", info.Main.Path)
	fmt.Fprintf(w, "built with %s for %s/%s\n", info.GoVersion, runtime.GOOS, runtime.GOARCH)
	vcs := map[string]string{}
	for _, s := range info.Settings {
		vcs[s.Key] = s.Value
	}
	rev := vcs["vcs.revision"]
	if rev == "" {
		fmt.Fprintln(w, "commit: not recorded (go run, -buildvcs=false, or not built in a git checkout)")
		return
	}
	line := fmt.Sprintf("commit %s", rev)
	if t := vcs["vcs.time"]; t != "" {
		line += " (" + t + ")"
	}
	if vcs["vcs.modified"] == "true" {
		line += ", with uncommitted changes"
	}
	fmt.Fprintln(w, line)
}
