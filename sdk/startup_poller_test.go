//go:build linux

package sdk_test

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
)

// A stdio server reads its tools' doc comments from source at start-up
// without the runtime's network poller (internal/godoc.OpenSource): once
// it has answered tools/list, the 03 example holds no epoll descriptor
// (issue 19: os.Open made one, with an eventfd and the poller's pages, on
// every spawn).
func TestStdioServerStartsWithoutPoller(t *testing.T) {
	if testing.Short() {
		t.Skip("builds an example")
	}
	cmd := exec.Command(testutil.Build(t, "../examples/tutorial/03-field-constraints"))
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer stdin.Close()
	if _, err := stdin.Write([]byte(startupRequests)); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stdout)
	for lines.Scan() && !strings.Contains(lines.Text(), `"search_books"`) {
	}
	fds := filepath.Join("/proc", strconv.Itoa(cmd.Process.Pid), "fd")
	entries, err := os.ReadDir(fds)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if target, _ := os.Readlink(filepath.Join(fds, e.Name())); strings.Contains(target, "eventpoll") {
			t.Errorf("fd %s is %s: the server started the runtime's poller", e.Name(), target)
		}
	}
}
