package sdk_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
)

// A server binary has no code of its package's _test.go files: a constant
// declared there is no value of the enum, and those files are not read at
// start-up (issue 19: doc comments only for what can be registered).
func TestBinaryIgnoresTestFileConstants(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a server")
	}
	cmd := exec.Command(testutil.Build(t, "./testdata/testconsts"))
	cmd.Stdin = strings.NewReader(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}
{"jsonrpc":"2.0","id":1,"method":"tools/list"}
`)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("server: %v", err)
	}
	if want := `"enum":["fiction","poetry"]`; !strings.Contains(string(out), want) {
		t.Errorf("tools/list = %s\nwant the enum %s", out, want)
	}
}
