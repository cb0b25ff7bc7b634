package testutil

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// GoModule copies the Go file mainFile (relative to the repository root
// repo) into a temporary module whose go.mod replaces
// github.com/mcpdev/mcpdev with repo, completes its requirements offline,
// and returns its directory: a user's server to build, edit and rebuild.
func GoModule(tb testing.TB, repo, mainFile string) string {
	tb.Helper()
	root, err := filepath.Abs(repo)
	if err != nil {
		tb.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(root, mainFile))
	if err != nil {
		tb.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		tb.Fatal(err)
	}
	dir := tb.TempDir()
	WriteFile(tb, filepath.Join(dir, "main.go"), string(src))
	WriteFile(tb, filepath.Join(dir, "go.mod"), "module example.com/devloop\n\ngo 1.26.8\n\nrequire github.com/mcpdev/mcpdev v0.0.0\n\nreplace github.com/mcpdev/mcpdev => "+root+"\n")
	WriteFile(tb, filepath.Join(dir, "go.sum"), string(sum))
	cmd := exec.Command("go", "list", "-mod=mod", "-deps", ".") // the module cache has them
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("go list: %v\n%s", err, out)
	}
	return dir
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

// AddGetBook adds a second tool, get_book, to a GoModule copy of the first
// tutorial step.
func AddGetBook(tb testing.TB, dir string) {
	tb.Helper()
	main := filepath.Join(dir, "main.go")
	Edit(tb, main, "\tsdk.Tool(s, SearchBooks, nil)\n", "\tsdk.Tool(s, SearchBooks, nil)\n\tsdk.Tool(s, GetBook, nil)\n")
	data, err := os.ReadFile(main)
	if err != nil {
		tb.Fatal(err)
	}
	WriteFile(tb, main, string(data)+getBookSource)
}
