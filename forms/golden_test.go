package forms

import (
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/golden")

// golden compares got with testdata/golden/name, rewriting it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./forms -update)", err)
	}
	if string(want) != got {
		t.Errorf("%s mismatch (-want +got):\n%s", name, lineDiff(string(want), got))
	}
}

// lineDiff is a minimal line diff, enough to read a golden mismatch.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < max(len(w), len(g)); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			b.WriteString("-" + wl + "\n+" + gl + "\n")
		}
	}
	return b.String()
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
