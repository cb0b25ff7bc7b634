package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mcpdev/mcpdev/sdk"
)

// TestPromptContentCountsMessagesOnly: a prompt's messages are numbered
// as the server sent them (content 1/2, 2/2); its description shows
// apart, before them, and is not counted; without one there is none.
func TestPromptContentCountsMessagesOnly(t *testing.T) {
	msgs := []sdk.PromptMessage{{Role: "user", Content: sdk.Text("Recommend books like Dune.")}, {Role: "assistant", Content: sdk.Text("Try Hyperion.")}}
	tests := []struct {
		name string
		desc string
		want []string
	}{
		{"described", "Asks for books \x1b[2Jlike one.", []string{"── description ─", "Asks for books ␛[2Jlike one.",
			"── content 1/2 · user · text ─", "Recommend books like Dune.", "── content 2/2 · assistant · text ─", "Try Hyperion."}},
		{"plain", "", []string{"── content 1/2 · user · text ─", "Recommend books like Dune.", "── content 2/2 · assistant · text ─", "Try Hyperion."}},
	}
	st := NewStyles(true)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newResultPane(&st)
			p.SetSize(60, 20)
			p.finish("prompt recommend", callDoneMsg{view: prepareMessages(&sdk.GetPromptResult{Description: tt.desc, Messages: msgs})})
			var got []string
			for _, l := range p.dataLines() {
				if l = ansi.Strip(l); l != "" {
					got = append(got, l)
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			for i, w := range tt.want {
				if !strings.HasPrefix(got[i], w) {
					t.Errorf("line %d is %q, want it to start %q", i+1, got[i], w)
				}
			}
		})
	}
}
