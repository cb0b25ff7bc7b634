package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// The bookshop follows Go's doc-comment convention, as staticcheck's ST1020
// and ST1021 check it: the comment of an exported function or type starts
// with its name (for a type, optionally after "A", "An" or "The"). The SDK
// turns "SearchBooks searches …" into the description "Searches …".
func TestDocCommentsFollowGoConvention(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || name == "mcpdocs_gen.go" {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			for _, d := range documented(decl) {
				if !ast.IsExported(d.name) || d.doc == nil {
					continue
				}
				text := d.doc.Text()
				for _, article := range []string{"A ", "An ", "The "} {
					if d.isType {
						text = strings.TrimPrefix(text, article)
					}
				}
				if !strings.HasPrefix(text, d.name+" ") {
					t.Errorf("%s: the comment of %s does not start with %q: %q", fset.Position(d.doc.Pos()), d.name, d.name, d.doc.Text())
				}
			}
		}
	}
}

type docDecl struct {
	name   string
	doc    *ast.CommentGroup
	isType bool
}

// documented lists the exported functions and types a declaration holds,
// with their doc comments.
func documented(decl ast.Decl) []docDecl {
	switch d := decl.(type) {
	case *ast.FuncDecl:
		if d.Recv == nil {
			return []docDecl{{d.Name.Name, d.Doc, false}}
		}
	case *ast.GenDecl:
		var out []docDecl
		for _, spec := range d.Specs {
			if ts, ok := spec.(*ast.TypeSpec); ok {
				doc := ts.Doc
				if doc == nil && len(d.Specs) == 1 {
					doc = d.Doc
				}
				out = append(out, docDecl{ts.Name.Name, doc, true})
			}
		}
		return out
	}
	return nil
}
