package mcpdev_test

import (
	"os/exec"
	"strings"
	"testing"
)

// The import direction of the module, written down as a test (as Go's own
// go/build/deps_test.go does):
//
//	transport ← sdk ← inspector ← cmd/mcpdev;  forms ← inspector
//
// sdk and transport never pull in a TUI library; forms knows nothing of MCP.
func TestImportDirection(t *testing.T) {
	rules := []struct {
		pkg       string
		forbidden []string
	}{
		{"./transport/...", []string{"charm.land/", "github.com/charmbracelet/", "github.com/mcpdev/mcpdev/sdk", "github.com/mcpdev/mcpdev/forms", "github.com/mcpdev/mcpdev/inspector"}},
		{"./sdk/...", []string{"charm.land/", "github.com/charmbracelet/", "github.com/mcpdev/mcpdev/forms", "github.com/mcpdev/mcpdev/inspector"}},
		{"./forms/...", []string{"github.com/mcpdev/mcpdev/sdk", "github.com/mcpdev/mcpdev/transport", "github.com/mcpdev/mcpdev/inspector"}},
		{"./examples/...", []string{"charm.land/", "github.com/charmbracelet/", "github.com/mcpdev/mcpdev/forms", "github.com/mcpdev/mcpdev/inspector"}},
	}
	for _, r := range rules {
		t.Run(r.pkg, func(t *testing.T) {
			out, err := exec.Command("go", "list", "-deps", r.pkg).CombinedOutput()
			if err != nil {
				if strings.Contains(string(out), "matched no packages") {
					t.Skipf("no packages yet under %s", r.pkg)
				}
				t.Fatalf("go list -deps %s: %v\n%s", r.pkg, err, out)
			}
			for _, dep := range strings.Fields(string(out)) {
				for _, bad := range r.forbidden {
					if strings.HasPrefix(dep, bad) {
						t.Errorf("%s imports %s (forbidden prefix %s)", r.pkg, dep, bad)
					}
				}
			}
		})
	}
}
