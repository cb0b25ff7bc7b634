package streamable_test

import (
	"testing"

	"github.com/aymanbagabas/go-udiff"

	"github.com/mcpdev/mcpdev/internal/testutil"
)

func TestMain(m *testing.M) { testutil.Main(m) }

// diff reports want and got line by line as (-want +got), or "" when equal.
func diff(want, got string) string {
	if want == got {
		return ""
	}
	return udiff.Unified("want", "got", want, got)
}
