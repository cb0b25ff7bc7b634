package godoc

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// ParseDir reads with go/scanner what FromFiles reads from go/parser's
// syntax trees: the same docs, keys and enum values, for every package of
// this module (testdata included: testdata/edge holds the forms that are
// easy to misread) and, unless -short, of the standard library.
func TestParseDirMatchesParser(t *testing.T) {
	roots := []string{"../.."}
	if !testing.Short() {
		goroot, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			t.Fatal(err)
		}
		roots = append(roots, filepath.Join(strings.TrimSpace(string(goroot)), "src"))
	}
	dirs := 0
	for _, root := range roots {
		err := filepath.WalkDir(root, func(dir string, d fs.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return err
			}
			dirs++
			for _, which := range []Files{Source, WithTests, ExternalTests} {
				checkDir(t, dir, which)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d directories", dirs)
}

// checkDir compares the two readings of the package in dir; where
// go/parser refuses a file (the standard library's testdata has files with
// syntax errors inside function bodies, which the scanner does not read),
// file by file, for the files it parses.
func checkDir(t *testing.T, dir string, which Files) {
	t.Helper()
	files, err := ParseFiles(dir, which)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < countIncluded(dir, which) {
		checkFiles(t, dir, which)
		return
	}
	want := FromFiles(files)
	got, err := ParseDir(dir, which)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s (files %d): ParseDir differs from the parser's (-want +got):\n%s", dir, which, packageDiff(want, got))
	}
}

// countIncluded is how many files of dir a package read with which may
// hold, before their package clauses are read.
func countIncluded(dir string, which Files) int {
	entries, _ := os.ReadDir(dir)
	n := 0
	for _, e := range entries {
		if which.includes(e) {
			n++
		}
	}
	return n
}

func checkFiles(t *testing.T, dir string, which Files) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		src, err := os.ReadFile(path)
		if !which.includes(e) || err != nil {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil || !which.holds(e.Name(), f.Name.Name) {
			continue
		}
		want := FromFiles([]*ast.File{f})
		got, ok := scanFile(e.Name(), src, which)
		if !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("%s (files %d, scanned %t): scanFile differs from the parser's (-want +got):\n%s", path, which, ok, packageDiff(want, got))
		}
	}
}

// packageDiff lists the entries that differ, (-want +got).
func packageDiff(want, got *Package) string {
	var lines []string
	diff := func(what string, w, g map[string]string) {
		for k, v := range w {
			if gv, ok := g[k]; !ok || gv != v {
				lines = append(lines, fmt.Sprintf("-%s[%q] = %q", what, k, v))
			}
		}
		for k, v := range g {
			if wv, ok := w[k]; !ok || wv != v {
				lines = append(lines, fmt.Sprintf("+%s[%q] = %q", what, k, v))
			}
		}
	}
	if got == nil {
		got = newPackage()
	}
	diff("Funcs", want.Funcs, got.Funcs)
	diff("Fields", want.Fields, got.Fields)
	diff("Enums", enumText(want.Enums), enumText(got.Enums))
	sort.Strings(lines)
	return fmt.Sprint(lines)
}

func enumText(m map[string][]any) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		out[k] = fmt.Sprintf("%#v", v)
	}
	return out
}

// The edge cases read as a person reads them.
func TestParseDirEdgeCases(t *testing.T) {
	p, err := ParseDir("testdata/edge", Source)
	if err != nil {
		t.Fatal(err)
	}
	want := &Package{
		Funcs: map[string]string{
			"Box.Get": "Get gets.", "Box.Set": "Set sets, with a struct result.", "Pair.Paren": "Paren has a receiver with two type arguments.",
			"Slice.Unnamed": "Unnamed has an unnamed receiver.", "Generic": "Generic is a generic function.",
			"NoBody": "NoBody is implemented elsewhere.", "Closure": "Closure returns a function type.",
			"Star": "Star is documented by a block comment.", "DirectiveOnly": "",
		},
		Fields: map[string]string{
			"Box.Value": "Value is the value.", "Box.Count": "line comment for both", "Box.Total": "line comment for both",
			"Box.Block": "Block comment", "Box.Func": "func type", "Box.Tail": "after an explicit semicolon", "Pair.Val": "value",
			"Grouped.G": "g", "Alias.Z": "z",
		},
		Enums: map[string][]any{
			"Level":   {int64(1), int64(2), int64(16), int64(3), int64(4)},
			"Kind":    {"raw", "a", "b", "c"},
			"float64": {0.5, "name"}, // "Name, Other" has float64 carried over, as addConsts reads it
		},
	}
	if !reflect.DeepEqual(p, want) {
		t.Errorf("ParseDir(testdata/edge) (-want +got):\n%s", packageDiff(want, p))
	}
}

// On any source go/parser accepts, the scanner reads what FromFiles reads.
func FuzzParseDirMatchesParser(f *testing.F) {
	for _, seed := range []string{
		"package p\n// F f.\nfunc F() {}\n",
		"package p\ntype T struct{ A int; B string // b\n}\n",
		"package p\ntype P[K comparable, V any] struct{ Key K; Val V /* v */ }\n",
		"package p\nconst ( A T = \"a\"; B = \"b\" ); type T string\n",
		"package p\n/* x */ // y\nfunc (r *R[T]) M() struct{ X int } { return struct{ X int }{} }\n",
		"package p_test\nfunc F()\n",
		"package p\ntype A [N]struct{ X int }\ntype B[P *[]int] struct{ Y int // y\n}\n",
		"package p\n// M m.\nfunc (p (*T)) M() {}\n// N n.\nfunc (a, b T) N() {}\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		file, err := parser.ParseFile(token.NewFileSet(), "f.go", src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil || !Source.holds("f.go", file.Name.Name) {
			return
		}
		want := FromFiles([]*ast.File{file})
		got, ok := scanFile("f.go", []byte(src), Source)
		if !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("scanned %t; (-want +got):\n%s", ok, packageDiff(want, got))
		}
	})
}
