package sdk_test

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
)

// Run serves stdio only: asked for HTTP, in any spelling of the flag, it
// refuses at once with ErrHTTPFlag, whose text names the replacement,
// instead of ignoring the flag and waiting on stdin.
func TestRunRefusesHTTPFlag(t *testing.T) {
	for _, args := range [][]string{{"--http", "127.0.0.1:0"}, {"--http=:0"}, {"-http", "8000"}, {"x", "--http"}} {
		err := sdk.NewServer("s", nil).RunArgs(context.Background(), args)
		if !errors.Is(err, sdk.ErrHTTPFlag) {
			t.Errorf("RunArgs(%q) = %v, want ErrHTTPFlag", args, err)
		}
	}
	const hint = "use sdkhttp.Run from github.com/mcpdev/mcpdev/sdk/sdkhttp to serve HTTP"
	if !strings.Contains(sdk.ErrHTTPFlag.Error(), hint) {
		t.Errorf("ErrHTTPFlag = %q, want it to say %q", sdk.ErrHTTPFlag, hint)
	}
	// A stdio example run with --http exits with that message.
	bin := testutil.Build(t, "../examples/tutorial/01-first-tool")
	out, err := exec.Command(bin, "--http", "127.0.0.1:0").CombinedOutput()
	if err == nil || !strings.Contains(string(out), hint) {
		t.Errorf("01-first-tool --http: %v, output %q; want a failure saying %q", err, out, hint)
	}
}
