package main

import (
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/peers"
)

// mcpdevStdin runs the binary from the repository root with stdin.
func mcpdevStdin(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	return runMcpdev(t, buildCache, strings.NewReader(stdin), args...)
}

// TestCallAnswersAToolThatElicits: mcpdev call asks a form's fields on
// the terminal, or takes --answer for scripts, or --decline.
func TestCallAnswersAToolThatElicits(t *testing.T) {
	const conf = "examples/conformance"
	tests := []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stdout string
		stderr []string
	}{
		{"answers", "", []string{"call", "--answer", "username=ada", "--answer", "email=ada@example.com", conf, "test_elicitation", "message=Who are you?"}, 0,
			`User response: action=accept, content={username: "ada", email: "ada@example.com"}`, []string{"The server asks: Who are you?"}},
		{"decline", "", []string{"call", "--decline", conf, "test_elicitation", "message=Who?"}, 0,
			"User response: action=decline", []string{"declined (--decline)"}},
		{"prompts", "bob\nbob@example.com\n", []string{"call", conf, "test_elicitation", "message=Who?"}, 0,
			`content={username: "bob", email: "bob@example.com"}`, []string{"username (string, required) User's response: ", "email (string, required)"}},
		{"prompt asked again", "\nbob@example.com\nbob\nbob@example.com\n", []string{"call", conf, "test_elicitation", "message=Who?"}, 0,
			`content={username: "bob", email: "bob@example.com"}`, []string{"✗ username: Field required"}},
		{"only the refused field is asked again, the others kept", "\nbob@example.com\nbob\n", []string{"call", conf, "test_elicitation", "message=Who?"}, 0,
			`content={username: "bob", email: "bob@example.com"}`, []string{"✗ username: Field required"}},
		{"a prompt that asks", "", []string{"prompt", "--answer", "context=books", conf, "test_input_required_result_prompt"}, 0,
			"user: Use this context: books", []string{"The server asks: What context should the prompt use?"}},
		{"input ends: cancel", "bob\n", []string{"call", conf, "test_elicitation", "message=Who?"}, 0,
			"User response: action=cancel", []string{"cancelled"}},
		{"defaults and enums", "\n41\n\npending\n\n", []string{"call", conf, "test_elicitation_sep1034_defaults"}, 0,
			"content={Name:John Doe Age:41 Score:95.5 Status:pending Verified:true}", []string{"status (one of active, inactive, pending · default \"active\")"}},
		{"bad answers", "", []string{"call", "--answer", "username=ada", "--answer", "bogus=1", conf, "test_elicitation", "message=Who?"}, 1,
			"", []string{`the form has no field "bogus"`, "✗ email: Field required", "the --answer values do not fit the server's form"}},
		{"hostile message", "", []string{"call", "--decline", conf, "test_elicitation", "message=\x1b]52;c;aGk=\x07\x1b[2Jhi\r"}, 0,
			"", []string{"The server asks: ␛]52;c;aGk=␇␛[2Jhi␍"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mcpdevStdin(t, tt.stdin, tt.args...)
			if r.code != tt.code || !strings.Contains(r.stdout, tt.stdout) {
				t.Fatalf("exit %d (want %d), stdout %q (want %q)\nstderr:\n%s", r.code, tt.code, r.stdout, tt.stdout, r.stderr)
			}
			for _, want := range tt.stderr {
				if !strings.Contains(r.stderr, want) {
					t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
				}
			}
			if strings.ContainsAny(r.stderr, "\x1b\r\x07") {
				t.Errorf("stderr carries raw control characters: %q", r.stderr)
			}
		})
	}
}

// TestCallAnswersServerEverythingsForm: a handshake-era server (the
// TypeScript reference) offers its elicitation tool to mcpdev call, which
// declares elicitation, and gets the --answer values.
func TestCallAnswersServerEverythingsForm(t *testing.T) {
	node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
	r := mcpdevStdin(t, "", "call", "--answer", "name=Ada Lovelace", "--answer", "integer=7", "trigger-elicitation-request", "--", node, files[0], "stdio")
	if r.code != 0 || !strings.Contains(r.stdout, "Name: Ada Lovelace") || !strings.Contains(r.stdout, "7") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
}
