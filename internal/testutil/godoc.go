package testutil

import (
	"go/ast"
	"go/build"
	"go/doc"
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"
)

// PackageDoc reads the documentation of the package in dir as go doc does:
// the Go files the build would compile for this platform (build tags
// honoured, tests left out), parsed with comments. importPath names the
// package in the result.
func PackageDoc(tb testing.TB, dir, importPath string) *doc.Package {
	tb.Helper()
	bp, err := build.ImportDir(dir, 0)
	if err != nil {
		tb.Fatalf("go/build %s: %v", dir, err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range bp.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			tb.Fatal(err)
		}
		files = append(files, f)
	}
	p, err := doc.NewFromFiles(fset, files, importPath)
	if err != nil {
		tb.Fatalf("go/doc %s: %v", dir, err)
	}
	return p
}
