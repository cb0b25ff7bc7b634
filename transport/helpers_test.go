package transport_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/aymanbagabas/go-udiff"

	"github.com/mcpdev/mcpdev/internal/testutil"
)

// TestMain lets the test binary double as the child process of the command
// and stdio tests: with MCPDEV_TRANSPORT_HELPER set it runs that helper
// instead of the tests.
func TestMain(m *testing.M) {
	if mode := os.Getenv("MCPDEV_TRANSPORT_HELPER"); mode != "" {
		os.Exit(runHelper(mode))
	}
	testutil.Main(m)
}

// diff reports want and got line by line as (-want +got), or "" when equal.
func diff(want, got string) string {
	if want == got {
		return ""
	}
	return udiff.Unified("want", "got", want, got)
}

// canonical re-indents JSON so that diffs are readable and key order of
// objects does not matter.
func canonical(t testing.TB, data []byte) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("invalid JSON %q: %v", data, err)
	}
	out, _ := json.MarshalIndent(v, "", "  ")
	return string(out)
}

func mustJSON(t testing.TB, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
