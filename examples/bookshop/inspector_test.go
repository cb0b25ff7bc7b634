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

// inspector returns a function that runs the official MCP Inspector CLI
// (npm @modelcontextprotocol/inspector, installed by .ci/install-peers)
// against the built bookshop. It skips when the peers are absent, unless
// MCPDEV_REQUIRE_PEERS=1.
func inspector(t *testing.T) func(args ...string) (stdout []byte, exitCode int) {
	t.Helper()
	node, files := peers.Find(t, peers.InspectorCLI)
	cli := files[0]
	bin := build(t)
	home := t.TempDir()
	return func(args ...string) ([]byte, int) {
		t.Helper()
		cmd := exec.Command(node, append([]string{cli, "--cli", bin}, args...)...)
		cmd.Dir = home
		cmd.Env = append(os.Environ(), "HOME="+home, "MCP_CATALOG_PATH="+filepath.Join(home, "mcp.json"))
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			t.Fatalf("inspector %v: %v", args, err)
		}
		if t.Failed() || cmd.ProcessState.ExitCode() != 0 {
			t.Logf("inspector %v: exit %d, stderr:\n%s", args, cmd.ProcessState.ExitCode(), stderr.String())
		}
		return stdout.Bytes(), cmd.ProcessState.ExitCode()
	}
}

func TestInspectorListsAndCalls(t *testing.T) {
	run := inspector(t)

	out, code := run("--method", "tools/list")
	var list struct {
		Tools []struct {
			Name         string
			Title        string
			Description  string
			OutputSchema json.RawMessage
			Annotations  map[string]bool
		}
	}
	if err := json.Unmarshal(out, &list); err != nil || code != 0 {
		t.Fatalf("tools/list: exit %d, %v\n%s", code, err, out)
	}
	var names []string
	for _, tl := range list.Tools {
		names = append(names, tl.Name)
		if tl.Description == "" || tl.Title == "" {
			t.Errorf("%s: title %q, description %q", tl.Name, tl.Title, tl.Description)
		}
	}
	if got := strings.Join(names, ","); got != "search_books,get_book,add_book" {
		t.Errorf("tools = %s", got)
	}
	if s := list.Tools[0]; !s.Annotations["readOnlyHint"] || s.OutputSchema == nil {
		t.Errorf("search_books: annotations %v, outputSchema %s", s.Annotations, s.OutputSchema)
	}

	out, code = run("--method", "tools/call", "--tool-name", "search_books", "--tool-arg", "query=dune", "limit=1")
	var res struct {
		Content []struct{ Type, Text string }
		// The Inspector prints the result as received.
		StructuredContent SearchResult
		IsError           bool
	}
	if err := json.Unmarshal(out, &res); err != nil || code != 0 {
		t.Fatalf("tools/call: exit %d, %v\n%s", code, err, out)
	}
	sc := res.StructuredContent
	if res.IsError || sc.Total != 2 || len(sc.Matches) != 1 || sc.Matches[0].Title != "Dune" || sc.Matches[0].Year != 1965 {
		t.Errorf("search_books dune: %s", out)
	}
	if len(res.Content) != 1 || !strings.Contains(res.Content[0].Text, `"title": "Dune"`) {
		t.Errorf("content: %+v", res.Content)
	}

	// A tool error is a result the Inspector reports with its own exit code (5).
	out, code = run("--method", "tools/call", "--tool-name", "get_book", "--tool-arg", "isbn_or_title=Dune Mesiah")
	if code == 0 || !bytes.Contains(out, []byte(`"isError": true`)) || !bytes.Contains(out, []byte(`Dune Messiah`)) {
		t.Errorf("get_book unknown: exit %d\n%s", code, out)
	}
}
