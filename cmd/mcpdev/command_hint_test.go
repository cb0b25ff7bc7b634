package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// A command line typed without -- is refused once, with "mcpdev: " said
// once, and with the line to type instead when the words look like a
// command (an executable on PATH or an existing file, then more words).
func TestCommandWithoutDashDashHint(t *testing.T) {
	const put = "to run a command as the server, put it after --: "
	tests := []struct {
		name string
		args []string
		want string // the first line of stderr
		hint string // "" for none
	}{
		{"bare, on PATH", []string{"sh", "server.sh", "stdio"},
			"mcpdev: want exactly one target (got 3 words: sh server.sh stdio)", put + "mcpdev -- sh server.sh stdio"},
		{"bare, a file", []string{"main.go", "stdio"},
			"mcpdev: want exactly one target (got 2 words: main.go stdio)", put + "mcpdev -- main.go stdio"},
		{"tools", []string{"tools", "sh", "server.sh"},
			"mcpdev: tools: want exactly one target (got 2 words: sh server.sh)", put + "mcpdev tools -- sh server.sh"},
		{"call", []string{"call", "sh", "server.sh", "echo", "msg=hi"},
			"mcpdev: call: sh is a command, not a target", put + "mcpdev call TOOL [key=value…] -- sh ARGS…"},
		{"not a command", []string{"tools", "no-such-word-here", "other"},
			"mcpdev: tools: want exactly one target (got 2 words: no-such-word-here other)", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(context.Background(), tt.args, &stdout, &stderr); code != exitUsage {
				t.Fatalf("exit code %d, want %d\n%s", code, exitUsage, stderr.String())
			}
			lines := strings.Split(stderr.String(), "\n")
			if lines[0] != tt.want {
				t.Errorf("first line (-want +got):\n-%s\n+%s", tt.want, lines[0])
			}
			hasHint := strings.Contains(stderr.String(), put)
			if tt.hint == "" && hasHint {
				t.Errorf("a hint for words that are no command:\n%s", stderr.String())
			}
			if tt.hint != "" && lines[1] != tt.hint {
				t.Errorf("second line (-want +got):\n-%s\n+%s", tt.hint, lines[1])
			}
		})
	}
}

// mcpdev call takes TARGET TOOL [key=value…] or TOOL [key=value…] -- CMD:
// words given in another order are refused as a usage mistake (exit 1,
// before any server starts), with the line to type instead.
func TestCallWordsInTheOtherOrder(t *testing.T) {
	const url = "http://127.0.0.1:9/mcp"
	tests := []struct {
		name string
		args []string
		want []string // the first two lines of stderr
	}{
		{"URL last", []string{"call", "get-sum", "a=1", "b=2", url}, []string{
			"mcpdev: call: get-sum is not a target; " + url + " is, and goes first",
			"the target goes before the tool name: mcpdev call " + url + " get-sum a=1 b=2"}},
		{"flags kept in place", []string{"call", "--json", "get-sum", url, "a=1", "--timeout", "5s"}, []string{
			"mcpdev: call: get-sum is not a target; " + url + " is, and goes first",
			"the target goes before the tool name: mcpdev call --json " + url + " get-sum a=1 --timeout 5s"}},
		{"package last", []string{"call", "search_books", "query=dune books", tutorial03}, []string{
			"mcpdev: call: search_books is not a target; " + tutorial03 + " is, and goes first",
			"the target goes before the tool name: mcpdev call " + tutorial03 + " search_books 'query=dune books'"}},
		{"command without --", []string{"call", "get-sum", "a=1", "sh", "server.sh"}, []string{
			"mcpdev: call: get-sum is not a target; sh is a command",
			"to run a command as the server, put it after --: mcpdev call get-sum a=1 -- sh server.sh"}},
		{"tool after --", []string{"call", "--", "sh", "server.sh", "get-sum", "a=1", "b=2"}, []string{
			"mcpdev: call: no tool name",
			"the words after -- are the server's command; the tool goes before --: mcpdev call get-sum a=1 b=2 -- sh server.sh"}},
		{"read, URI first", []string{"read", "bookshop://catalog", "examples/bookshop"}, []string{
			"mcpdev: read: bookshop://catalog is not a target; examples/bookshop is, and goes first",
			"the target goes before the URI: mcpdev read examples/bookshop bookshop://catalog"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mcpdev(t, tt.args...)
			if r.code != exitUsage {
				t.Fatalf("exit code %d, want %d (usage)\n%s", r.code, exitUsage, r.stderr)
			}
			if j := r.errJSON(t); j["kind"] != "error" || j["exitCode"] != float64(exitUsage) {
				t.Errorf("JSON line %v", j)
			}
			lines := strings.Split(r.stderr, "\n")
			for i, want := range tt.want {
				if i >= len(lines) || lines[i] != want {
					t.Errorf("stderr:\n%s\nline %d, want:\n%s", r.stderr, i+1, want)
				}
			}
		})
	}
}
