package tui

import (
	"testing"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/internal/peers"
)

// Every view against server-everything (the TypeScript reference server,
// legacy era), driven by keys in one program and one server process, each
// view checked for what it does and kept as golden screens at 120×40 and
// 80×24 (refresh with go test ./inspector/tui -run TestGoldenFlowsServerEverything -update).
// A peer test: it fails in CI (MCPDEV_REQUIRE_PEERS=1) when the server is
// not installed.
func TestGoldenFlowsServerEverything(t *testing.T) {
	node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
	roots, err := call.Roots([]string{"/usr"}) // fixed: a path that is the same in every checkout
	if err != nil {
		t.Fatal(err)
	}
	f := startScreenFlow(t, commandConnector(node, files[0], "stdio"), "server-everything", Options{Roots: roots})
	f.waitScreen("legacy era", "Simulate Research Query")
	everythingResources(f)
	everythingPrompt(f)
	everythingQuestions(f)
	everythingRoots(f)
	everythingTask(f)
}

// The resources, one read in two keys; a template's form with the
// server's completion, then its read.
func everythingResources(f *screenFlow) {
	f.keys("r", "enter")
	f.goldens("everything_resources_read", "Resources 9", "⧉ demo://resource/dynamic/tex",
		"✓ ok · read demo://resource/static/document/architecture.md", "# Everything Server – Architecture")
	f.keys("tab", "G", "up", "enter") // the list; Dynamic Text Resource, the last but one
	f.typ("7")
	f.goldens("everything_template_form", "Form · Dynamic Text Resource", "resourceId *", "ctrl+y resourceId: 7")
	f.keys("ctrl+y", "enter")
	f.waitScreen("✓ ok · read demo://resource/dynamic/text/7", "Resource 7: This is a plaintext resource created at")
}

// The prompts, one with two arguments filled and got.
func everythingPrompt(f *screenFlow) {
	f.keys("p", "down", "enter")
	f.waitScreen("Form · Arguments Prompt", "city *")
	f.typ("Paris")
	f.keys("tab")
	f.typ("France")
	f.keys("ctrl+r")
	f.goldens("everything_prompt_messages", "Prompts 4", "✓ ok · prompt args-prompt", "content 1/1 · user · text",
		"What's weather in Paris, France?")
}

// The elicitation form, answered; the sampling request, answered.
func everythingQuestions(f *screenFlow) {
	f.keys("t")
	f.callTool("trigger-elicitation-request", "")
	f.goldens("everything_ask_form", "Server asks · elicitation (form)", "Please provide inputs for the following fields:",
		"String (name) *", "ctrl+r accept")
	f.typ("Ada Lovelace")
	f.keys("ctrl+r")
	f.waitScreen("✓ ok · trigger-elicitation-request", "✅ User provided the requested information!", "- Name: Ada Lovelace")

	f.callTool("trigger-sampling-request", "Capital of France?")
	f.goldens("everything_ask_sample", "Server asks · sampling", "You are a helpful test server.",
		"Resource trigger-sampling-request context: Capital of France?", "max 100 tokens · temperature 0.7")
	f.typ("Paris")
	f.keys("ctrl+r")
	f.waitScreen("✓ ok · trigger-sampling-request", `"text": "Paris"`, `"model": "mcpdev (written by a person)"`)
}

// The roots view: a root added, which the server then lists.
func everythingRoots(f *screenFlow) {
	f.keys("tab", "o")
	f.waitScreen("usr  file:///usr", "A change sends notifications/roots/list_changed.")
	f.keys("a")
	f.typ("/tmp")
	f.keys("enter")
	f.goldens("everything_roots", "roots: 2", "tmp  file:///tmp")
	f.keys("esc", "esc", "/") // back to the list, its filter cleared
	f.typ("get-roots-list")
	f.keys("enter", "ctrl+r")
	f.waitScreen("Current MCP Roots (2 total)", "URI: file:///usr", "URI: file:///tmp")
}

// The research task: an ambiguous topic makes it ask (input_required)
// before its report; then one cancelled while it works.
func everythingTask(f *screenFlow) {
	f.keys("tab", "esc", "/")
	f.typ("simulate-research-query")
	f.keys("enter")
	f.typ("go")
	f.keys("tab", "right", "ctrl+r") // ambiguous: yes
	f.waitScreen("● simulate-research-query running as a task", "status  working", "esc cancel the task (sends tasks/cancel)")
	f.goldens("everything_task_asks", "Server asks · elicitation (form)",
		`The research query "go" could have multiple interpretations.`, "Clarification (interpretation) *")
	f.keys("right", "ctrl+r") // Technical/scientific perspective
	f.goldens("everything_task_report", "✓ ok · simulate-research-query", "# Research Report: go (technical)")

	f.keys("esc", "right", "ctrl+r") // back to the form (in ambiguous), no, submit
	f.waitScreen("● simulate-research-query running as a task", "status  working", "esc cancel the task (sends tasks/cancel)")
	f.keys("esc")
	f.goldens("everything_task_cancelled", "⊘ task cancelled after", "tasks/cancel sent")
}
