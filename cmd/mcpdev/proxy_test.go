package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/peers"
)

// proxyEnv runs mcpdev with its own state directory, so the sessions a
// test saves are the only ones it sees.
type proxyEnv struct {
	t     *testing.T
	state string
	dir   string
}

func newProxyEnv(t *testing.T) *proxyEnv {
	return &proxyEnv{t: t, state: t.TempDir(), dir: t.TempDir()}
}

func (e *proxyEnv) run(args ...string) result {
	e.t.Helper()
	cmd := exec.Command(mcpdevBin, args...)
	cmd.Dir = repoRoot
	cmd.Env = append(os.Environ(), "MCPDEV_CACHE="+buildCache, "MCPDEV_STATE="+e.state)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := result{stdout: out.String(), stderr: errb.String()}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		r.code = ee.ExitCode()
	} else if err != nil {
		e.t.Fatal(err)
	}
	return r
}

// build compiles a server of the repository into the test's directory.
func (e *proxyEnv) build(pkg string) string {
	e.t.Helper()
	bin := filepath.Join(e.dir, filepath.Base(pkg))
	cmd := exec.Command("go", "build", "-o", bin, "./"+pkg)
	cmd.Dir = repoRoot
	if out, err := cmd.CombinedOutput(); err != nil {
		e.t.Fatalf("build %s: %v\n%s", pkg, err, out)
	}
	return bin
}

func (e *proxyEnv) sessions() []map[string]any {
	e.t.Helper()
	r := e.run("sessions", "--json")
	var list []map[string]any
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &list) != nil {
		e.t.Fatalf("sessions --json: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	return list
}

// A client's session through the shim becomes a test: it passes twice
// against the unchanged server, fails naming what changed against a
// server that answers differently, passes after -update; and the mock
// answers the same client run the same way.
func TestProxyCaptureTestUpdateMock(t *testing.T) {
	e := newProxyEnv(t)
	server := e.build(raw)
	// The server reads GREETING, unset here (a capture does not record the
	// environment: it may hold secrets), set to change its answer below.
	shim := []string{"--", mcpdevBin, "proxy", "--label", "raw", "--", server}
	r := e.run(append([]string{"call", "env", "name=GREETING", "--json"}, shim...)...)
	direct := r.stdout
	if r.code != 0 || !strings.Contains(r.stdout, `"content"`) {
		t.Fatalf("call through the shim: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	list := e.sessions()
	if len(list) != 1 || list[0]["label"] != "raw" || list[0]["exit"] != 0.0 {
		t.Fatalf("sessions: %v", list)
	}
	id := list[0]["id"].(string)

	show := e.run("sessions", "show", id)
	for _, want := range []string{"→ request      #2 initialize", "← result       #2 initialize (", "← result       #4 tools/call (", "server exit status 0"} {
		if !strings.Contains(show.stdout, want) {
			t.Errorf("sessions show lacks %q:\n%s", want, show.stdout)
		}
	}

	file := filepath.Join(e.dir, "raw.txtar")
	if r := e.run("sessions", "test", id, "-o", file); r.code != 0 {
		t.Fatalf("sessions test: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	for i := range 2 {
		if r := e.run("test", file); r.code != 0 || !strings.Contains(r.stdout, "1 passed, 0 failed") {
			t.Fatalf("run %d against the unchanged server: exit %d\n%s%s", i+1, r.code, r.stdout, r.stderr)
		}
	}
	changed := []string{"--", "/usr/bin/env", "GREETING=goodbye", server}
	r = e.run(append([]string{"test", file}, changed...)...)
	if r.code == 0 || !strings.Contains(r.stdout, "goodbye") || !strings.Contains(r.stdout, "0 passed, 1 failed") {
		t.Fatalf("a changed answer passed, or the failure does not show it: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := e.run(append([]string{"test", "-update", file}, changed...)...); r.code != 0 {
		t.Fatalf("-update: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := e.run(append([]string{"test", file}, changed...)...); r.code != 0 {
		t.Fatalf("after -update: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}

	// The mock answers the same client run as the server did.
	r = e.run("call", "env", "name=GREETING", "--json", "--", mcpdevBin, "mock", id)
	if r.code != 0 || r.stdout != direct {
		t.Fatalf("call against the mock: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = e.run("call", "env", "name=HOME", "--", mcpdevBin, "mock", id)
	if r.code == 0 || !strings.Contains(r.stderr, "the capture has no answer to this request: tools/call") {
		t.Fatalf("an unrecorded call: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// The sdk's own client speaks both eras through the shim, and each
// capture replays as a test.
func TestProxyBothEras(t *testing.T) {
	e := newProxyEnv(t)
	server := e.build(tutorial03)
	for _, era := range []string{"legacy", "2026"} {
		r := e.run("call", "--protocol", era, "search_books", "query=dune", "--", mcpdevBin, "proxy", "--label", era, "--", server)
		if r.code != 0 || !strings.Contains(r.stdout, "Found 3 books") {
			t.Fatalf("%s: exit %d\n%s%s", era, r.code, r.stdout, r.stderr)
		}
	}
	for _, s := range e.sessions() {
		file := filepath.Join(e.dir, s["label"].(string)+".txtar")
		if r := e.run("sessions", "test", s["id"].(string), "-o", file); r.code != 0 {
			t.Fatalf("sessions test: %s%s", r.stdout, r.stderr)
		}
		if r := e.run("test", "--protocol", s["label"].(string), file); r.code != 0 {
			t.Errorf("%s capture as a test: exit %d\n%s%s", s["label"], r.code, r.stdout, r.stderr)
		}
	}
}

// The official MCP Inspector CLI talks to server-everything through the
// shim; its capture replays as a test, and the mock answers it the same.
func TestProxyInspectorCLIAndEverything(t *testing.T) {
	node, files := peers.Find(t, peers.InspectorCLI, "@modelcontextprotocol/server-everything/dist/index.js")
	e := newProxyEnv(t)
	home := t.TempDir()
	e.state = filepath.Join(home, ".local", "state", "mcpdev")
	inspector := func(server ...string) (string, int) {
		args := append([]string{files[0], "--cli"}, server...)
		args = append(args, "--method", "tools/call", "--tool-name", "echo", "--tool-arg", "message=through the shim")
		cmd := exec.Command(node, args...)
		cmd.Dir = home
		// The Inspector passes its server only a few variables (HOME, PATH…):
		// the shim saves under HOME's state directory.
		cmd.Env = append(os.Environ(), "HOME="+home, "XDG_STATE_HOME=", "MCP_CATALOG_PATH="+filepath.Join(home, "mcp.json"))
		out, err := cmd.Output()
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatal(err)
		}
		return string(out), cmd.ProcessState.ExitCode()
	}
	out, code := inspector(mcpdevBin, "proxy", "--label", "everything", "--", node, files[1])
	if code != 0 || !strings.Contains(out, "Echo: through the shim") {
		t.Fatalf("Inspector CLI through the shim: exit %d\n%s", code, out)
	}
	list := e.sessions()
	if len(list) != 1 {
		t.Fatalf("sessions: %v", list)
	}
	id := list[0]["id"].(string)
	file := filepath.Join(e.dir, "everything.txtar")
	if r := e.run("sessions", "test", id, "-o", file); r.code != 0 {
		t.Fatalf("sessions test: %s%s", r.stdout, r.stderr)
	}
	for i := range 2 {
		if r := e.run("test", file); r.code != 0 {
			t.Fatalf("run %d: exit %d\n%s%s", i+1, r.code, r.stdout, r.stderr)
		}
	}
	mocked, code := inspector(mcpdevBin, "mock", id)
	if code != 0 || mocked != out {
		t.Errorf("the mock answered the Inspector CLI differently: exit %d\n%s\nwant\n%s", code, mocked, out)
	}
}
