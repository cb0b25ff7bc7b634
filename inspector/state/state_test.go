package state

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/mcpdev/mcpdev/inspector/target"
)

func TestStateRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mcpdev", "state.json")
	s, err := Load(path)
	if err != nil {
		t.Fatalf("missing file: %v", err)
	}
	s.SetArgs("go:/srv/a", "search_books", json.RawMessage(`{ "query": "dune",  "limit": 5 }`))
	s.SetArgs("go:/srv/b", "echo", json.RawMessage(`{"message":"hi"}`))
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	again, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(again.Args("go:/srv/a", "search_books")); got != `{"query":"dune","limit":5}` {
		t.Errorf("search_books = %s", got)
	}
	if got := again.Tools("go:/srv/b"); len(got) != 1 || string(got["echo"]) != `{"message":"hi"}` {
		t.Errorf("server b = %v", got)
	}
	if again.Args("go:/srv/a", "echo") != nil {
		t.Error("args of another server's tool")
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("left files beside the state: %v", entries)
	}
}

// Two mcpdev processes share the file: saving one does not undo the other.
func TestStateSaveMerges(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	a, _ := Load(path)
	b, _ := Load(path)
	a.SetArgs("s", "t1", json.RawMessage(`{"x":1}`))
	b.SetArgs("s", "t2", json.RawMessage(`{"y":2}`))
	if err := a.Save(); err != nil {
		t.Fatal(err)
	}
	if err := b.Save(); err != nil {
		t.Fatal(err)
	}
	c, _ := Load(path)
	if c.Args("s", "t1") == nil || c.Args("s", "t2") == nil {
		t.Errorf("merged state = %v", c.Tools("s"))
	}
}

func TestStateCorruptIsReportedAndIgnored(t *testing.T) {
	for name, content := range map[string]string{
		"truncated": `{"version":1,"servers":{"s":{"t":{"x":`,
		"garbage":   "\x00\x01not json",
		"wrongtype": `{"servers":[1,2,3]}`,
	} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "state.json")
			os.WriteFile(path, []byte(content), 0o644)
			s, err := Load(path)
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("err = %v, want ErrCorrupt", err)
			}
			if s == nil || s.Args("s", "t") != nil {
				t.Fatal("want an empty, usable state")
			}
			s.SetArgs("s", "t", json.RawMessage(`{"ok":true}`))
			if err := s.Save(); err != nil {
				t.Fatalf("save over a corrupt file: %v", err)
			}
			again, err := Load(path)
			if err != nil || string(again.Args("s", "t")) != `{"ok":true}` {
				t.Errorf("after rewrite: %v, %s", err, again.Args("s", "t"))
			}
		})
	}
}

func TestStateUnwritableDirIsAnError(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	os.WriteFile(blocker, []byte("x"), 0o644)
	s, _ := Load(filepath.Join(blocker, "state.json"))
	s.SetArgs("s", "t", json.RawMessage(`{}`))
	if err := s.Save(); err == nil {
		t.Error("saving under a file: no error")
	}
}

func TestStateKey(t *testing.T) {
	a := Key(&target.Target{Kind: target.KindGo, GoPath: "x/y"})
	abs, _ := filepath.Abs("x/y")
	if a != "go:"+abs {
		t.Errorf("go key = %q", a)
	}
	if k := Key(&target.Target{Kind: target.KindHTTP, URL: "http://h/mcp"}); k != "http:http://h/mcp" {
		t.Errorf("http key = %q", k)
	}
	if Key(&target.Target{Kind: target.KindCommand, Command: "node", Args: []string{"a.js"}, Dir: "/p"}) == Key(&target.Target{Kind: target.KindCommand, Command: "node", Args: []string{"a.js"}, Dir: "/q"}) {
		t.Error("same key for commands in different directories")
	}
}
