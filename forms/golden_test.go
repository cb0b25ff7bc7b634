package forms

import (
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	goldenfile "github.com/mcpdev/mcpdev/internal/golden"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/golden")

// golden compares got with testdata/golden/name, rewriting it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	goldenfile.Check(t, filepath.Join("testdata", "golden", name), got, *update)
}

// schemaCases returns every schema under testdata: the seed tools, the
// hard cases and each tool of the server-everything fixture.
func schemaCases(t testing.TB) map[string][]byte {
	t.Helper()
	out := map[string][]byte{
		"search_books": readTestdata(t, "search_books.json"),
		"add_book":     readTestdata(t, "add_book.json"),
	}
	hard, _ := filepath.Glob(filepath.Join("testdata", "hard", "*.json"))
	for _, p := range hard {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out["hard_"+strings.TrimSuffix(filepath.Base(p), ".json")] = b
	}
	for name, s := range everythingTools(t) {
		out["everything_"+name] = s
	}
	return out
}

func sortedNames(m map[string][]byte) []string {
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}
