package main

import (
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/peers"
)

const bookshop = "examples/bookshop"

// checkRun runs mcpdev and checks the exit code, what stdout and stderr
// hold, and the JSON line's kind on failure.
func checkRun(t *testing.T, args []string, code int, kind string, stdout, stderr []string) {
	t.Helper()
	r := mcpdev(t, args...)
	if r.code != code {
		t.Fatalf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, code, r.stdout, r.stderr)
	}
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
	if code != 0 && r.errJSON(t)["kind"] != kind {
		t.Errorf("JSON kind %v, want %s", r.errJSON(t)["kind"], kind)
	}
}

// The resource, template, prompt and completion commands against the
// bookshop example (an sdk server, which speaks the 2026 era to mcpdev).
func TestResourceAndPromptCommands(t *testing.T) {
	tests := []struct {
		name           string
		args           []string
		code           int
		kind           string
		stdout, stderr []string
	}{
		{name: "resources table", args: []string{"resources", bookshop},
			stdout: []string{"NAME     TITLE        URI                 MIME  SIZE  ANNOTATIONS", "catalog  The catalog  bookshop://catalog  -     -     for user,assistant"}},
		{name: "resources json", args: []string{"resources", "--json", bookshop}, stdout: []string{`"resources": [`, `"uri": "bookshop://catalog"`}},
		{name: "templates table", args: []string{"templates", bookshop},
			stdout: []string{"book_by_isbn  A book by ISBN  bookshop://books/{isbn}  application/json"}},
		{name: "read", args: []string{"read", bookshop, "bookshop://catalog"}, stdout: []string{`"title": "Dune",`}},
		{name: "read a template", args: []string{"read", bookshop, "bookshop://books/{isbn}", "isbn=9780441172719"},
			stdout: []string{`"author": "Frank Herbert"`}},
		{name: "read json", args: []string{"read", "--json", bookshop, "bookshop://books/9780441172719"},
			stdout: []string{`"contents": [`, `"mimeType": "application/json"`}},
		{name: "read: no such variable", args: []string{"read", bookshop, "bookshop://books/{isbn}", "id=1"}, code: 1, kind: "error",
			stderr: []string{`bookshop://books/{isbn} has no variable "id" (it has: isbn)`}},
		{name: "read: unknown URI", args: []string{"read", bookshop, "bookshop://books/0000000000000"}, code: 7, kind: "jsonrpc-error"},
		{name: "read: no URI", args: []string{"read", bookshop}, code: 1, kind: "error", stderr: []string{"read: no URI"}},
		{name: "prompts table", args: []string{"prompts", bookshop}, stdout: []string{"recommend  Recommend books  liked* genre count"}},
		{name: "prompt", args: []string{"prompt", bookshop, "recommend", "liked=Dune", "count=2"},
			stdout: []string{"user: [resource bookshop://books/9780441172719]", "user: I liked the book above. Recommend 2 other books"}},
		{name: "prompt json", args: []string{"prompt", "--json", bookshop, "recommend", "liked=Dune"}, stdout: []string{`"role": "user"`, `"type": "resource"`}},
		{name: "prompt: required argument missing", args: []string{"prompt", bookshop, "recommend", "colour=red"}, code: 2, kind: "arguments-refused",
			stderr: []string{"arguments refused by prompt recommend (not sent)", "liked: Field required", "colour: Extra inputs are not permitted", "liked  required"}},
		{name: "prompt: refused by the server", args: []string{"prompt", "--no-validate", bookshop, "recommend"}, code: 7, kind: "jsonrpc-error"},
		{name: "prompt: unknown", args: []string{"prompt", bookshop, "recomend"}, code: 5, kind: "tool-error",
			stderr: []string{`no prompt named "recomend" (the server has: recommend)`}},
		{name: "complete a prompt argument", args: []string{"complete", bookshop, "prompt", "recommend", "liked=dun"}, stdout: []string{"Dune\nDune Messiah\n"}},
		{name: "complete with context", args: []string{"complete", bookshop, "prompt", "recommend", "liked=", "genre=poetry"},
			stdout: []string{"Leaves of Grass"}},
		{name: "complete a template variable", args: []string{"complete", "--json", bookshop, "template", "bookshop://books/{isbn}", "isbn=97804411727"},
			stdout: []string{`"values": [`, `"9780441172719"`}},
		{name: "no prompts offered", args: []string{"prompts", tutorial03}, stdout: []string{"(the server has no prompts: it does not offer prompts/list)"}},
		{name: "no resources offered, json", args: []string{"resources", "--json", tutorial03}, stdout: []string{`"resources": []`}},
		{name: "no templates offered", args: []string{"templates", tutorial03}, stdout: []string{"(the server has no resource templates: it does not offer resources/templates/list)"}},
		{name: "complete: usage", args: []string{"complete", bookshop, "tool", "x", "y"}, code: 1, kind: "error", stderr: []string{"want prompt or template"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkRun(t, tt.args, tt.code, tt.kind, tt.stdout, tt.stderr) })
	}
}

// The same commands against server-everything (legacy era, a TypeScript
// server): a blob is described, completion uses the context.
func TestResourceAndPromptCommandsServerEverything(t *testing.T) {
	node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
	se := []string{"--", node, files[0], "stdio"}
	tests := []struct {
		name   string
		args   []string
		stdout []string
	}{
		{"resources", []string{"resources"}, []string{"architecture.md  -      demo://resource/static/document/architecture.md  text/markdown"}},
		{"templates", []string{"templates"}, []string{"demo://resource/dynamic/blob/{resourceId}  application/octet-stream"}},
		{"read markdown", []string{"read", "demo://resource/static/document/architecture.md"}, []string{"# Everything Server"}},
		{"read a blob", []string{"read", "demo://resource/dynamic/blob/{resourceId}", "resourceId=3"}, []string{"[blob demo://resource/dynamic/blob/3 text/plain, "}},
		{"prompts", []string{"prompts"}, []string{"completable-prompt  Team Management   department* name*"}},
		{"prompt", []string{"prompt", "args-prompt", "city=Paris"}, []string{"user: What's weather in Paris?"}},
		{"complete with context", []string{"complete", "prompt", "completable-prompt", "name=", "department=Engineering"}, []string{"Alice\nBob\nCharlie\n"}},
		// It offers the tools that ask only to a client declaring elicitation, as mcpdev does
		// (call answers them).
		{"tools lists the asking tools", []string{"tools"}, []string{"trigger-elicitation-request"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkRun(t, append(tt.args, se...), 0, "", tt.stdout, nil) })
	}
}
