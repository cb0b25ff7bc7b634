package tui

import (
	"testing"

	"github.com/mcpdev/mcpdev/internal/peers"
)

// The key budget of issue 16, counted against real servers: a resource's
// contents ≤ 3 keys from launch; a prompt with one argument ≤ 3 keys
// besides the text; answering an elicitation form is typing plus one key.
// Each budget key is sent through a counter; typing (and the tab between
// an elicitation form's fields, part of typing the answers) is not
// counted, nor a list move that picks an item other than the first. A
// screen that needed more keys would not appear, and the wait would fail.

// budget counts the keys sent through it.
type budget struct {
	f *flow
	n int
}

func (b *budget) keys(keys ...string) {
	b.n += len(keys)
	b.f.keys(keys...)
}

// within fails the test if more than most keys were counted.
func (b *budget) within(most int, what string) {
	b.f.t.Helper()
	if b.n > most {
		b.f.t.Errorf("%s took %d keys, the budget is %d", what, b.n, most)
	}
}

// everything starts server-everything (TypeScript, session era).
func everything(t *testing.T) *flow {
	node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
	f := startFlowWith(t, commandConnector(node, files[0], "stdio"), "server-everything")
	f.waitFor("legacy era")
	return f
}

// bookshop starts the sdk's bookshop example (2026 era).
func bookshop(t *testing.T) *flow {
	f := startFlowWith(t, commandConnector(serverBin(t, "bookshop")), "bookshop")
	f.waitFor("2026 era")
	return f
}

func TestKeyBudgetResourceContents(t *testing.T) {
	for name, start := range map[string]func(*testing.T) *flow{"server-everything": everything, "bookshop": bookshop} {
		t.Run(name, func(t *testing.T) {
			f := start(t)
			b := &budget{f: f}
			b.keys("r", "enter") // typed as soon as the program runs: kept until the list comes
			if name == "bookshop" {
				f.waitFor("✓ ok · read bookshop://catalog", "Pride and Prejudice")
			} else {
				f.waitFor("✓ ok · read demo://", "# Everything Server")
			}
			b.within(3, "a resource's contents from launch")
		})
	}
}

func TestKeyBudgetPromptWithOneArgument(t *testing.T) {
	t.Run("bookshop", func(t *testing.T) {
		f := bookshop(t)
		b := &budget{f: f}
		b.keys("p", "enter") // recommend: liked*, and genre and count, optional
		f.waitFor("liked *")
		f.typ("Dune")
		b.keys("ctrl+r")
		f.waitFor("✓ ok · prompt recommend", "bookshop://books/9780441172719")
		b.within(3, "a prompt with one argument")
	})
	t.Run("server-everything", func(t *testing.T) {
		f := everything(t)
		b := &budget{f: f}
		b.keys("p")
		f.keys("down") // args-prompt (city*, and state, optional): the second prompt
		b.keys("enter")
		f.waitFor("city *")
		f.typ("Paris")
		b.keys("ctrl+r")
		f.waitFor("✓ ok · prompt args-prompt", "What's weather in Paris?")
		b.within(3, "a prompt with one argument")
	})
}

func TestKeyBudgetElicitationForm(t *testing.T) {
	t.Run("server-everything", func(t *testing.T) {
		f := everything(t)
		f.callTool("trigger-elicitation-request", "")
		f.waitFor("Server asks · elicitation (form)", "Please provide inputs for the following fields:")
		b := &budget{f: f}
		f.typ("Ada")
		b.keys("ctrl+r")
		f.waitFor("✅ User provided the requested information!", "- Name: Ada")
		b.within(1, "answering an elicitation form (besides typing)")
	})
	t.Run("conformance, 2026 era", func(t *testing.T) {
		f := startFlowWith(t, eraConnector{commandConnector(serverBin(t, "conformance")), ""}, "conformance")
		f.waitFor("2026 era", "test_elicitation")
		f.callTool("test_elicitation", "Who are you?")
		f.waitFor("Server asks · elicitation (form)", "username")
		b := &budget{f: f}
		f.typ("ada")
		f.keys("tab")
		f.typ("ada@example.com")
		b.keys("ctrl+r")
		f.waitFor("✓ ok · test_elicitation", `action=accept, content={username: \"ada\", email:`)
		b.within(1, "answering an elicitation form (besides typing)")
	})
}
