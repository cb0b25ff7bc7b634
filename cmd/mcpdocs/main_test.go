package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/aymanbagabas/go-udiff"
)

// registered returns the import paths a generated file registers docs for.
func registered(src string) []string {
	var paths []string
	for _, m := range regexp.MustCompile(`sdk\.RegisterDocs\("([^"]+)"`).FindAllStringSubmatch(src, -1) {
		paths = append(paths, m[1])
	}
	return paths
}

func generateFor(t *testing.T, dir string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "gen.go")
	if err := run(dir, out); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The table of a server package covers the packages of its module whose
// types its tools use (a and b, reached through tools.Pair's arguments) and
// whose functions it registers (tools), and nothing else: not the sdk,
// although it is in the same module.
func TestTableCoversPackagesToolsUse(t *testing.T) {
	const pkg = "github.com/mcpdev/mcpdev/sdk/testdata/multipkg/"
	tests := []struct {
		dir      string
		want     []string
		contains []string
	}{
		{"../../sdk/testdata/multipkg/server", []string{"main", pkg + "a", pkg + "b", pkg + "tools"},
			[]string{`"Color": {"red", "green"}`, `"Color": {int64(0), int64(255)}`, `"Item.Qty": "Qty is the number of pieces."`, `"Greeter.SayHello": "SayHello greets someone by name."`}},
		{"../../examples/bookshop", []string{"main"}, []string{`"Genre": {"fiction", "non-fiction", "poetry"}`,
			`"Catalog is the whole catalog`}}, // a fixed resource: func(ctx) (Out, error)
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.dir), func(t *testing.T) {
			got := generateFor(t, tt.dir)
			if paths := registered(got); !slices.Equal(paths, tt.want) {
				t.Errorf("registers %v, want %v", paths, tt.want)
			}
			for _, c := range tt.contains {
				if !strings.Contains(got, c) {
					t.Errorf("generated file lacks %s", c)
				}
			}
			if strings.Contains(got, `"newServer"`) || strings.Contains(got, `"Size.Enum"`) {
				t.Errorf("functions that are not tools are in the table:\n%s", got)
			}
			committed, err := os.ReadFile(filepath.Join(tt.dir, "mcpdocs_gen.go"))
			if err != nil {
				t.Fatal(err)
			}
			if d := udiff.Unified("committed", "generated", string(committed), got); d != "" {
				t.Errorf("%s/mcpdocs_gen.go is stale: run go generate there\n%s", tt.dir, d)
			}
		})
	}
}
