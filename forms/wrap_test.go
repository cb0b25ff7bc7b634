package forms

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// List and object headers wrap their description to the form's width, as
// fields do, instead of running past it (cut by the parent to one line)
// (issue 11, item 6).
func TestListDescriptionWraps(t *testing.T) {
	long := strings.Repeat("Each edit replaces one exact match of oldText with newText. ", 4) + "END"
	schema := `{"type":"object","properties":{
		"edits":{"type":"array","description":"` + long + `","items":{"type":"object","properties":{"a":{"type":"string"}}}},
		"owner":{"type":"object","description":"` + long + `","properties":{"name":{"type":"string"}}}}}`
	for _, w := range []int{60, 100} {
		f := mustNew(t, schema, &Options{Width: w})
		s := plainView(f)
		for _, l := range strings.Split(s, "\n") {
			if n := ansi.StringWidth(l); n > w {
				t.Errorf("width %d: a line is %d wide: %q", w, n, l)
			}
		}
		if strings.Count(s, "END") != 2 {
			t.Errorf("width %d: the descriptions are not shown whole:\n%s", w, s)
		}
		golden(t, fmt.Sprintf("view_long_descriptions_%d.golden", w), s+"\n")
	}
}
