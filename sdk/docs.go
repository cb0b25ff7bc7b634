package sdk

import (
	"fmt"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"

	"github.com/mcpdev/mcpdev/internal/godoc"
)

// PackageDocs is the table of doc comments that cmd/mcpdocs generates for a
// package, so that a binary moved away from its source still describes its
// tools. Register it from an init function with RegisterDocs.
type PackageDocs struct {
	Funcs  map[string]string // function name → doc comment
	Fields map[string]string // "Type.Field" → doc comment
	Enums  map[string][]any  // type name → declared constant values
}

var (
	docsMu     sync.Mutex
	registered = map[string]*godoc.Package{} // import path → table
	parsedDirs = map[string]*godoc.Package{} // source dir → parsed
	pkgSrcDirs = map[string]string{}         // import path → source dir seen at run time
)

// RegisterDocs records the generated doc table of the package with the given
// import path ("main" for a command). Generated code calls it; a table wins
// over the source on disk.
func RegisterDocs(importPath string, d PackageDocs) {
	docsMu.Lock()
	defer docsMu.Unlock()
	registered[importPath] = &godoc.Package{Funcs: d.Funcs, Fields: d.Fields, Enums: d.Enums}
}

// docIndex answers doc look-ups for types and functions of any package,
// from a registered table or, failing that, from the source directory.
type docIndex struct{}

var docs = &docIndex{}

func (*docIndex) pkg(importPath string) *godoc.Package {
	docsMu.Lock()
	defer docsMu.Unlock()
	if p := registered[importPath]; p != nil {
		return p
	}
	dir, ok := pkgSrcDirs[importPath]
	if !ok {
		return nil
	}
	if p, ok := parsedDirs[dir]; ok {
		return p
	}
	p, err := godoc.ParseDir(dir)
	if err != nil {
		p = nil
	}
	parsedDirs[dir] = p
	return p
}

// noteSource remembers where the source of the package of function fn lives
// (known from its debug info), and returns the package path and func name.
func (*docIndex) noteSource(fn any) (importPath, name string) {
	pc := reflect.ValueOf(fn).Pointer()
	f := runtime.FuncForPC(pc)
	if f == nil {
		return "", ""
	}
	importPath, name = splitFuncName(f.Name())
	file, _ := f.FileLine(pc)
	if file != "" && importPath != "" {
		docsMu.Lock()
		if _, ok := pkgSrcDirs[importPath]; !ok {
			pkgSrcDirs[importPath] = filepath.Dir(file)
		}
		docsMu.Unlock()
	}
	return importPath, name
}

// splitFuncName splits "github.com/a/b.Func" into its import path and name.
// Methods and closures keep their decorated names ("(*T).M-fm", "main.func1").
func splitFuncName(full string) (importPath, name string) {
	slash := strings.LastIndex(full, "/")
	dot := strings.Index(full[slash+1:], ".")
	if dot < 0 {
		return "", full
	}
	dot += slash + 1
	return full[:dot], full[dot+1:]
}

func (d *docIndex) function(importPath, name string) string {
	if p := d.pkg(importPath); p != nil {
		return p.Funcs[name]
	}
	return ""
}

func (d *docIndex) field(t reflect.Type, field string) string {
	if p := d.pkg(t.PkgPath()); p != nil {
		return p.Fields[t.Name()+"."+field]
	}
	return ""
}

func (d *docIndex) enum(t reflect.Type) []any {
	p := d.pkg(t.PkgPath())
	if p == nil {
		return nil
	}
	vals := p.Enums[t.Name()]
	out := make([]any, len(vals))
	for i, v := range vals {
		out[i] = convertEnum(v, t)
	}
	return out
}

// convertEnum gives a declared constant the JSON type of its Go type.
func convertEnum(v any, t reflect.Type) any {
	switch t.Kind() {
	case reflect.String:
		return fmt.Sprint(v)
	case reflect.Float32, reflect.Float64:
		if n, ok := v.(int64); ok {
			return float64(n)
		}
	}
	return v
}
