package forms

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// One key selects a field's whole text, or JSON mode's, so that what is
// typed or pasted next replaces it (issue 11, item 9).

func TestJSONModeSelectAllReplaces(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "search_books.json")), &Options{Width: 80})
	press(f, "type:dune", "ctrl+j", "ctrl+a")
	if s := plainView(f); !strings.Contains(s, "all selected: what you type or paste replaces it") {
		t.Errorf("the selection is not shown:\n%s", s)
	}
	press(f, `type:{"query":"x"}`)
	if v, _ := f.Value(); string(v) != `{"query":"x"}` {
		t.Errorf("typed over the selection: %s, want {\"query\":\"x\"}", v)
	}
}

func TestJSONModeSelectAllPasteReplaces(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "search_books.json")), &Options{Width: 80})
	press(f, "type:dune", "ctrl+j", "ctrl+a")
	run(f, tea.PasteMsg{Content: `{"query":"pasted","limit":3}`})
	if v, _ := f.Value(); string(v) != `{"query":"pasted","limit":3}` {
		t.Errorf("pasted over the selection: %s", v)
	}
}

func TestJSONModeSelectionEndsOnOtherKey(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "search_books.json")), &Options{Width: 80})
	press(f, "type:dune", "ctrl+j", "ctrl+a", "left", "type: ")
	if s := plainView(f); strings.Contains(s, "all selected") {
		t.Errorf("still selected after ←:\n%s", s)
	}
	if v, err := f.Value(); err != nil || !strings.Contains(string(v), `"query":"dune"`) {
		t.Errorf("the JSON was replaced although the selection had ended: %s %v", v, err)
	}
}

func TestSelectAllInFieldReplaces(t *testing.T) {
	tests := []struct {
		name, schema string
		keys         []string
		want         string
	}{
		{"input, cursor mid-text", "search_books.json", []string{"type:dune", "left", "left", "ctrl+a", "type:x"}, `{"query":"x","limit":10}`},
		{"JSON editor", "hard/true_schema.json", []string{"type:[1]", "ctrl+a", "type:2"}, `{"anything":2}`},
		{"multi-select keeps its own ctrl+a", "hard/numeric_enum.json", []string{"tab", "tab", "ctrl+a"}, `{"level":2,"flags":["a","b","c"]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := mustNew(t, string(readTestdata(t, tt.schema)), &Options{Width: 80})
			press(f, tt.keys...)
			if v, _ := f.Value(); string(v) != tt.want {
				t.Errorf("args (-want +got):\n-%s\n+%s\n%s", tt.want, v, plainView(f))
			}
		})
	}
}
