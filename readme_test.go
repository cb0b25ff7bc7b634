package mcpdev_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every Go block of the README is a whole file of examples/, which the
// examples' tests build and run, so a snippet cannot drift from the API;
// every relative link of the README and docs/ names a file that exists.
func TestReadmeSnippetsAndLinks(t *testing.T) {
	readme := read(t, "README.md")
	blocks := regexp.MustCompile("(?s)```go\n(.*?)```").FindAllStringSubmatch(readme, -1)
	if len(blocks) == 0 {
		t.Fatal("README.md has no Go block")
	}
	examples := map[string]bool{}
	_ = filepath.WalkDir("examples", func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") {
			examples[read(t, p)] = true
		}
		return nil
	})
	for _, b := range blocks {
		if !examples[b[1]] {
			t.Errorf("README.md's Go block is not a file of examples/ (copy the file again):\n%s", b[1])
		}
	}
	docs, _ := filepath.Glob("docs/*.md")
	for _, f := range append(docs, "README.md", "bench/README.md") {
		prose := regexp.MustCompile("(?s)```.*?```").ReplaceAllString(read(t, f), "")
		for _, m := range regexp.MustCompile(`\]\(([^)#]+)\)`).FindAllStringSubmatch(prose, -1) {
			if strings.Contains(m[1], "://") {
				continue
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(f), m[1])); err != nil {
				t.Errorf("%s links to %s: %v", f, m[1], err)
			}
		}
	}
	if n := strings.Count(readme, "\n"); n > 250 {
		t.Errorf("README.md has %d lines: keep it a tutorial of at most 250; reference goes to docs/", n)
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
