package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/peers"
	"github.com/mcpdev/mcpdev/internal/testutil"
)

// serverFilesystem is the official filesystem server started on dir, as
// the words after --.
func serverFilesystem(t *testing.T, dir string) []string {
	t.Helper()
	node, files := peers.Find(t, "@modelcontextprotocol/server-filesystem/dist/index.js")
	return []string{"--", node, files[0], dir}
}

// The official filesystem server replaces the directories it was started
// on with the client's roots. mcpdev offers none unless --root asks (as
// the official Inspector CLI does): a write beside the server's directory
// is refused and creates nothing, from the server's working directory too;
// with --root the server sees that root, and only it.
func TestNoRootUnlessAskedServerFilesystem(t *testing.T) {
	tmp := t.TempDir()
	fsroot := filepath.Join(tmp, "fsroot")
	if err := os.Mkdir(fsroot, 0o755); err != nil {
		t.Fatal(err)
	}
	fs := serverFilesystem(t, fsroot)
	beside := filepath.Join(tmp, "beside.txt")
	for _, args := range [][]string{
		{"call", "write_file", "path=" + beside, "content=written"},
		{"call", "--cwd", tmp, "write_file", "path=" + beside, "content=written"}, // the server's working directory is not offered either
	} {
		r := mcpdev(t, append(args, fs...)...)
		if r.code != 5 || !strings.Contains(r.stdout, "outside allowed directories") {
			t.Errorf("%v: exit %d, want 5 (refused by the server)\nstdout:\n%s\nstderr:\n%s", args, r.code, r.stdout, r.stderr)
		}
		if _, err := os.Stat(beside); !os.IsNotExist(err) {
			t.Fatalf("%v: the write outside %s created %s", args, fsroot, beside)
		}
	}
	inside := filepath.Join(fsroot, "inside.txt")
	if r := mcpdev(t, append([]string{"call", "write_file", "path=" + inside, "content=written"}, fs...)...); r.code != 0 {
		t.Fatalf("a write inside the server's directory: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if b, err := os.ReadFile(inside); err != nil || string(b) != "written" {
		t.Fatalf("inside.txt: %q, %v", b, err)
	}
	r := mcpdev(t, append([]string{"call", "--cwd", tmp, "list_allowed_directories"}, fs...)...)
	if r.code != 0 || !strings.Contains(r.stdout, "Allowed directories:\n"+fsroot+"\n") {
		t.Errorf("without --root the server keeps to %s: exit %d\n%s%s", fsroot, r.code, r.stdout, r.stderr)
	}
}

// A test session offers the roots of its root lines, none without any:
// not its own directory, not the server's working directory.
func TestSessionOffersNoRootUnlessAsked(t *testing.T) {
	node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
	dir := t.TempDir()
	session := filepath.Join(dir, "roots.txtar")
	testutil.WriteFile(t, session, "target --cwd "+dir+" -- "+node+" "+files[0]+" stdio\n"+
		"call get-roots-list\n  text contains \"The client supports roots but no roots are currently configured.\"\n")
	if r := mcpdev(t, "test", session); r.code != 0 || !strings.HasSuffix(strings.TrimSpace(r.stdout), "1 passed, 0 failed") {
		t.Errorf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}
