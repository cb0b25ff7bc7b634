package sdk

import (
	"fmt"
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
	Funcs  map[string]string // function name (or "Type.Method") → doc comment
	Fields map[string]string // "Type.Field" → doc comment
	Enums  map[string][]any  // type name → declared constant values
}

// RegisterDocs records the generated doc table of the package with the given
// import path ("main" for a command). Generated code calls it; a table wins
// over the source on disk.
func RegisterDocs(importPath string, d PackageDocs) {
	docs.mu.Lock()
	defer docs.mu.Unlock()
	docs.registered[importPath] = &godoc.Package{Funcs: d.Funcs, Fields: d.Fields, Enums: d.Enums}
}

// docIndex answers doc look-ups for types and functions of any package,
// from a registered table or, failing that, from the package's source
// directory, wherever the package was first seen.
type docIndex struct {
	mu         sync.Mutex
	registered map[string]*godoc.Package // import path → table
	parsed     map[string]*godoc.Package // import path → read from source
	failed     map[string]bool           // source dirs that could not be read
	src        sourceDirs
}

var docs = &docIndex{
	registered: map[string]*godoc.Package{},
	parsed:     map[string]*godoc.Package{},
	failed:     map[string]bool{},
	src:        newSourceDirs(),
}

// pkg returns the docs of the package with the given import path, or nil
// when neither a table nor its source is at hand.
func (d *docIndex) pkg(importPath string) *godoc.Package {
	defer startPhase("docs").end()
	d.mu.Lock()
	defer d.mu.Unlock()
	if p := d.registered[importPath]; p != nil {
		return p
	}
	if p := d.parsed[importPath]; p != nil {
		return p
	}
	dir, which, ok := d.src.dir(importPath)
	if !ok || d.failed[dir] {
		return nil
	}
	p, err := godoc.ParseDir(dir, which)
	if err != nil {
		d.failed[dir] = true
		return nil
	}
	d.parsed[importPath] = p
	return p
}

// noteSource remembers where the sources of fn's package and of the
// packages of its callers live (known from their debug info), and returns
// fn as the runtime names it.
func (d *docIndex) noteSource(fn any) funcRef {
	defer startPhase("docs").end()
	pc := reflect.ValueOf(fn).Pointer()
	ref := parseFuncName(runtime.FuncForPC(pc).Name())
	d.mu.Lock()
	defer d.mu.Unlock()
	file, _ := runtime.FuncForPC(pc).FileLine(pc)
	d.src.note(ref.pkg, file)
	// A method value's code is a generated wrapper without a file: the
	// caller that registers it usually lives in its package or module.
	pcs := make([]uintptr, 16)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	for {
		f, more := frames.Next()
		d.src.note(parseFuncName(f.Function).pkg, f.File)
		if !more {
			return ref
		}
	}
}

// function returns the description of a function or method: its doc
// comment, in Go's convention turned into a description.
func (d *docIndex) function(ref funcRef) string {
	if p := d.pkg(ref.pkg); p != nil {
		return godoc.Describe(ref.name, p.Funcs[ref.docKey()])
	}
	return ""
}

func (d *docIndex) field(t reflect.Type, field string) string {
	if p := d.pkg(t.PkgPath()); p != nil {
		return godoc.Describe(field, p.Fields[typeKey(t)+"."+field])
	}
	return ""
}

func (d *docIndex) enum(t reflect.Type) []any {
	p := d.pkg(t.PkgPath())
	if p == nil {
		return nil
	}
	vals := p.Enums[typeKey(t)]
	out := make([]any, len(vals))
	for i, v := range vals {
		out[i] = convertEnum(v, t)
	}
	return out
}

// typeKey is t's name in a doc table: a generic type's name without its
// type arguments.
func typeKey(t reflect.Type) string {
	name, _, _ := strings.Cut(t.Name(), "[")
	return name
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
