// Package godoc reads the doc comments of a Go package from its source: the
// descriptions of functions and struct fields, and the constant values
// declared for named types (enums). The SDK uses it at run time when the
// source is on disk, and cmd/mcpdocs uses it to generate a table a binary
// embeds for when it is not.
package godoc

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Package holds what one package's source says.
type Package struct {
	Funcs  map[string]string // "SearchBooks" → doc
	Fields map[string]string // "Book.Year" → doc
	Enums  map[string][]any  // "Genre" → declared constant values, in order
}

func newPackage() *Package {
	return &Package{Funcs: map[string]string{}, Fields: map[string]string{}, Enums: map[string][]any{}}
}

// Files says which .go files of a directory make up the package read.
type Files int

const (
	Source        Files = iota // the package's own files, without tests
	WithTests                  // and its _test.go files of the same package
	ExternalTests              // only the _test.go files of package x_test
)

// includes reports whether the directory entry e may hold files of the
// package read: a .go file, a _test.go file only with tests.
func (which Files) includes(e os.DirEntry) bool {
	name := e.Name()
	test := strings.HasSuffix(name, "_test.go")
	return !e.IsDir() && strings.HasSuffix(name, ".go") && !(test && which == Source) && !(!test && which == ExternalTests)
}

// holds reports whether the file named file, of package pkg, is one of the
// package read: the external test package (x_test) is read on its own.
func (which Files) holds(file, pkg string) bool {
	external := strings.HasSuffix(file, "_test.go") && strings.HasSuffix(pkg, "_test")
	return external == (which == ExternalTests)
}

// ParseFiles parses the files of the package in dir, with their comments.
// A file that does not parse is skipped: it does not build either.
func ParseFiles(dir string, which Files) ([]*ast.File, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, e := range entries {
		if !which.includes(e) {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		if which.holds(e.Name(), f.Name.Name) {
			files = append(files, f)
		}
	}
	return files, nil
}

// FromFiles collects the doc comments of parsed files of one package.
func FromFiles(files []*ast.File) *Package {
	p := newPackage()
	for _, f := range files {
		p.addFile(f)
	}
	return p
}

func (p *Package) addFile(f *ast.File) {
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if d.Doc != nil {
				p.Funcs[FuncKey(d)] = Clean(d.Doc.Text())
			}
		case *ast.GenDecl:
			switch d.Tok {
			case token.TYPE:
				p.addTypes(d)
			case token.CONST:
				p.addConsts(d)
			}
		}
	}
}

// FuncKey is the key of a function in Package.Funcs: its name, or for a
// method "Type.Method" whatever the receiver (T, *T, *T[P]).
func FuncKey(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return d.Name.Name
	}
	return ReceiverName(d.Recv.List[0].Type) + "." + d.Name.Name
}

// ReceiverName is the name of the type of a receiver expression.
func ReceiverName(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.StarExpr:
		return ReceiverName(x.X)
	case *ast.IndexExpr:
		return ReceiverName(x.X)
	case *ast.IndexListExpr:
		return ReceiverName(x.X)
	case *ast.Ident:
		return x.Name
	}
	return ""
}

func (p *Package) addTypes(d *ast.GenDecl) {
	for _, spec := range d.Specs {
		ts := spec.(*ast.TypeSpec)
		st, ok := ts.Type.(*ast.StructType)
		if !ok {
			continue
		}
		for _, field := range st.Fields.List {
			doc := field.Doc
			if doc == nil {
				doc = field.Comment
			}
			if doc == nil {
				continue
			}
			for _, n := range field.Names {
				p.Fields[ts.Name.Name+"."+n.Name] = Clean(doc.Text())
			}
		}
	}
}

// addConsts records `const X T = literal` (also in iota-free groups where the
// type is repeated or carried over from the previous spec).
func (p *Package) addConsts(d *ast.GenDecl) {
	var lastType string
	for _, spec := range d.Specs {
		vs := spec.(*ast.ValueSpec)
		typ := lastType
		if vs.Type != nil {
			typ = ""
			if id, ok := vs.Type.(*ast.Ident); ok {
				typ = id.Name
			}
		}
		lastType = typ
		if typ == "" || len(vs.Values) != len(vs.Names) {
			continue
		}
		for _, v := range vs.Values {
			if val, ok := literal(v); ok {
				p.Enums[typ] = append(p.Enums[typ], val)
			}
		}
	}
}

func literal(e ast.Expr) (any, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok {
		return nil, false
	}
	return literalValue(lit.Kind, lit.Value)
}

// literalValue is the value of a string, integer or floating-point
// literal; other kinds are not enum values.
func literalValue(kind token.Token, text string) (any, bool) {
	switch kind {
	case token.STRING:
		s, err := strconv.Unquote(text)
		return s, err == nil
	case token.INT:
		n, err := strconv.ParseInt(text, 0, 64)
		return n, err == nil
	case token.FLOAT:
		f, err := strconv.ParseFloat(text, 64)
		return f, err == nil
	}
	return nil, false
}

// Clean turns a comment's text into a description: trimmed, lines of one
// paragraph joined by spaces, paragraphs kept apart by a blank line.
func Clean(text string) string {
	paras := strings.Split(strings.TrimSpace(text), "\n\n")
	for i, para := range paras {
		paras[i] = strings.Join(strings.Fields(para), " ")
	}
	return strings.Join(paras, "\n\n")
}

// SortedKeys returns m's keys in order (for generated code).
func SortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
