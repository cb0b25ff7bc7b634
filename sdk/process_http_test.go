package sdk_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/internal/peers"
	"github.com/mcpdev/mcpdev/internal/testutil"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport/streamable"
)

// buildConformanceServer builds examples/conformance once per test.
func buildConformanceServer(t *testing.T) string {
	t.Helper()
	return testutil.Build(t, "../examples/conformance")
}

// startHTTPServer runs bin --http addr and waits until it says it serves.
func startHTTPServer(t *testing.T, bin, addr string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(bin, "--http", addr)
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	ready := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if strings.Contains(sc.Text(), "serving MCP on") {
				ready <- sc.Text()
			}
		}
	}()
	select {
	case <-ready:
	case <-time.After(20 * time.Second):
		t.Fatal("server did not start")
	}
	return cmd
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// A stateless server process is killed and another started on the same
// port between two calls of one client, which does not notice.
func TestHTTPStatelessRestart(t *testing.T) {
	bin := buildConformanceServer(t)
	addr := freeAddr(t)
	first := startHTTPServer(t, bin, addr)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := sdk.Connect(ctx, streamable.NewClient("http://"+addr+"/mcp", nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if c.Era() != sdk.Era2026 {
		t.Fatalf("era %s, want 2026", c.Era())
	}
	call := func() {
		t.Helper()
		res, err := c.CallTool(ctx, "test_simple_text", nil, nil)
		if err != nil || res.Content[0].Text != "This is a simple text response for testing." {
			t.Fatalf("call: %+v %v", res, err)
		}
	}
	call()
	if err := first.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = first.Wait()
	startHTTPServer(t, bin, addr)
	call()
	select {
	case <-c.Done():
		t.Fatalf("client noticed: %v", c.Err())
	default:
	}
}

// The official MCP Inspector CLI lists and calls tools of an sdk server
// over Streamable HTTP.
func TestInspectorCLIOverHTTP(t *testing.T) {
	node, files := peers.Find(t, peers.InspectorCLI)
	cli := files[0]
	addr := freeAddr(t)
	startHTTPServer(t, buildConformanceServer(t), addr)
	home := t.TempDir()
	inspect := func(args ...string) map[string]any {
		t.Helper()
		cmd := exec.Command(node, append([]string{cli, "--cli", "http://" + addr + "/mcp", "--transport", "http"}, args...)...)
		cmd.Dir = home
		cmd.Env = append(os.Environ(), "HOME="+home, "MCP_CATALOG_PATH="+filepath.Join(home, "mcp.json"))
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		var out map[string]any
		var exit *exec.ExitError // the CLI exits non-zero on an isError result
		if jerr := json.Unmarshal(stdout.Bytes(), &out); (err != nil && !errors.As(err, &exit)) || jerr != nil {
			t.Fatalf("inspector %v: %v %v\nstdout: %s\nstderr: %s", args, err, jerr, stdout.String(), stderr.String())
		}
		return out
	}
	list := inspect("--method", "tools/list")
	names := map[string]bool{}
	for _, tl := range list["tools"].([]any) {
		names[tl.(map[string]any)["name"].(string)] = true
	}
	for _, want := range []string{"test_simple_text", "test_tool_with_progress", "json_schema_2020_12_tool"} {
		if !names[want] {
			t.Errorf("tools/list lacks %s: %v", want, names)
		}
	}
	res := inspect("--method", "tools/call", "--tool-name", "test_simple_text")
	content, _ := res["content"].([]any)
	if len(content) != 1 || content[0].(map[string]any)["text"] != "This is a simple text response for testing." {
		t.Errorf("tools/call: %v", res)
	}
	res = inspect("--method", "tools/call", "--tool-name", "test_error_handling")
	if res["isError"] != true {
		t.Errorf("test_error_handling: %v, want isError", res)
	}
}
