package testsession

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/inspector/target"
)

// These helpers are the dev loop tests' (inspector/devloop/loop_test.go),
// copied until they move to a shared test helper package.

// devCopy copies examples/tutorial/01-first-tool into a temporary module
// whose go.mod replaces github.com/mcpdev/mcpdev with this repository.
func devCopy(t testing.TB) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join(root, "examples/tutorial/01-first-tool/main.go"))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	mod := "module example.com/devloop\n\ngo 1.26.8\n\nrequire github.com/mcpdev/mcpdev v0.0.0\n\nreplace github.com/mcpdev/mcpdev => " + root + "\n"
	writeFile(t, filepath.Join(dir, "main.go"), string(src))
	writeFile(t, filepath.Join(dir, "go.mod"), mod)
	writeFile(t, filepath.Join(dir, "go.sum"), string(sum))
	// Complete go.mod's requirements once (offline: the module cache has them).
	cmd := exec.Command("go", "list", "-mod=mod", "-deps", ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	return dir
}

func writeFile(t testing.TB, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// edit replaces old with new in the file (old must be there).
func edit(t testing.TB, path, old, new string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s does not contain %q", path, old)
	}
	writeFile(t, path, strings.Replace(string(data), old, new, 1))
}

const getBookSource = `
// GetBookArgs are the arguments of get_book.
type GetBookArgs struct {
	ID string ` + "`json:\"id\" jsonschema:\"description=The book's id.\"`" + `
}

// Get one book by its id.
func GetBook(ctx context.Context, args GetBookArgs) (string, error) {
	return "Book " + args.ID, nil
}
`

// addGetBook adds a second tool to the copied example.
func addGetBook(t testing.TB, dir string) {
	t.Helper()
	main := filepath.Join(dir, "main.go")
	edit(t, main, "\tsdk.Tool(s, SearchBooks)\n", "\tsdk.Tool(s, SearchBooks)\n\tsdk.Tool(s, GetBook)\n")
	data, _ := os.ReadFile(main)
	writeFile(t, main, string(data)+getBookSource)
}

func goTarget(t testing.TB, dir string) *target.Target {
	t.Helper()
	tg, err := target.Resolve([]string{dir}, &target.ResolveOptions{BuildCache: filepath.Join(t.TempDir(), "build")})
	if err != nil {
		t.Fatal(err)
	}
	return tg
}
