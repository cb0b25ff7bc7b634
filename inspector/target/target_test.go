package target

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/inspector"
)

func TestResolve(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string, mode os.FileMode) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), mode); err != nil {
			t.Fatal(err)
		}
		return p
	}
	goFile := write("server.go", "package main", 0o644)
	write("server.py", "", 0o644)
	write("server.js", "", 0o644)
	bin := write("server-bin", "#!/bin/sh\n", 0o755)
	write("notes.txt", "", 0o644)
	config := write("mcp.json", `{"mcpServers":{
		"py":{"command":"python3","args":["s.py"],"env":{"B":"2","A":"1"},"cwd":"sub"},
		"web":{"url":"http://127.0.0.1:9/mcp","headers":{"Authorization":"Bearer x"}}}}`, 0o644)

	tests := []struct {
		name  string
		words []string
		opts  ResolveOptions
		check func(t *testing.T, tg *Target)
		err   string
	}{
		{name: "go file", words: []string{"server.go"}, opts: ResolveOptions{BaseDir: dir}, check: func(t *testing.T, tg *Target) {
			if tg.Kind != KindGo || tg.GoPath != goFile {
				t.Errorf("%+v", tg)
			}
		}},
		{name: "go package dir", words: []string{dir}, check: func(t *testing.T, tg *Target) {
			if tg.Kind != KindGo || tg.GoPath != dir {
				t.Errorf("%+v", tg)
			}
		}},
		{name: "python", words: []string{filepath.Join(dir, "server.py")}, check: func(t *testing.T, tg *Target) {
			if tg.Kind != KindCommand || !strings.HasSuffix(tg.Args[len(tg.Args)-1], "server.py") {
				t.Errorf("%+v", tg)
			}
		}},
		{name: "node", words: []string{filepath.Join(dir, "server.js")}, check: func(t *testing.T, tg *Target) {
			if tg.Kind != KindCommand || !strings.Contains(filepath.Base(tg.Command), "node") {
				t.Errorf("%+v", tg)
			}
		}},
		{name: "executable", words: []string{bin}, check: func(t *testing.T, tg *Target) {
			if tg.Kind != KindCommand || tg.Command != bin {
				t.Errorf("%+v", tg)
			}
		}},
		{name: "url with headers", words: []string{"https://example.com/mcp"}, opts: ResolveOptions{Headers: []string{"X-Key: 1"}}, check: func(t *testing.T, tg *Target) {
			if tg.Kind != KindHTTP || tg.Headers["X-Key"] != "1" {
				t.Errorf("%+v", tg)
			}
		}},
		{name: "command", words: []string{"--", "./srv", "--flag"}, opts: ResolveOptions{BaseDir: dir, Env: []string{"K=V"}}, check: func(t *testing.T, tg *Target) {
			if tg.Command != filepath.Join(dir, "srv") || tg.Args[0] != "--flag" || tg.Env[0] != "K=V" || tg.Dir != dir {
				t.Errorf("%+v", tg)
			}
		}},
		{name: "config command", opts: ResolveOptions{Config: config, Server: "py"}, check: func(t *testing.T, tg *Target) {
			if tg.Command != "python3" || strings.Join(tg.Env, ",") != "A=1,B=2" || tg.Dir != filepath.Join(dir, "sub") || tg.Name != "py" {
				t.Errorf("%+v", tg)
			}
		}},
		{name: "config url", opts: ResolveOptions{Config: config, Server: "web"}, check: func(t *testing.T, tg *Target) {
			if tg.Kind != KindHTTP || tg.Headers["Authorization"] != "Bearer x" {
				t.Errorf("%+v", tg)
			}
		}},
		{name: "config needs a name", opts: ResolveOptions{Config: config}, err: "pick one with --server (py, web)"},
		{name: "config unknown name", opts: ResolveOptions{Config: config, Server: "nope"}, err: `no server "nope" (have: py, web)`},
		{name: "missing file", words: []string{filepath.Join(dir, "nope.go")}, err: "no such file"},
		{name: "not a server", words: []string{filepath.Join(dir, "notes.txt")}, err: "not a .go, .py or .js file"},
		{name: "nothing", err: "no target"},
		{name: "two words", words: []string{"a", "b"}, err: "one target expected"},
		{name: "bad env", words: []string{"--", "x"}, opts: ResolveOptions{Env: []string{"NOEQUALS"}}, err: "want KEY=VALUE"},
		{name: "bad header", words: []string{"http://x/mcp"}, opts: ResolveOptions{Headers: []string{"nocolon"}}, err: "want \"Name: value\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tg, err := Resolve(tt.words, &tt.opts)
			if tt.err != "" {
				var ue *inspector.UsageError
				if !errors.As(err, &ue) || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err %v, want usage error with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, tg)
		})
	}
}

// The API the TUI uses: Connect, then Diagnose once the server is gone.
func TestConnectionDiagnose(t *testing.T) {
	tg, err := Resolve([]string{"../testdata/servers/crashy"}, &ResolveOptions{BuildCache: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	var stderr []string
	c, err := tg.Connect(context.Background(), &ConnectOptions{OnStderr: func(l string) { stderr = append(stderr, l) }})
	if err != nil {
		t.Fatal(inspector.Describe(err))
	}
	defer c.Close()
	if c.ServerInfo().Name != "crashy" || c.Binary == "" {
		t.Errorf("server %+v, binary %q", c.ServerInfo(), c.Binary)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err = c.CallTool(ctx, "crash", nil, nil)
	<-c.Done()
	r := c.Diagnose(err)
	if r.Kind != "exited" || !strings.Contains(r.Summary, "code 2") || !strings.Contains(r.String(), "panic: out of cheese") {
		t.Errorf("report:\n%s", r)
	}
	if exited, code := c.ExitState(); !exited || code != 2 {
		t.Errorf("ExitState = %v, %d", exited, code)
	}
	if len(stderr) == 0 || stderr[0] != "panic: out of cheese" {
		t.Errorf("OnStderr saw %q", stderr)
	}
}
