package tui

import (
	"testing"

	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/sdk"
)

// Every view against the sdk's examples, run as real processes, in both
// protocol eras: examples/bookshop (resources, a template with
// completion, a prompt) and examples/conformance (elicitation, sampling,
// roots, tasks). The inspector's client is held to the legacy era
// (initialize, a session) or left to pick the 2026-07-28 era (stateless,
// input-required rounds), as eraConnector does. Each view is checked for
// what it does and kept as golden screens at 120×40 and 80×24, one set per
// era (refresh with go test ./inspector/tui -run TestGoldenFlowsExamples -update).
func TestGoldenFlowsExamples(t *testing.T) {
	for _, era := range []struct{ name, version, shown string }{
		{"legacy", sdk.LatestLegacyVersion, "MCP 2025-11-25 (legacy era)"},
		{"2026", "", "MCP 2026-07-28 (2026 era)"},
	} {
		t.Run(era.name, func(t *testing.T) {
			prefix := "examples_" + era.name + "_"
			f := startScreenFlow(t, eraConnector{commandConnector(serverBin(t, "bookshop")), era.version}, "bookshop", Options{})
			f.waitScreen(era.shown, "Search the catalog")
			bookshopViews(f, prefix)
			f.finish()

			roots, err := call.Roots([]string{"/usr"}) // fixed: a path that is the same in every checkout
			if err != nil {
				t.Fatal(err)
			}
			f = startScreenFlow(t, eraConnector{commandConnector(serverBin(t, "conformance")), era.version}, "conformance", Options{Roots: roots})
			f.waitScreen(era.shown, "test_elicitation")
			conformanceQuestions(f, prefix)
			conformanceRoots(f, prefix, era.name == "legacy")
			conformanceTasks(f, prefix)
		})
	}
}

// The bookshop's catalog read in two keys; its book template's form with
// the ISBN completed, then read; its prompt with a title completed.
func bookshopViews(f *screenFlow, prefix string) {
	f.keys("r", "enter")
	f.goldens(prefix+"resources_read", "Resources ", "✓ ok · read bookshop://catalog", "Pride and Prejudice")
	f.keys("tab", "down", "enter") // the list; the book template
	f.waitScreen("Form · A book by ISBN", "isbn *")
	f.typ("97804411727")
	f.goldens(prefix+"template_form", "ctrl+y isbn: 9780441172719")
	f.keys("ctrl+y", "enter")
	f.waitScreen("✓ ok · read bookshop://books/9780441172719", "A noble family takes over")
	f.keys("p", "enter")
	f.waitScreen("Form · Recommend books", "liked *")
	f.typ("Dune Mes")
	f.waitScreen("ctrl+y liked: Dune Messiah")
	f.keys("ctrl+y", "ctrl+r")
	f.goldens(prefix+"prompt_messages", "Prompts ", "✓ ok · prompt recommend", "Twelve years after Dune")
}

// The conformance server's elicitation form and sampling request, each
// answered.
func conformanceQuestions(f *screenFlow, prefix string) {
	f.callTool("test_elicitation", "Who are you?")
	f.goldens(prefix+"ask_form", "Server asks · elicitation (form)", "Who are you?", "username", "ctrl+r accept")
	f.typ("ada")
	f.keys("tab")
	f.typ("ada@example.com")
	f.keys("ctrl+r")
	f.waitScreen("✓ ok · test_elicitation", `User response: action=accept, content={username: "ada", email:`, `"ada@example.com"}`)

	f.callTool("test_sampling", "Capital of France?")
	f.goldens(prefix+"ask_sample", "Server asks · sampling", "Capital of France?", "max 100 tokens")
	f.typ("Paris")
	f.keys("ctrl+r")
	f.waitScreen("✓ ok · test_sampling", "LLM response: Paris")
}

// The roots view, a root added; the server lists the roots it is given.
// Only the legacy era has notifications/roots/list_changed: the 2026
// era's view says so.
func conformanceRoots(f *screenFlow, prefix string, legacy bool) {
	note := "2026 era: no notification"
	if legacy {
		note = "A change sends notifications/roots/list_changed."
	}
	f.keys("tab", "o")
	f.waitScreen("usr  file:///usr", note)
	f.keys("a")
	f.typ("/tmp")
	f.keys("enter")
	f.goldens(prefix+"roots", "roots: 2", "tmp  file:///tmp")
	f.keys("esc")
	f.calls = 0 // the list has the focus again
	f.keys("esc")
	f.callTool("test_roots", "")
	f.waitScreen("Roots: usr (file:///usr), tmp (file:///tmp)")
}

// A task that asks first (test_tool_with_task: a task from the start in
// the legacy era, input-required rounds before the task in the 2026 era),
// then greets; a task that ends in a tool error.
func conformanceTasks(f *screenFlow, prefix string) {
	f.callTool("test_tool_with_task", "")
	f.goldens(prefix+"task_asks", "Server asks · elicitation (form)", "What is your name?")
	f.typ("Ada")
	f.keys("ctrl+r")
	f.goldens(prefix+"task_result", "✓ ok · test_tool_with_task", "Hello, Ada! (greeted by a task)")
	f.callTool("failing_job", "")
	f.goldens(prefix+"task_failed", "✗ tool error", "the job failed, as it always does")
}
