package tui

import (
	"context"
	"testing"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/mcpdev/mcpdev/internal/peers"
)

// The Resources and Prompts sections end to end: the real program against
// real server processes, completion through real (debounced) timers.

// startSizedFlow is startFlowWith at w×h.
func startSizedFlow(t *testing.T, c Connector, name string, w, h int) *flow {
	t.Helper()
	m := New(context.Background(), c, Options{Target: name, Dark: dark(), SaveDir: t.TempDir()})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(w, h))
	f := &flow{t: t, m: m, tm: tm}
	t.Cleanup(f.finish)
	return f
}

// server-everything (TypeScript, legacy era): a Markdown resource in two
// keys, then a prompt whose second argument completes from the first.
func TestFlowSectionsServerEverything(t *testing.T) {
	node, files := peers.Find(t, "@modelcontextprotocol/server-everything/dist/index.js")
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		t.Run(itoa(size[0])+"x"+itoa(size[1]), func(t *testing.T) {
			f := startSizedFlow(t, commandConnector(node, files[0], "stdio"), "server-everything", size[0], size[1])
			f.waitFor("legacy era")
			f.keys("r", "enter")
			f.waitFor("# Everything Server", "✓ ok · read demo://")
			f.keys("p", "down", "down", "enter")
			f.typ("E")
			f.waitFor("department: Engineering")
			f.keys("ctrl+y", "tab")
			f.typ("A")
			f.waitFor("name: Alice")
			f.keys("ctrl+y", "ctrl+r")
			f.waitFor("Please promote Alice")
			f.finish()
			golden(t, "flow_everything_prompt_"+itoa(size[0])+"x"+itoa(size[1]), maskScreen(screen(f.m)))
		})
	}
}

// examples/bookshop (an sdk server, 2026 era): the catalog in two keys,
// then the book template's variable completed and read.
func TestFlowSectionsBookshop(t *testing.T) {
	f := startSizedFlow(t, commandConnector(serverBin(t, "bookshop")), "bookshop", 120, 40)
	f.waitFor("2026 era")
	f.keys("r", "enter")
	f.waitFor("read bookshop://catalog", "Pride and Prejudice")
	f.keys("tab", "down", "enter")
	f.typ("97804411727")
	f.waitFor("isbn: 9780441172719")
	f.keys("ctrl+y", "enter")
	f.waitFor("A noble family takes over") // Dune's blurb (a line that changes is redrawn only from where it differs)
	f.keys("p", "enter")
	f.typ("Dune Mes")
	f.waitFor("liked: Dune Messiah")
	f.keys("ctrl+y", "ctrl+r")
	f.waitFor("Twelve years after Dune") // Dune Messiah's blurb, embedded in the prompt
}

// The hostile server's resources and prompts: names, URIs, contents and
// messages reach the screen as text only.
func TestFlowHostileSections(t *testing.T) {
	f := startTargetFlow(t, "hostile")
	f.waitFor("Echoes." + shown)
	f.keys("r", "enter")
	f.waitFor("content" + shown)
	f.keys("p", "enter")
	f.waitFor("Form · Ask" + shown) // the form of ask…
	f.keys("ctrl+s")
	f.waitFor("1/1 · user") // a changed line is redrawn only from where it differs: wait for one drawn whole
	f.finish()
	v := f.m.View()
	checkScreenSafe(t, "prompt messages", content(v.Content), v.WindowTitle)
	mustShow(t, f.m, "described"+shown[:10], "message"+shown[:10])
}
