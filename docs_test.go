package mcpdev_test

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/doc/comment"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
)

// snippetImports are in scope in every Go fragment of the docs (a block
// without a package clause); the convention is written in docs/development.md.
var snippetImports = []string{
	"context", "crypto", "errors", "fmt", "io", "log", "net/http", "os",
	"strings", "testing", "time",
	"github.com/mcpdev/mcpdev/sdk",
	"github.com/mcpdev/mcpdev/sdk/jwtauth",
	"github.com/mcpdev/mcpdev/sdk/sdkhttp",
	"github.com/mcpdev/mcpdev/sdk/sdktest",
	"github.com/mcpdev/mcpdev/transport",
	"github.com/mcpdev/mcpdev/transport/oauth",
	"github.com/mcpdev/mcpdev/transport/redisstore",
	"github.com/mcpdev/mcpdev/transport/streamable",
}

// snippet is one ```go block of a Markdown file, as a Go file to type-check.
type snippet struct {
	where string // file:line of the block's first line
	src   string
}

// Every ```go block of README.md and docs/*.md type-checks against the
// module's API (go/types over the export data one `go list -export` builds),
// so a snippet that drifts from the API fails here. A block with a package
// clause is a file; any other is a fragment wrapped as docs/development.md
// says. Unused variables and imports are the only errors let through.
func TestDocsSnippetsCompile(t *testing.T) {
	files, _ := filepath.Glob("docs/*.md")
	files = append([]string{"README.md"}, files...)
	var snippets []snippet
	for _, f := range files {
		snippets = append(snippets, goBlocks(t, f)...)
	}
	if len(snippets) < 10 {
		t.Fatalf("found %d Go blocks in %v; the extraction is broken", len(snippets), files)
	}
	typeCheck(t, snippets)
}

// sdkDocPrelude declares the names the code blocks of the sdk package
// comment (sdk/doc.go) use but do not show, as a Markdown block's
// `<!-- go: … -->` comment does.
const sdkDocPrelude = `type Book struct{ Title, Author string }
type BookURI struct{ ISBN string ` + "`json:\"isbn\"`" + ` }
type RecommendArgs struct{ Liked string }
func Catalog(context.Context) ([]Book, error)
func BookByISBN(context.Context, BookURI) (Book, error)
func Recommend(context.Context, RecommendArgs) ([]sdk.PromptMessage, error)
func Deploy(context.Context, struct{}) (string, error)
func newServer() *sdk.Server
var c *sdk.Client
var args map[string]any`

// The code blocks of the sdk package comment — the tutorial `go doc ./sdk`
// prints — type-check as the docs' ```go blocks do (same convention, with
// sdkDocPrelude as every block's prelude), so the tutorial cannot drift
// from the API either.
func TestPackageDocSnippetsCompile(t *testing.T) {
	const file = "sdk/doc.go"
	src := strings.Split(read(t, file), "\n")
	text := testutil.PackageDoc(t, "sdk", "github.com/mcpdev/mcpdev/sdk").Doc
	var snippets []snippet
	for _, b := range new(comment.Parser).Parse(text).Content {
		code, ok := b.(*comment.Code)
		if !ok {
			continue
		}
		lines := strings.Split(strings.TrimSuffix(code.Text, "\n"), "\n")
		at := slices.Index(src, "//\t"+lines[0]) + 1 // the block's first line in the file
		snippets = append(snippets, snippet{
			where: fmt.Sprintf("%s:%d", file, at),
			src:   wrapSnippet(file, lines, at, sdkDocPrelude, 1),
		})
	}
	if len(snippets) < 8 {
		t.Fatalf("found %d code blocks in the sdk package comment; the extraction is broken", len(snippets))
	}
	typeCheck(t, snippets)
}

// typeCheck type-checks each snippet against the module's API; unused
// variables and imports are the only errors let through.
func typeCheck(t *testing.T, snippets []snippet) {
	t.Helper()
	fset := token.NewFileSet()
	parsed := make([]*ast.File, len(snippets))
	imports := map[string]bool{}
	for i, s := range snippets {
		f, err := parser.ParseFile(fset, "snippet.go", s.src, parser.ParseComments)
		if err != nil {
			t.Errorf("%s: %v", s.where, err)
			continue
		}
		parsed[i] = f
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			imports[p] = true
		}
	}
	imp := importer.ForCompiler(fset, "gc", exportData(t, imports))
	for i, f := range parsed {
		if f == nil {
			continue
		}
		conf := types.Config{Importer: imp, Error: func(err error) {
			if e := err.(types.Error); !e.Soft || !strings.Contains(e.Msg, "not used") {
				t.Errorf("%v (the block at %s)", err, snippets[i].where)
			}
		}}
		_, _ = conf.Check("snippet", fset, []*ast.File{f}, nil)
	}
}

// goBlocks returns the ```go blocks of a Markdown file as Go files.
func goBlocks(t *testing.T, path string) []snippet {
	var out []snippet
	lines := strings.Split(read(t, path), "\n")
	for i := 0; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "```go" {
			continue
		}
		start := i + 1
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
		}
		prelude, preludeLine := preludeBefore(lines, start-1)
		out = append(out, snippet{
			where: fmt.Sprintf("%s:%d", path, start+1),
			src:   wrapSnippet(path, lines[start:i], start+1, prelude, preludeLine),
		})
	}
	return out
}

// preludeBefore returns the Go declarations of a `<!-- go: … -->` comment
// that ends on the line before the fence (index fence), and its first line.
func preludeBefore(lines []string, fence int) (string, int) {
	end := fence - 1
	if end < 0 || !strings.HasSuffix(strings.TrimSpace(lines[end]), "-->") {
		return "", 0
	}
	for b := end; b >= 0 && b > end-30; b-- {
		if i := strings.Index(lines[b], "<!-- go:"); i >= 0 {
			text := strings.Join(lines[b:end+1], "\n")
			text = strings.TrimSuffix(strings.TrimSpace(text[i+len("<!-- go:"):]), "-->")
			return text, b + 1
		}
	}
	return "", 0
}

var elidedBody = regexp.MustCompile(`\{ … \}`)

// wrapSnippet makes a block a Go file. A block with a package clause is
// used as is. Otherwise its leading declarations go at package level and the
// statements after them (from the first unindented line that starts neither a
// declaration, a comment nor a closing bracket) into a function where ctx, s
// and t are in scope; `…` alone on a line or as a body is elided code.
func wrapSnippet(path string, block []string, line int, prelude string, preludeLine int) string {
	directive := func(n int) string { return fmt.Sprintf("//line %s:%d\n", path, n) }
	body := strings.Join(block, "\n")
	if regexp.MustCompile(`(?m)^package \w+`).MatchString(body) {
		return directive(line) + body + "\n"
	}
	for i, l := range block {
		if strings.TrimSpace(l) == "…" {
			block[i] = strings.Replace(l, "…", `panic("elided")`, 1)
		}
		block[i] = elidedBody.ReplaceAllString(block[i], `{ panic("elided") }`)
	}
	split := len(block)
	for i, l := range block {
		if l != "" && l[0] != '\t' && l[0] != ' ' && !startsDecl(l) {
			split = i
			break
		}
	}
	var b bytes.Buffer
	b.WriteString("package snippet\n\nimport (\n")
	for _, p := range snippetImports {
		fmt.Fprintf(&b, "\t%q\n", p)
	}
	b.WriteString(")\n\n")
	if prelude != "" {
		b.WriteString(directive(preludeLine) + prelude + "\n")
	}
	b.WriteString(directive(line) + strings.Join(block[:split], "\n") + "\n")
	if split < len(block) {
		b.WriteString("func _(ctx context.Context, s *sdk.Server, t *testing.T) {\n{\n")
		b.WriteString(directive(line+split) + strings.Join(block[split:], "\n") + "\n}\n}\n")
	}
	return b.String()
}

func startsDecl(l string) bool {
	for _, p := range []string{"func ", "type ", "var ", "const ", "//", "}", ")"} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// exportData builds the export data of the imported packages and their
// dependencies with one `go list -export -deps` and returns a lookup for
// go/importer.
func exportData(t *testing.T, imports map[string]bool) func(string) (io.ReadCloser, error) {
	for _, p := range snippetImports {
		imports[p] = true
	}
	args := []string{"list", "-export", "-deps", "-f", "{{if .Export}}{{.ImportPath}}={{.Export}}{{end}}"}
	for p := range imports {
		args = append(args, p)
	}
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		var stderr []byte
		if e, ok := err.(*exec.ExitError); ok {
			stderr = e.Stderr
		}
		t.Fatalf("go list -export: %v\n%s", err, stderr)
	}
	exports := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if p, file, ok := strings.Cut(sc.Text(), "="); ok {
			exports[p] = file
		}
	}
	return func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s (not a dependency of the snippets' imports)", path)
		}
		return os.Open(file)
	}
}

// docs/cli.md ends with `mcpdev -h` exactly as cmd/mcpdev prints it (the
// usage constant, read with go/parser: no build of the command), so a flag
// added or renamed there shows up in the docs.
func TestCLIDocHasHelp(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "cmd/mcpdev/usage.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var usage string
	ast.Inspect(f, func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok && len(vs.Names) == 1 && vs.Names[0].Name == "usage" {
			lit, ok := vs.Values[0].(*ast.BasicLit)
			if !ok {
				t.Fatal("cmd/mcpdev/usage.go: usage is no longer one string literal; update this test")
			}
			usage, _ = strconv.Unquote(lit.Value)
		}
		return true
	})
	if usage == "" {
		t.Fatal("cmd/mcpdev/usage.go has no usage constant")
	}
	if !strings.Contains(read(t, "docs/cli.md"), "```text\n"+usage+"```\n") {
		t.Errorf("docs/cli.md's `mcpdev -h` block differs from cmd/mcpdev/usage.go: paste the output of go run ./cmd/mcpdev -h there")
	}
}

// Every package of the module with Go files besides tests has a package
// comment, so go doc says what it is for.
func TestEveryPackageHasDoc(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}\t{{len .GoFiles}}\t{{.Doc}}", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(string(out), "\n") { // not trimmed: the last Doc may be ""
		f := strings.SplitN(line, "\t", 3)
		if len(f) == 3 && f[1] != "0" && strings.TrimSpace(f[2]) == "" {
			t.Errorf("package %s has no package comment (// Package %s …, in its doc.go)", f[0], filepath.Base(f[0]))
		}
	}
}
