package forms

import (
	"fmt"
	"strings"
	"testing"
)

// Golden renders, ANSI-stripped, of every test schema at 80 and 120
// columns, as first shown (cursor in the first field).
func TestViewGolden(t *testing.T) {
	cases := schemaCases(t)
	for _, name := range sortedNames(cases) {
		for _, w := range []int{80, 120} {
			t.Run(fmt.Sprintf("%s/%d", name, w), func(t *testing.T) {
				f := mustNew(t, string(cases[name]), &Options{Width: w})
				got := plainView(f)
				for _, l := range strings.Split(got, "\n") {
					if n := len([]rune(l)); n > w {
						t.Errorf("line wider than %d (%d): %q", w, n, l)
					}
				}
				golden(t, fmt.Sprintf("view_%s_%d.golden", name, w), got+"\n")
			})
		}
	}
}

// The seed's bound violation, shown before sending, and the problems a
// blocked submit lists.
func TestViewProblems(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "search_books.json")), &Options{Width: 80})
	msgs := press(f, "type:dune", "tab", "backspace", "backspace", "type:500", "tab", "enter")
	s := submitted(t, msgs)
	if s.Force || len(s.Problems) != 1 || s.Problems[0].String() != "limit: Input should be less than or equal to 50" {
		t.Errorf("submit = %+v", s)
	}
	golden(t, "view_search_books_problems_80.golden", plainView(f)+"\n")
}

func TestViewHeightScrolls(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "hard/nested_defs.json")), &Options{Width: 80, Height: 6})
	press(f, "tab", "tab", "tab")
	v := plainView(f)
	if got := len(strings.Split(v, "\n")); got != 6 {
		t.Errorf("height = %d lines, want 6:\n%s", got, v)
	}
	if !strings.Contains(v, "home.geo.lon") {
		t.Errorf("focused field not visible:\n%s", v)
	}
	// The last row says what is cut (the scroll mark), and the window
	// starts at a field's label, not in the middle of a field.
	lines := strings.Split(v, "\n")
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "↑ ") || !strings.HasSuffix(last, " lines above") {
		t.Errorf("last row %q, want the scroll mark ↑ N lines above:\n%s", last, v)
	}
	if first := strings.TrimLeft(lines[0], " ┃"); !strings.HasPrefix(first, "home.geo.lon *") {
		t.Errorf("first row %q, want the focused field's label:\n%s", first, v)
	}
}

// In JSON mode a refused submit lists its problems under the editor, as
// the form does under its fields: they were kept but not shown, so the
// status bar said "1 problem(s)" and nothing said which. The editor
// shrinks to keep the view within its height; typing clears them.
func TestViewJSONModeShowsProblems(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "search_books.json")), &Options{Width: 80, Height: 12})
	press(f, "ctrl+j", "ctrl+a", `type:{"query":"dune","limit":500}`, "ctrl+r")
	v := plainView(f)
	if !strings.Contains(v, "limit: Input should be less than or equal to 50") {
		t.Errorf("the refused submit's problem is not shown:\n%s", v)
	}
	if n := len(strings.Split(v, "\n")); n > 12 {
		t.Errorf("%d lines in a form 12 high:\n%s", n, v)
	}
	press(f, "backspace")
	if v := plainView(f); strings.Contains(v, "less than or equal") {
		t.Errorf("typing did not clear the problems:\n%s", v)
	}
}
