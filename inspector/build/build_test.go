package build

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An unchanged program is not rebuilt; a changed one is.
func TestBuildCache(t *testing.T) {
	src := t.TempDir()
	os.WriteFile(filepath.Join(src, "go.mod"), []byte("module example.com/tiny\n\ngo 1.22\n"), 0o644)
	mainGo := filepath.Join(src, "main.go")
	os.WriteFile(mainGo, []byte("package main\n\nfunc main() { println(1) }\n"), 0o644)
	cache := t.TempDir()
	ctx := context.Background()
	first, err := Binary(ctx, src, cache)
	if err != nil {
		t.Fatal(err)
	}
	fi1, _ := os.Stat(first)
	second, err := Binary(ctx, src, cache)
	if err != nil {
		t.Fatal(err)
	}
	fi2, _ := os.Stat(second)
	if first != second || !fi1.ModTime().Equal(fi2.ModTime()) {
		t.Errorf("rebuilt unchanged code: %s → %s", first, second)
	}
	os.WriteFile(mainGo, []byte("package main\n\nfunc main() { println(2) }\n"), 0o644)
	third, err := Binary(ctx, src, cache)
	if err != nil {
		t.Fatal(err)
	}
	if third == first {
		t.Error("changed code got the old binary")
	}
	if _, err := os.Stat(first); !os.IsNotExist(err) {
		t.Error("the old build was not cleared")
	}

	os.WriteFile(mainGo, []byte("package main\n\nfunc main() {\n\tnope()\n}\n"), 0o644)
	_, err = Binary(ctx, src, cache)
	var be *Error
	if !errors.As(err, &be) || len(be.Problems) != 1 || be.Problems[0].Line != 4 || !strings.HasSuffix(be.Problems[0].File, "main.go") || be.Problems[0].Message != "undefined: nope" {
		t.Fatalf("build error: %#v", err)
	}
}
