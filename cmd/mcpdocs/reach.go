package main

import (
	"go/ast"
	"path"
	"strconv"

	"github.com/mcpdev/mcpdev/internal/godoc"
)

// The table of a server package must also hold the docs of the packages of
// its module whose types its tools use (domain types in their own package
// are the normal Go layout), and of the packages whose functions it
// registers as tools. reach finds them from the syntax alone: it starts
// from the package's tool-shaped functions and methods and from the
// functions of other packages it passes as values (sdk.Tool(s, tools.Pair, nil)),
// and follows every type their arguments and results name, field by field.
// Packages of other modules and the standard library are not followed.

// pkgSrc is one package of the module, parsed.
type pkgSrc struct {
	path, name, dir string
	files           []*ast.File
	types           map[string]typeDecl      // type name → declaration
	funcs           map[string]*ast.FuncDecl // "F" or "T.M" → declaration
}

type typeDecl struct {
	spec *ast.TypeSpec
	file *ast.File
}

type reach struct {
	module map[string]*pkgSrc // import path → package, for the module's packages
	loaded map[string]bool
	used   map[string]bool // packages reached
	seen   map[string]bool // "path.Type" walked
}

// reachedPackages returns the import paths of the module's packages (other
// than root) that root's tools use.
func reachedPackages(root *pkgSrc, module map[string]*pkgSrc) []string {
	r := &reach{module: module, loaded: map[string]bool{}, used: map[string]bool{}, seen: map[string]bool{}}
	r.load(root)
	for _, f := range root.files {
		r.fromFile(root, f)
	}
	delete(r.used, root.path)
	// The sdk's own types (a prompt's []sdk.PromptMessage, sdk.Content)
	// are another module's in a user's server, so never followed there;
	// in this module's examples they must not be either.
	delete(r.used, sdkPath)
	return godoc.SortedKeys(r.used)
}

const sdkPath = "github.com/mcpdev/mcpdev/sdk"

// load parses p's files once.
func (r *reach) load(p *pkgSrc) bool {
	if r.loaded[p.path] {
		return p.files != nil
	}
	r.loaded[p.path] = true
	files, err := godoc.ParseFiles(p.dir, godoc.Source)
	if err != nil {
		return false
	}
	p.files, p.types, p.funcs = files, map[string]typeDecl{}, map[string]*ast.FuncDecl{}
	for _, f := range files {
		for _, decl := range f.Decls {
			switch d := decl.(type) {
			case *ast.FuncDecl:
				p.funcs[godoc.FuncKey(d)] = d
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					if ts, ok := spec.(*ast.TypeSpec); ok {
						p.types[ts.Name.Name] = typeDecl{ts, f}
					}
				}
			}
		}
	}
	return true
}

// fromFile follows the tools of one file: its tool-shaped functions, the
// functions of other packages passed as values, and the types of other
// packages it builds values of (whose methods may be tools).
func (r *reach) fromFile(p *pkgSrc, f *ast.File) {
	for _, decl := range f.Decls {
		if fd, ok := decl.(*ast.FuncDecl); ok && toolShaped(fd) {
			r.signature(p, f, fd)
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			for _, arg := range x.Args {
				if q, name, ok := r.qualified(f, arg); ok {
					r.useFunc(q, name)
				}
			}
		case *ast.CompositeLit:
			if q, name, ok := r.qualified(f, x.Type); ok {
				r.useMethods(q, name)
			}
		}
		return true
	})
}

// qualified resolves pkg.Name to a package of the module.
func (r *reach) qualified(f *ast.File, e ast.Expr) (*pkgSrc, string, bool) {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return nil, "", false
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return nil, "", false
	}
	p := r.imported(f, id.Name)
	if p == nil || !r.load(p) {
		return nil, "", false
	}
	return p, sel.Sel.Name, true
}

// imported returns the module package that file f imports as name.
func (r *reach) imported(f *ast.File, name string) *pkgSrc {
	for _, imp := range f.Imports {
		ipath, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		p := r.module[ipath]
		if p == nil {
			continue
		}
		local := p.name
		if imp.Name != nil {
			local = imp.Name.Name
		} else if local == "" {
			local = path.Base(ipath)
		}
		if local == name {
			return p
		}
	}
	return nil
}

// useFunc follows p.name if it is a tool-shaped function.
func (r *reach) useFunc(p *pkgSrc, name string) {
	if fd := p.funcs[name]; fd != nil && toolShaped(fd) {
		r.used[p.path] = true
		r.signature(p, fileOf(p, fd), fd)
	}
}

// useMethods follows the tool-shaped methods of type p.name.
func (r *reach) useMethods(p *pkgSrc, name string) {
	for _, fd := range p.funcs {
		if fd.Recv != nil && godoc.ReceiverName(fd.Recv.List[0].Type) == name && toolShaped(fd) {
			r.used[p.path] = true
			r.signature(p, fileOf(p, fd), fd)
		}
	}
}

func fileOf(p *pkgSrc, fd *ast.FuncDecl) *ast.File {
	for _, f := range p.files {
		if f.Pos() <= fd.Pos() && fd.End() <= f.End() {
			return f
		}
	}
	return nil
}

// toolShaped reports whether fd looks like func(ctx, In) (Out, error), or
// like a fixed resource's func(ctx) (Out, error).
func toolShaped(fd *ast.FuncDecl) bool {
	params, results := fd.Type.Params, fd.Type.Results
	n := fieldCount(params)
	if results == nil || n < 1 || n > 2 || fieldCount(results) != 2 {
		return false
	}
	if sel, ok := params.List[0].Type.(*ast.SelectorExpr); n == 1 && (!ok || sel.Sel.Name != "Context") {
		return false
	}
	last, ok := results.List[len(results.List)-1].Type.(*ast.Ident)
	return ok && last.Name == "error"
}

func fieldCount(l *ast.FieldList) int {
	n := 0
	for _, f := range l.List {
		n += max(1, len(f.Names))
	}
	return n
}

// signature follows the argument and result types of a tool function.
func (r *reach) signature(p *pkgSrc, f *ast.File, fd *ast.FuncDecl) {
	for _, l := range []*ast.FieldList{fd.Type.Params, fd.Type.Results} {
		for _, field := range l.List {
			r.typeExpr(p, f, field.Type)
		}
	}
}

// typeExpr follows the named types a type expression of file f of p uses.
func (r *reach) typeExpr(p *pkgSrc, f *ast.File, e ast.Expr) {
	switch x := e.(type) {
	case *ast.Ident:
		r.named(p, x.Name)
	case *ast.SelectorExpr:
		if q, name, ok := r.qualified(f, x); ok {
			r.used[q.path] = true
			r.named(q, name)
		}
	case *ast.StarExpr:
		r.typeExpr(p, f, x.X)
	case *ast.ParenExpr:
		r.typeExpr(p, f, x.X)
	case *ast.ArrayType:
		r.typeExpr(p, f, x.Elt)
	case *ast.MapType:
		r.typeExpr(p, f, x.Key)
		r.typeExpr(p, f, x.Value)
	case *ast.IndexExpr:
		r.typeExpr(p, f, x.X)
		r.typeExpr(p, f, x.Index)
	case *ast.IndexListExpr:
		r.typeExpr(p, f, x.X)
		for _, i := range x.Indices {
			r.typeExpr(p, f, i)
		}
	case *ast.StructType:
		for _, field := range x.Fields.List {
			r.typeExpr(p, f, field.Type)
		}
	}
}

// named follows the declaration of type name of p, once.
func (r *reach) named(p *pkgSrc, name string) {
	key := p.path + "." + name
	td, ok := p.types[name]
	if !ok || r.seen[key] {
		return
	}
	r.seen[key] = true
	r.typeExpr(p, td.file, td.spec.Type)
}
