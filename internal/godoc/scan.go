package godoc

import (
	"maps"
	"path/filepath"
)

// ParseDir reads the doc comments of the package in dir: what
// FromFiles(ParseFiles(dir, which)) holds, read token by token with
// go/scanner instead (scan_*.go). A server reads its tools' docs from
// source at start-up; a syntax tree of every file, bodies and all, cost it
// a few hundred allocations and the pages of go/parser, which no server
// binary links any more (issue 19). A file that does not scan as Go is
// skipped, as ParseFiles skips one that does not parse; a syntax error
// inside a function body goes unnoticed here, in a file that does not
// build either.
func ParseDir(dir string, which Files) (*Package, error) {
	entries, err := readDir(dir)
	if err != nil {
		return nil, err
	}
	p := newPackage()
	for _, e := range entries {
		if !which.includes(e) {
			continue
		}
		src, err := readFile(filepath.Join(dir, e.Name()))
		if err != nil {
			continue
		}
		if f, ok := scanFile(e.Name(), src, which); ok {
			p.add(f)
		}
	}
	return p, nil
}

// scanFile reads the docs of one file of the package read.
func scanFile(name string, src []byte, which Files) (*Package, bool) {
	s := declScanner{tokens: newTokens(name, src), p: newPackage()}
	pkg, ok := s.packageName()
	if !ok || !which.holds(name, pkg) || !s.decls() {
		return nil, false
	}
	return s.p, true
}

// add merges the docs of a later file into p, as addFile would have
// collected them: later entries win, enum values add up.
func (p *Package) add(f *Package) {
	maps.Copy(p.Funcs, f.Funcs)
	maps.Copy(p.Fields, f.Fields)
	for typ, vals := range f.Enums {
		p.Enums[typ] = append(p.Enums[typ], vals...)
	}
}
