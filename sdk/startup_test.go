package sdk_test

import (
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/internal/testutil"
)

// startupRequests are what bench/cmd/startup sends a server it times.
const startupRequests = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":1,"method":"tools/list"}
`

// runForStartup runs the 03 example built with flags on startupRequests
// and returns its stderr.
func runForStartup(t *testing.T, flags ...string) string {
	t.Helper()
	cmd := exec.Command(testutil.Build(t, "../examples/tutorial/03-field-constraints", flags...))
	cmd.Env = append(os.Environ(), "MCPDEV_SPAWN_NS="+strconv.FormatInt(time.Now().UnixNano(), 10))
	cmd.Stdin = strings.NewReader(startupRequests)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("server: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(stdout.String(), `"search_books"`) {
		t.Fatalf("tools/list not answered: %s", stdout.String())
	}
	return stderr.String()
}

// The start-up benchmark (bench/cmd/startup) reads these pieces from a
// server built with -tags startuptrace; a server built without the tag
// prints nothing of the kind.
func TestStartupTraceReportsPieces(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an example")
	}
	line := regexp.MustCompile(`startup-trace: sdk-init-at=[0-9.]+ new-server-at=[0-9.]+ run-at=[0-9.]+ serve-at=[0-9.]+ register=[0-9.]+ docs=[0-9.]+ infer=[0-9.]+ compile=[0-9.]+\n`)
	if got := runForStartup(t, "-tags", "startuptrace"); len(line.FindAllString(got, -1)) != 1 {
		t.Errorf("-tags startuptrace: stderr = %q, want one line matching %s", got, line)
	}
	if got := runForStartup(t); strings.Contains(got, "startup-trace") {
		t.Errorf("without the tag: stderr = %q, want no trace", got)
	}
}

// Every stdio client pays a server's package initialisation on each spawn:
// the module's own packages must not do work there that could wait (such
// as compiling a regexp of 128 repetitions, which allocated ~120 KB).
func TestModuleInitAllocatesLittle(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an example")
	}
	cmd := exec.Command(testutil.Build(t, "../examples/tutorial/03-field-constraints"))
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	cmd.Stdin = strings.NewReader(startupRequests)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("server: %v\n%s", err, out)
	}
	initLine := regexp.MustCompile(`(?m)^init (github\.com/mcpdev/mcpdev/\S+) @.*, ([0-9]+) bytes`)
	found := initLine.FindAllStringSubmatch(string(out), -1)
	if len(found) == 0 {
		t.Fatalf("no init trace of the module's packages in:\n%s", out)
	}
	for _, m := range found {
		if n, _ := strconv.Atoi(m[2]); n > 16<<10 {
			t.Errorf("package %s allocates %d bytes at init, want at most 16 KiB", m[1], n)
		}
	}
}
