package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/peers"
	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
)

// The mcpdev binary, built once, and a build cache shared by every run.
var mcpdevBin, buildCache, repoRoot string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "mcpdev-e2e")
	if err != nil {
		panic(err)
	}
	mcpdevBin = filepath.Join(dir, "mcpdev")
	buildCache = filepath.Join(dir, "cache")
	repoRoot, _ = filepath.Abs("../..")
	if out, err := exec.Command("go", "build", "-o", mcpdevBin, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building mcpdev: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

type result struct {
	code           int
	stdout, stderr string
}

// expect fails t for each of stdout and stderr the output lacks.
func (r result) expect(t *testing.T, stdout, stderr []string) {
	t.Helper()
	for _, s := range stdout {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("stdout lacks %q:\n%s", s, r.stdout)
		}
	}
	for _, s := range stderr {
		if !strings.Contains(r.stderr, s) {
			t.Errorf("stderr lacks %q:\n%s", s, r.stderr)
		}
	}
}

// errJSON decodes the last stderr line: the JSON description of the failure.
func (r result) errJSON(t *testing.T) map[string]any {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	var v map[string]any
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &v); err != nil {
		t.Fatalf("last stderr line is not JSON: %q", lines[len(lines)-1])
	}
	return v
}

// mcpdev runs the binary from the repository root, with the tests' build cache.
func mcpdev(t *testing.T, args ...string) result {
	t.Helper()
	return mcpdevWith(t, buildCache, args...)
}

const (
	tutorial03 = "examples/tutorial/03-field-constraints"
	raw        = "inspector/testdata/servers/raw"
)

func TestExitCodes(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		code     int
		kind     string // the JSON line's kind
		stdout   []string
		stderr   []string
		noStdout bool
	}{
		{name: "call ok", args: []string{"call", tutorial03, "search_books", "query=dune", "limit=5"}, code: 0,
			stdout: []string{"Found 3 books matching 'dune' (showing up to 5).\n", "structuredContent:\n{\n  \"result\": \"Found 3 books matching 'dune' (showing up to 5).\"\n}"}},
		{name: "usage: no tool", args: []string{"call", tutorial03}, code: 1, kind: "error", stderr: []string{"no tool name"}},
		{name: "usage: bad pair", args: []string{"call", tutorial03, "search_books", "query"}, code: 1, kind: "error", stderr: []string{"want key=value"}},
		{name: "usage: two targets", args: []string{"tools", tutorial03, "x"}, code: 1, kind: "error", stderr: []string{"want exactly one target"}},
		{name: "refused by schema", args: []string{"call", tutorial03, "search_books", "query=dune", "limit=500"}, code: 2, kind: "arguments-refused",
			stderr: []string{"limit: Input should be less than or equal to 50", "arguments of search_books:", "limit            integer · 1–50 · default 10", "--no-validate"}, noStdout: true},
		{name: "every problem listed", args: []string{"call", tutorial03, "search_books", "limit=0", "genre=scifi", "extra=1"}, code: 2, kind: "arguments-refused",
			stderr: []string{"query: Field required", "limit: Input should be greater than or equal to 1", "genre: Input should be 'fiction', 'non-fiction' or 'poetry'"}}, // extra=1: ignored, as the seed ignores it
		{name: "server refuses", args: []string{"call", tutorial03, "search_books", "query=dune", "limit=500", "--no-validate"}, code: 5, kind: "tool-error",
			stdout: []string{"Input should be less than or equal to 50", "isError: true"}},
		{name: "no such tool", args: []string{"call", tutorial03, "search_bookz"}, code: 5, kind: "tool-error", stderr: []string{`no tool named "search_bookz" (the server has: search_books)`}},
		{name: "server does not start", args: []string{"tools", "inspector/testdata/broken/exits"}, code: 4, kind: "connect-failed", stderr: []string{"exited with code 3"}},
		{name: "invalid tool schema", args: []string{"tools", raw, "--strict"}, code: 6, kind: "invalid-schema", stderr: []string{"tool bad_schema has an invalid schema: inputSchema /properties/x/type"}},
		{name: "invalid schema, call", args: []string{"call", raw, "bad_schema", "--strict"}, code: 6, kind: "invalid-schema"},
		{name: "invalid schema only warns", args: []string{"tools", raw}, code: 0, stderr: []string{"warning: tool bad_schema has an invalid schema"}},
		{name: "JSON-RPC error", args: []string{"call", raw, "rpc_error"}, code: 7, kind: "jsonrpc-error", stderr: []string{"database is down"}},
		{name: "timeout", args: []string{"call", raw, "slow", "ms=5000", "--timeout", "300ms"}, code: 8, kind: "timeout", stderr: []string{"tools/call slow: no answer within 300ms"}},
		{name: "progress restarts the timeout", args: []string{"call", raw, "progress", "steps=12", "ms=100", "--timeout", "1s"}, code: 0, stdout: []string{"done after 12 steps"}},
		{name: "tools table", args: []string{"tools", "examples/tutorial/05-title-and-annotations"}, code: 0,
			stdout: []string{"NAME", "REQUIRED ARGS", "search_books  Search the catalog  read-only open-world=false  query"}},
		{name: "python target", args: []string{"call", "inspector/testdata/servers/scripts/echo.py", "echo", "message=hi"}, code: 0, stdout: []string{"python says: hi"}},
		{name: "node target", args: []string{"call", "inspector/testdata/servers/scripts/echo.js", "echo", "message=hi"}, code: 0, stdout: []string{"node says: hi"}},
		{name: "command target with env", args: []string{"call", "--env", "GREETING=hello there", "env", "name=GREETING", "--", "go", "run", "./" + raw}, code: 0, stdout: []string{"hello there"}},
		{name: "cwd", args: []string{"call", raw, "cwd", "--cwd", "inspector"}, code: 0, stdout: []string{filepath.Join(repoRoot, "inspector") + "\n"}},
		{name: "coercion", args: []string{"call", raw, "echo", "message=42", "count=3", "ratio=0.5", "loud=true", "tags=a,b", "mode=b", `meta={"k":[1]}`}, code: 0,
			stdout: []string{`{"count":3,"loud":true,"message":"42","meta":{"k":[1]},"mode":"b","ratio":0.5,"tags":["a","b"]}`}},
		{name: "args-json under pairs", args: []string{"call", raw, "echo", "--args-json", `{"message":"a","count":1}`, "count=2"}, code: 0, stdout: []string{`{"count":2,"message":"a"}`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if strings.Contains(tt.name, "python") && !hasAny("uv", "python3", "python") {
				t.Skip("no python")
			}
			if strings.Contains(tt.name, "node") && !hasAny("node") {
				t.Skip("no node")
			}
			r := mcpdev(t, tt.args...)
			if r.code != tt.code {
				t.Fatalf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, tt.code, r.stdout, r.stderr)
			}
			r.expect(t, tt.stdout, tt.stderr)
			if tt.noStdout && r.stdout != "" {
				t.Errorf("stdout should be empty:\n%s", r.stdout)
			}
			if tt.code != 0 {
				j := r.errJSON(t)
				if int(j["exitCode"].(float64)) != tt.code {
					t.Errorf("JSON exitCode %v, want %d", j["exitCode"], tt.code)
				}
				if tt.kind != "" && j["kind"] != tt.kind {
					t.Errorf("JSON kind %v, want %s", j["kind"], tt.kind)
				}
			}
		})
	}
}

func hasAny(names ...string) bool {
	for _, n := range names {
		if _, err := exec.LookPath(n); err == nil {
			return true
		}
	}
	return false
}

// Every doctor case, through the command: the JSON line names the diagnosis.
func TestDoctorCases(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		doctor string
		stderr []string
	}{
		{"build error", []string{"tools", "inspector/testdata/broken/builderror"}, "build-error",
			[]string{"the Go code does not compile", filepath.Join("inspector", "testdata", "broken", "builderror", "main.go") + ":5: undefined: undefinedThing"}},
		{"file built alone", []string{"tools", filepath.Join("examples", "bookshop", "main.go")}, "build-error",
			[]string{"main.go:37: undefined: SearchBooks", "try: main.go is built alone, as go run main.go builds it; to build its whole package, give the directory: mcpdev " + filepath.Join("examples", "bookshop")}},
		{"executable not found", []string{"tools", "--", "mcpdev-no-such-program"}, "not-found", []string{`executable "mcpdev-no-such-program" not found`}},
		{"exits at once", []string{"tools", "inspector/testdata/broken/exits"}, "exited",
			[]string{"the server exited with code 3 before answering initialize", "fatal: DATABASE_URL is not set"}},
		{"garbage on stdout", []string{"tools", "inspector/testdata/broken/garbage", "--connect-timeout", "1s"}, "bad-stdout",
			[]string{"not JSON-RPC", "stdout: Hello! Server listening on stdio"}},
		{"never answers", []string{"tools", "inspector/testdata/broken/silent", "--connect-timeout", "500ms"}, "no-answer",
			[]string{"no answer to initialize within 500ms", "--connect-timeout"}},
		{"crash mid-call", []string{"call", "inspector/testdata/servers/crashy", "crash"}, "exited",
			[]string{"exited with code 2 during the session", "panic: out of cheese"}},
		{"connection refused", []string{"tools", closedURL(t)}, "refused", []string{"connection refused"}},
		{"HTTP status", []string{"tools", statusServer(t, http.StatusNotFound)}, "http-status", []string{"HTTP 404"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mcpdev(t, tt.args...)
			if r.code != 4 {
				t.Fatalf("exit code %d, want 4\nstderr:\n%s", r.code, r.stderr)
			}
			if got := r.errJSON(t)["doctor"]; got != tt.doctor {
				t.Errorf("doctor %v, want %s\nstderr:\n%s", got, tt.doctor, r.stderr)
			}
			for _, s := range tt.stderr {
				if !strings.Contains(r.stderr, s) {
					t.Errorf("stderr lacks %q:\n%s", s, r.stderr)
				}
			}
		})
	}
}

func closedURL(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return "http://" + addr + "/mcp"
}

func statusServer(t *testing.T, status int) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "nope", status)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/mcp"
}

type hiArgs struct {
	Name string `json:"name"`
}

// Hi greets someone.
func Hi(ctx context.Context, a hiArgs) (string, error) { return "hi " + a.Name, nil }

func TestHTTP(t *testing.T) {
	s := sdk.NewServer("hi", nil)
	sdk.Tool(s, Hi, nil)
	srv := httptest.NewServer(sdkhttp.Handler(s, nil))
	defer srv.Close()
	r := mcpdev(t, "call", srv.URL, "hi", "name=http")
	if r.code != 0 || !strings.Contains(r.stdout, "hi http") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}

	// Authentication required: exit 3, and the header flag reaches the server.
	var gotAuth []string
	auth := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotAuth = append(gotAuth, r.Header.Get("Authorization"))
		w.WriteHeader(http.StatusUnauthorized)
	}))
	defer auth.Close()
	r = mcpdev(t, "tools", auth.URL+"/mcp", "--header", "Authorization: Bearer nope")
	if r.code != 3 || r.errJSON(t)["kind"] != "auth-required" {
		t.Fatalf("exit %d, want 3\nstderr:\n%s", r.code, r.stderr)
	}
	if len(gotAuth) == 0 || gotAuth[0] != "Bearer nope" {
		t.Errorf("Authorization header seen by the server: %q", gotAuth)
	}
}

func TestConfigFile(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	content := fmt.Sprintf(`{"mcpServers": {
		"raw": {"command": "go", "args": ["run", %q], "env": {"GREETING": "from config"}},
		"other": {"command": "true"}}}`, filepath.Join(repoRoot, raw))
	if err := os.WriteFile(cfg, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	r := mcpdev(t, "call", "--config", cfg, "--server", "raw", "env", "name=GREETING")
	if r.code != 0 || !strings.Contains(r.stdout, "from config") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	r = mcpdev(t, "tools", "--config", cfg)
	if r.code != 1 || !strings.Contains(r.stderr, "pick one with --server (other, raw)") {
		t.Fatalf("exit %d\nstderr:\n%s", r.code, r.stderr)
	}
}

func TestJSONOutput(t *testing.T) {
	r := mcpdev(t, "tools", tutorial03, "--json")
	var v struct {
		Tools []sdk.ToolInfo `json:"tools"`
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &v) != nil || len(v.Tools) != 1 || v.Tools[0].Name != "search_books" {
		t.Fatalf("exit %d, stdout:\n%s", r.code, r.stdout)
	}
	r = mcpdev(t, "call", tutorial03, "search_books", "query=dune", "--json")
	var res sdk.CallToolResult
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &res) != nil || string(res.StructuredContent) == "" {
		t.Fatalf("exit %d, stdout:\n%s", r.code, r.stdout)
	}
}

func TestHelp(t *testing.T) {
	r := mcpdev(t, "-h")
	for _, s := range []string{"Exit codes:", "2  arguments refused", "8  timeout", "mcpdev test"} {
		if r.code != 0 || !strings.Contains(r.stdout, s) {
			t.Errorf("help lacks %q (exit %d)", s, r.code)
		}
	}
}

// The shipped sessions pass; a session that should fail fails. The one
// against server-everything needs the npm peers: skipped without them
// (failed under MCPDEV_REQUIRE_PEERS=1), like every peer test.
func TestTestCommand(t *testing.T) {
	sessions, err := filepath.Glob(filepath.Join(repoRoot, "testdata", "sessions", "*.txtar"))
	if err != nil || len(sessions) == 0 {
		t.Fatalf("no shipped sessions: %v", err)
	}
	var own []string
	for _, s := range sessions {
		if filepath.Base(s) != "server-everything.txtar" {
			own = append(own, s)
		}
	}
	passes := func(t *testing.T, paths ...string) {
		t.Helper()
		r := mcpdev(t, append([]string{"test"}, paths...)...)
		lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
		last := lines[len(lines)-1]
		if r.code != 0 || !strings.HasSuffix(last, " passed, 0 failed") || strings.Count(r.stdout, "--- PASS: ") != len(paths) {
			t.Fatalf("exit %d, last line %q, want %d sessions passed\n%s\n%s", r.code, last, len(paths), r.stdout, r.stderr)
		}
	}
	passes(t, own...)
	t.Run("server-everything", func(t *testing.T) {
		node, _ := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
		t.Setenv("MCPDEV_NODE", node)
		t.Setenv("MCPDEV_PEERS", peers.Dir())
		passes(t, filepath.Join(repoRoot, "testdata", "sessions", "server-everything.txtar"))
	})

	bad := filepath.Join(t.TempDir(), "bad.txtar")
	testutil.WriteFile(t, bad, `target `+filepath.Join(repoRoot, tutorial03)+`
call search_books query=dune limit=5
  text == "Found 4 books"
call search_books query=dune limit=500
  text contains Found
`)
	r := mcpdev(t, "test", bad)
	if r.code != 1 || !strings.HasSuffix(strings.TrimSpace(r.stdout), "0 passed, 2 failed") {
		t.Fatalf("exit %d\n%s", r.code, r.stdout)
	}
	for _, s := range []string{"FAIL  line 2: call search_books query=dune limit=5", "-Found 4 books", "+Found 3 books matching 'dune' (showing up to 5).", "unexpected isError result", "--- FAIL: "} {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("output lacks %q:\n%s", s, r.stdout)
		}
	}
	if r.errJSON(t)["kind"] != "test-failed" {
		t.Errorf("stderr: %s", r.stderr)
	}
}

// Wrong expectations on read, prompt and complete steps fail with a diff.
func TestSessionReadPromptCompleteStepsFail(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.txtar")
	testutil.WriteFile(t, bad, `target `+filepath.Join(repoRoot, "examples/bookshop")+`
read bookshop://books/9780441172719
  structured has {"title":"Dune Messiah"}
prompt recommend liked=Dune
  text contains "Recommend 7"
complete prompt recommend liked=dun
  text == "Dune"
read bookshop://nope
  text contains x
`)
	r := mcpdev(t, "test", bad)
	if r.code != 1 || !strings.HasSuffix(strings.TrimSpace(r.stdout), "0 passed, 4 failed") {
		t.Fatalf("exit %d\n%s", r.code, r.stdout)
	}
	for _, s := range []string{`-  "title": "Dune Messiah"`, `+  "title": "Dune"`, `text does not contain "Recommend 7"`,
		"user: I liked the book above. Recommend 3", "+Dune Messiah", "JSON-RPC error -32602"} {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("output lacks %q:\n%s", s, r.stdout)
		}
	}
}

func TestUpdateRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.txtar")
	testutil.WriteFile(t, path, `target `+filepath.Join(repoRoot, tutorial03)+`
schema search_books schema.json
call search_books query=dune limit=5
  text == "stale"
  structured == {"result":"stale"}
  structured == @out.json
-- schema.json --
{"type": "object"}
`)
	if r := mcpdev(t, "test", path); r.code != 1 || !strings.Contains(r.stdout, "0 passed, 2 failed") {
		t.Fatalf("before update: exit %d\n%s", r.code, r.stdout)
	}
	if r := mcpdev(t, "test", "-update", path); r.code != 0 {
		t.Fatalf("update: exit %d\n%s", r.code, r.stdout)
	}
	data, _ := os.ReadFile(path)
	for _, s := range []string{
		`text == "Found 3 books matching 'dune' (showing up to 5)."`,
		`structured == {"result":"Found 3 books matching 'dune' (showing up to 5)."}`,
		"-- out.json --\n{\n  \"result\": \"Found 3 books matching 'dune' (showing up to 5).\"\n}\n",
		`"maximum": 50`,
	} {
		if !strings.Contains(string(data), s) {
			t.Errorf("updated file lacks %q:\n%s", s, data)
		}
	}
	if r := mcpdev(t, "test", path); r.code != 0 || !strings.Contains(r.stdout, "2 passed, 0 failed") {
		t.Fatalf("after update: exit %d\n%s", r.code, r.stdout)
	}
}

// A request that fails beneath JSON-RPC after the handshake (the server
// went away, a proxy answered 502) is worded as what happened and exits 4
// like a server that could not be reached: not 7 and a -32603 of the
// server's that it never sent.
func TestHTTPTransportFailureDuringCall(t *testing.T) {
	s := sdk.NewServer("hi", nil)
	sdk.Tool(s, Hi, nil)
	h := sdkhttp.Handler(s, nil)
	failing := func(fail func(w http.ResponseWriter)) string {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			if strings.Contains(string(body), `"tools/call"`) {
				fail(w)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			h.ServeHTTP(w, r)
		}))
		t.Cleanup(srv.Close)
		return srv.URL + "/mcp"
	}
	tests := []struct {
		name   string
		url    string
		stderr string
		status float64
	}{
		{"connection lost", failing(func(w http.ResponseWriter) {
			conn, _, _ := http.NewResponseController(w).Hijack()
			conn.Close()
		}), "tools/call: connection lost: the server at 127.0.0.1:", 0},
		{"proxy 502", failing(func(w http.ResponseWriter) {
			http.Error(w, "upstream down", http.StatusBadGateway)
		}), "tools/call: HTTP 502 Bad Gateway: upstream down", 502},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mcpdev(t, "call", tt.url, "hi", "name=x")
			if r.code != exitConnect || !strings.Contains(r.stderr, tt.stderr) || strings.Contains(r.stderr, "-32603") {
				t.Fatalf("exit %d, want %d and %q\nstderr:\n%s", r.code, exitConnect, tt.stderr, r.stderr)
			}
			j := r.errJSON(t)
			if j["kind"] != "connect-failed" || j["rpcCode"] != nil {
				t.Errorf("JSON line %v, want kind connect-failed and no rpcCode", j)
			}
			if status, _ := j["httpStatus"].(float64); status != tt.status {
				t.Errorf("JSON httpStatus %v, want %v", j["httpStatus"], tt.status)
			}
		})
	}
}
