package sdkhttp_test

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"io/fs"
	"reflect"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
)

// `go doc sdkhttp.Options` shows the alias's own doc comment only: it
// lists every field of the struct (and says what it defaults to), so that
// a user need not follow the alias to another package.
func TestOptionsDocListsEveryField(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, f := range pkgs["sdkhttp"].Files {
		files = append(files, f)
	}
	p, err := doc.NewFromFiles(fset, files, "github.com/mcpdev/mcpdev/sdk/sdkhttp")
	if err != nil {
		t.Fatal(err)
	}
	var text string
	for _, ty := range p.Types {
		if ty.Name == "Options" {
			text = ty.Doc
		}
	}
	for f := range reflect.TypeFor[sdkhttp.Options]().Fields() {
		if !strings.Contains(text, "  - "+f.Name+":") {
			t.Errorf("Options' doc has no item for the field %s (a line \"  - %s: …\"):\n%s", f.Name, f.Name, text)
		}
	}
}
