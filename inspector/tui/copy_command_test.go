package tui

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdkhttp"
)

var (
	mcpdevOnce sync.Once
	mcpdevDir  string
	mcpdevErr  error
)

// mcpdevBinDir builds mcpdev and the raw test server into a directory of
// their own, once per test run.
func mcpdevBinDir(t *testing.T) string {
	t.Helper()
	mcpdevOnce.Do(func() {
		mcpdevDir, mcpdevErr = os.MkdirTemp("", "mcpdev-copy-test")
		if mcpdevErr != nil {
			return
		}
		for bin, pkg := range map[string]string{"mcpdev": "../../cmd/mcpdev", "raw": "../testdata/servers/raw"} {
			out, err := exec.Command("go", "build", "-o", filepath.Join(mcpdevDir, bin), pkg).CombinedOutput()
			if err != nil {
				mcpdevErr = &buildError{pkg: pkg, out: string(out), err: err}
				return
			}
		}
	})
	if mcpdevErr != nil {
		t.Fatal(mcpdevErr)
	}
	return mcpdevDir
}

// copiedCall calls tool with args in the inspector on target (or, args
// empty, presses keys), copies the call from the history pane with y, and
// returns the command and the result the inspector showed.
func copiedCall(t *testing.T, target *target.Target, tool, args string, keys []string) (string, *sdk.CallToolResult) {
	t.Helper()
	dev := DevOptions{Target: target}
	m := New(context.Background(), withDev(&targetConnector{Target: target}, dev), Options{Target: target.Label(), Dark: dark(), Dev: dev})
	defer m.Close()
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	drive(t, m, m.Init(), "the tool list", func() bool { return m.tools.loaded })
	if keys != nil {
		driveKeys(m, keys...)
	} else if ti := m.findTool(tool); ti != nil {
		driveRun(m.startCall(*ti, json.RawMessage(args)))
	} else {
		t.Fatalf("no tool %s", tool)
	}
	continueDrive(t, m, "the call", func() bool { return len(m.history.entries) == 1 })
	return copyLast(t, m), m.dev.last.res
}

func copyLast(t *testing.T, m *Model) string {
	t.Helper()
	m.setFocus(focusOutput)
	driveKeys(m, "4", "y")
	if m.history.copied == "" {
		t.Fatalf("y copied nothing:\n%s", screen(m))
	}
	return m.history.copied
}

// runCopied runs a copied command as a user would paste it: through sh,
// from the directory the inspector ran in, mcpdev on the PATH.
func runCopied(t *testing.T, command string) (stdout string, code int) {
	t.Helper()
	cmd := exec.Command("sh", "-c", command)
	cmd.Env = append(os.Environ(), "PATH="+mcpdevBinDir(t)+string(os.PathListSeparator)+os.Getenv("PATH"), "MCPDEV_CACHE="+copyCache(t))
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if code != 0 {
		t.Logf("%s\nexit %d, stderr:\n%s", command, code, errb.String())
	}
	return out.String(), code
}

// copyCache is the build cache of the copied commands and the inspector.
func copyCache(t *testing.T) string { return filepath.Join(mcpdevBinDir(t), "cache") }

// echoArgs are the arguments of the HTTP server's echo tool.
type echoArgs struct {
	Message string         `json:"message"`
	Tags    []string       `json:"tags,omitempty"`
	Meta    map[string]any `json:"meta,omitempty"`
}

// Echo returns its arguments as JSON.
func Echo(ctx context.Context, a echoArgs) (string, error) {
	b, err := json.Marshal(a)
	return string(b), err
}

// httpEcho serves an echo tool over Streamable HTTP that answers 401
// without the right Authorization header.
func httpEcho(t *testing.T, auth string) string {
	s := sdk.NewServer("echo", nil)
	sdk.Tool(s, Echo, &sdk.ToolOptions{Description: "Echo the arguments."})
	h := sdkhttp.Handler(s, nil)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != auth {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/mcp"
}

// nasty is text a shell would mangle unquoted: quotes, spaces, a newline,
// $ and backticks, a backslash, UTF-8.
const nasty = "it's \"quoted\" $HOME `pwd` \\n back\\slash\nline two ünïcødé ✓ 🚀 *.go ~ #x"

// The item 7: every copied command runs as is, through sh, and
// prints what the inspector showed for the call, for every kind of target.
func TestCopyAsCommandRunsAndReproducesCall(t *testing.T) {
	bin := mcpdevBinDir(t)
	rawBin := filepath.Join(bin, "raw")
	msg, _ := json.Marshal(nasty)
	dir := t.TempDir()
	config := filepath.Join(dir, "my servers.json")
	os.WriteFile(config, []byte(`{"mcpServers":{
		"py":{"command":"python3","args":["`+filepath.Join(mustAbs(t, "../testdata/servers/scripts"), "echo.py")+`"]},
		"raw":{"command":"`+rawBin+`","env":{"GREETING":"from the config"}}}}`), 0o644)
	const auth = "Bearer s3cr3t $x 'y'"
	url := httpEcho(t, auth)
	rawArgs := `{"message":` + string(msg) + `,"count":3,"ratio":0.5,"loud":true,"tags":["a b","c,d"],"mode":"b","meta":{"k":[1,{"x":"$y"}],"n":null,"a.b":{"c":1}}}`
	tests := []struct {
		name      string
		words     []string
		opts      target.ResolveOptions
		tool      string
		args      string
		keys      []string // instead of args: keys pressed in the inspector
		wantInCmd string
	}{
		{name: "go package", words: []string{"../testdata/servers/raw"}, tool: "echo", args: rawArgs},
		{name: "go file", words: []string{"../testdata/servers/raw/main.go"}, tool: "echo", args: `{"message":"42","x.y":"dotted key"}`, wantInCmd: "--args-json"},
		{name: "command", words: []string{"--", "sh", "-c", `exec "$0"`, rawBin}, opts: target.ResolveOptions{Env: []string{"GREETING=hello there $USER 'q'"}},
			tool: "env", args: `{"name":"GREETING"}`, wantInCmd: " -- sh -c "},
		{name: "python", words: []string{"../testdata/servers/scripts/echo.py"}, tool: "echo", args: `{"message":` + string(msg) + `}`},
		{name: "node", words: []string{"../testdata/servers/scripts/echo.js"}, tool: "echo", args: `{"message":` + string(msg) + `}`},
		{name: "http", words: []string{url}, opts: target.ResolveOptions{Headers: []string{"Authorization: " + auth}},
			tool: "echo", args: `{"message":` + string(msg) + `,"tags":["x"],"meta":{"deep":{"er":true}}}`, wantInCmd: "--header"},
		{name: "config", opts: target.ResolveOptions{Config: config, Server: "raw", Env: []string{"OTHER=1"}},
			tool: "env", args: `{"name":"GREETING"}`, wantInCmd: "--server raw"},
		{name: "refused arguments", words: []string{"../testdata/servers/raw"}, tool: "echo", args: `{"count":-1,"mode":"z"}`, wantInCmd: "--no-validate"},
		// echo's form, count -1 (≥ 0): ctrl+r refuses, ctrl+s sends anyway
		{name: "sent anyway", words: []string{"../testdata/servers/raw"}, keys: []string{"enter", "tab", "-", "1", "ctrl+r", "ctrl+s"}, wantInCmd: "--no-validate"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.BuildCache = filepath.Join(copyCache(t), "build")
			target, err := target.Resolve(tc.words, &tc.opts)
			if err != nil && strings.Contains(err.Error(), "no interpreter found") {
				t.Skip(err)
			}
			if err != nil {
				t.Fatal(err)
			}
			command, res := copiedCall(t, target, tc.tool, tc.args, tc.keys)
			if !strings.Contains(command, tc.wantInCmd) {
				t.Errorf("copied %s\nwant it to contain %q", command, tc.wantInCmd)
			}
			var want bytes.Buffer
			call.WriteResult(&want, res)
			got, code := runCopied(t, command)
			if code != 0 || got != want.String() {
				t.Errorf("copied: %s\nexit %d, printed:\n%s\nthe inspector showed:\n%s", command, code, got, want.String())
			}
		})
	}
}

func mustAbs(t *testing.T, p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}
