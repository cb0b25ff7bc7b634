package testutil_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
)

func TestMain(m *testing.M) { testutil.Main(m) }

// Concurrent writers and a reader: run with -race to see the lock matter.
func TestBufferConcurrentWrites(t *testing.T) {
	var b testutil.Buffer
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for range 100 {
				fmt.Fprint(&b, i)
				_ = b.String()
			}
		})
	}
	wg.Wait()
	if got := len(b.String()); got != 800 {
		t.Errorf("len = %d, want 800", got)
	}
}

func TestBuildOncePerFlags(t *testing.T) {
	plain := testutil.Build(t, "./testdata/hello")
	if again := testutil.Build(t, "./testdata/hello"); again != plain {
		t.Errorf("second Build = %s, want the first binary %s", again, plain)
	}
	tagged := testutil.Build(t, "./testdata/hello", "-ldflags", "-X main.tag=tagged")
	if tagged == plain || filepath.Base(tagged) != "hello" {
		t.Errorf("tagged binary %s (plain %s)", tagged, plain)
	}
	for bin, want := range map[string]string{plain: "hello plain\n", tagged: "hello tagged\n"} {
		out, err := exec.Command(bin).Output()
		if err != nil || string(out) != want {
			t.Errorf("%s: %q, %v; want %q", bin, out, err, want)
		}
	}
}

func TestCopyDirAndEdit(t *testing.T) {
	src := t.TempDir()
	testutil.WriteFile(t, filepath.Join(src, "a", "b.txt"), "one two")
	dst := testutil.CopyDir(t, src)
	file := filepath.Join(dst, "a", "b.txt")
	testutil.Edit(t, file, "two", "three")
	if b, _ := os.ReadFile(file); string(b) != "one three" {
		t.Errorf("copy after edit = %q", b)
	}
	if b, _ := os.ReadFile(filepath.Join(src, "a", "b.txt")); string(b) != "one two" {
		t.Errorf("source changed: %q", b)
	}
}

// fatalTB records a Fatal instead of failing the real test.
type fatalTB struct {
	testing.TB
	msg string
}

func (f *fatalTB) Helper() {}
func (f *fatalTB) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// An edit whose old text is missing or repeated fails the test instead
// of silently doing nothing or editing the wrong place.
func TestEditRefusesAmbiguousOrMissing(t *testing.T) {
	file := filepath.Join(t.TempDir(), "f.go")
	testutil.WriteFile(t, file, "x x y")
	for _, old := range []string{"x", "z"} {
		f := &fatalTB{TB: t}
		done := make(chan struct{})
		go func() { defer close(done); testutil.Edit(f, file, old, "w") }()
		<-done
		if !strings.Contains(f.msg, "want 1") {
			t.Errorf("Edit(%q): fatal %q, want a count complaint", old, f.msg)
		}
	}
	if b, _ := os.ReadFile(file); string(b) != "x x y" {
		t.Errorf("file changed to %q", b)
	}
}

func TestJSONNames(t *testing.T) {
	type s struct {
		A      int `json:"a,omitempty"`
		B      string
		Skip   int `json:"-"`
		hidden int
		C      []byte `json:"c"`
	}
	_ = s{}.hidden
	got := testutil.JSONNames(reflect.TypeFor[s]())
	if want := []string{"a", "B", "c"}; !slices.Equal(want, got) {
		t.Errorf("JSONNames = %q, want %q", got, want)
	}
}
