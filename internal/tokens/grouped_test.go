package tokens_test

import (
	"testing"

	"github.com/mcpdev/mcpdev/internal/tokens"
)

func TestGrouped(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -40: "-40", -12345: "-12,345"} {
		if got := tokens.Grouped(n); got != want {
			t.Errorf("Grouped(%d) = %q, want %q", n, got, want)
		}
	}
}
