package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

func TestMain(m *testing.M) { testutil.Main(m) }

// build compiles this package with extra go build flags, once per flag set,
// and returns the binary's path.
func build(t *testing.T, flags ...string) string {
	t.Helper()
	return testutil.Build(t, ".", flags...)
}

// startBinary runs bin in dir over stdio and connects a client to it.
func startBinary(t *testing.T, bin, dir string) (*sdk.Client, *testutil.Buffer) {
	t.Helper()
	stderr := &testutil.Buffer{}
	conn, err := transport.Command(bin, nil, &transport.CommandOptions{Dir: dir, Stderr: stderr})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, err := sdk.Connect(ctx, conn, nil)
	if err != nil {
		conn.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close(); conn.Close() })
	return c, stderr
}

func TestSubprocess(t *testing.T) {
	c, _ := startBinary(t, build(t), t.TempDir())
	if got := c.ServerInfo().Name; got != "Bookshop" {
		t.Errorf("server name %q", got)
	}
	res := call(t, c, "search_books", `{"query":"le guin"}`)
	var got SearchResult
	if err := json.Unmarshal(res.StructuredContent, &got); err != nil || got.Total != 1 || got.Matches[0].Title != "The Left Hand of Darkness" {
		t.Errorf("search_books: %s", res.StructuredContent)
	}
	res = call(t, c, "add_book", `{"book":{"title":"Station Eleven","author":"Emily St. John Mandel","year":2014,"genre":"fiction"}}`)
	if res.IsError {
		t.Fatal(text(t, res))
	}
	res = call(t, c, "get_book", `{"isbn_or_title":"station eleven"}`)
	if res.IsError || !strings.Contains(text(t, res), `"author": "Emily St. John Mandel"`) {
		t.Errorf("get_book after add_book: %q", text(t, res))
	}
}

// descriptions lists what lacks a description in tools: the tool itself or
// any property of its input schema (including those of $defs).
func missingDescriptions(tools []sdk.ToolInfo) (missing []string, seen int) {
	for _, tl := range tools {
		seen++
		if tl.Description == "" {
			missing = append(missing, tl.Name)
		}
		var s struct {
			Properties map[string]struct{ Description string } `json:"properties"`
			Defs       map[string]struct {
				Properties map[string]struct{ Description string } `json:"properties"`
			} `json:"$defs"`
		}
		_ = json.Unmarshal(tl.InputSchema, &s)
		props := map[string]struct{ Description string }{}
		for k, v := range s.Properties {
			props[tl.Name+"."+k] = v
		}
		for d, def := range s.Defs {
			for k, v := range def.Properties {
				props[tl.Name+".$defs."+d+"."+k] = v
			}
		}
		for k, v := range props {
			seen++
			if v.Description == "" {
				missing = append(missing, k)
			}
		}
	}
	return missing, seen
}

// movedBinary copies bin into a fresh directory (no Go source anywhere near
// it) and starts it there.
func movedBinary(t *testing.T, bin string) (*sdk.Client, *testutil.Buffer) {
	t.Helper()
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	moved := filepath.Join(dir, "bookshop")
	if err := os.WriteFile(moved, data, 0o755); err != nil {
		t.Fatal(err)
	}
	return startBinary(t, moved, dir)
}

// A -trimpath build records source paths that do not exist on disk, so the
// only place left for the doc comments is the generated table.
func TestMovedBinaryKeepsDescriptions(t *testing.T) {
	c, stderr := movedBinary(t, build(t, "-trimpath"))
	tools, err := c.ListTools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	missing, seen := missingDescriptions(tools)
	if len(missing) > 0 || seen < 13 {
		t.Errorf("moved binary: %d of %d descriptions missing: %v", len(missing), seen, missing)
	}
	if strings.Contains(stderr.String(), "warning") {
		t.Errorf("unexpected warning on stderr:\n%s", stderr)
	}
}

// The same build without mcpdocs_gen.go (removed with an overlay) loses the
// descriptions and the enum, and says so on stderr with what to run: the
// table is what makes it work.
func TestMovedBinaryWithoutTable(t *testing.T) {
	gen, err := filepath.Abs("mcpdocs_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	overlay := filepath.Join(t.TempDir(), "overlay.json")
	ov, _ := json.Marshal(map[string]map[string]string{"Replace": {gen: ""}})
	if err := os.WriteFile(overlay, ov, 0o644); err != nil {
		t.Fatal(err)
	}
	c, stderr := movedBinary(t, build(t, "-trimpath", "-overlay", overlay))
	tools, err := c.ListTools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	missing, seen := missingDescriptions(tools)
	if len(missing) != seen {
		t.Errorf("without the table %d of %d descriptions survived; want none", seen-len(missing), seen)
	}
	wants := []string{
		"sdk: warning: the doc comments of package main are not in this binary",
		"//go:generate go run github.com/mcpdev/mcpdev/cmd/mcpdocs\nto package main and run `go generate` there",
		"the constants declared for main.Genre, so any value is accepted",
	}
	for _, tool := range []string{"search_books (the doc comment of SearchBooks)", "get_book (the doc comment of GetBook)", "add_book (the doc comment of AddBook)"} {
		name, doc, _ := strings.Cut(tool, " ")
		wants = append(wants, "sdk: warning: tool "+name+" lost its description "+doc)
	}
	for _, want := range wants {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}

// The committed mcpdocs_gen.go must match the comments in the source.
func TestGeneratedDocsUpToDate(t *testing.T) {
	out := filepath.Join(t.TempDir(), "gen.go")
	cmd := exec.Command("go", "run", "github.com/mcpdev/mcpdev/cmd/mcpdocs", "-o", out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mcpdocs: %v\n%s", err, b)
	}
	got, _ := os.ReadFile(out)
	want, _ := os.ReadFile("mcpdocs_gen.go")
	if !bytes.Equal(got, want) {
		t.Errorf("mcpdocs_gen.go is stale: run go generate ./examples/bookshop\n%s", got)
	}
}
