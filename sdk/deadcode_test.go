package sdk_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestServerBinaryKeepsDeadMethodsOut builds a tutorial server and checks
// that the linker could still drop unused methods. A reflect MethodByName
// (or Method) call whose name the linker cannot see makes it keep every
// exported method of every type: 2 MB more text in every server (7.8 →
// 9.8 MB for the 03 example) and a larger RSS. strings.(*Builder).Cap is a
// method nothing in a server calls, so it is in the binary only then.
func TestServerBinaryKeepsDeadMethodsOut(t *testing.T) {
	if symbols := serverSymbols(t); symbols[" T strings.(*Builder).Cap"] {
		t.Fatalf("strings.(*Builder).Cap is linked: something calls reflect's MethodByName or Method with a name the linker cannot see, so every exported method stays in the binary")
	}
}

// TestServerBinaryDoesNotParseGo: a server reads its tools' doc comments
// with go/scanner (internal/godoc.ParseDir), so go/parser, linked only for
// its package init (invopop/jsonschema imports it), adds no pages to a
// server's start-up (issue 19: 0.3 MB less text, a third of the cost of
// reading the docs).
func TestServerBinaryDoesNotParseGo(t *testing.T) {
	if symbols := serverSymbols(t); symbols[" T go/parser.ParseFile"] {
		t.Fatal("go/parser.ParseFile is linked into a server binary: something in the sdk parses Go source into syntax trees")
	}
}

// serverSymbols builds the 03 tutorial server once and returns the lines
// of go tool nm's listing of it, without their addresses.
var serverSymbols = func() func(t *testing.T) map[string]bool {
	var once sync.Once
	var symbols map[string]bool
	var failure string
	return func(t *testing.T) map[string]bool {
		t.Helper()
		if testing.Short() {
			t.Skip("builds a binary")
		}
		once.Do(func() { symbols, failure = buildServerSymbols() })
		if failure != "" {
			t.Fatal(failure)
		}
		return symbols
	}
}()

func buildServerSymbols() (map[string]bool, string) {
	dir, err := os.MkdirTemp("", "deadcode")
	if err != nil {
		return nil, err.Error()
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "server")
	build := exec.Command("go", "build", "-o", bin, "../examples/tutorial/03-field-constraints")
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Sprintf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command("go", "tool", "nm", bin).Output()
	if err != nil {
		return nil, fmt.Sprintf("go tool nm: %v", err)
	}
	symbols := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		line = strings.TrimLeft(line, " ")
		if i := strings.Index(line, " "); i >= 0 {
			symbols[line[i:]] = true // " T name"
		}
	}
	return symbols, ""
}
