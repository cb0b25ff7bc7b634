package sdk_test

import (
	"flag"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
)

// buildStdioServer builds testdata/stdioserver once per test run.
func buildStdioServer(t *testing.T) string {
	t.Helper()
	return testutil.Build(t, "./testdata/stdioserver")
}

// TestMain removes the binaries the subprocess tests build.
func TestMain(m *testing.M) {
	flag.Parse()
	testutil.Main(m)
}
