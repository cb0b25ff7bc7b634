package forms

import (
	"strings"
	"testing"
)

// Removing a list item keeps the other items as they were (object forms,
// empty fields), renumbered; nested lists take the cursor into the new
// inner item, and an empty inner list can be removed (issue 11, item 4).

func TestRemoveItemKeepsObjectForms(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "hard/edit_file.json")), &Options{Width: 100})
	press(f, "type:a.txt", "tab", "enter", // edits: add the first item
		"type:one", "tab", "type:1", "ctrl+n",
		"type:two", "tab", "type:2", "ctrl+n",
		"type:three", "tab", "type:3",
		"shift+tab", "shift+tab", "shift+tab", "ctrl+x") // in edits[1].oldText: remove edits[1]
	v, _ := f.Value()
	want := `{"path":"a.txt","edits":[{"oldText":"one","newText":"1"},{"oldText":"three","newText":"3"}],"dryRun":false}`
	if string(v) != want {
		t.Errorf("args (-want +got):\n-%s\n+%s", want, v)
	}
	s := plainView(f)
	for _, bad := range []string{"does not fit", "kept as JSON", "edits[2]"} {
		if strings.Contains(s, bad) {
			t.Errorf("after the removal the view shows %q:\n%s", bad, s)
		}
	}
	if !focusedLine(f, "edits[1].oldText") {
		t.Errorf("the cursor is not in the item that took the removed one's place:\n%s", s)
	}
	press(f, "type:THREE") // the renumbered item is still a form: typing replaces its text
	if v, _ := f.Value(); !strings.Contains(string(v), `{"oldText":"THREE","newText":"3"}`) {
		t.Errorf("typed into the renumbered item: %s", v)
	}
}

func TestRemoveItemKeepsEmptySiblings(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "hard/nested_lists.json")), &Options{Width: 100})
	press(f, "tab", "enter", "type:1", "ctrl+n", "ctrl+n", "type:3", // ids: 1, (empty), 3
		"shift+tab", "shift+tab", "ctrl+x") // remove ids[0]
	if s := plainView(f); strings.Contains(s, "does not fit") {
		t.Errorf("an empty item became a flagged JSON editor:\n%s", s)
	}
	press(f, "type:2")
	if v, _ := f.Value(); string(v) != `{"matrix":[],"ids":[2,3]}` {
		t.Errorf("args %s, want ids [2,3]", v)
	}
}

func TestNestedListFocusEntersNewItem(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "hard/nested_lists.json")), &Options{Width: 100})
	press(f, "enter", "type:5", "ctrl+n", "type:6") // a new row holds a new integer: the digits land in it
	press(f, "tab", "tab", "enter", "type:7")       // matrix[0]'s add button, matrix's: a new row
	if v, _ := f.Value(); string(v) != `{"matrix":[[5,6],[7]]}` {
		t.Errorf("args %s, want matrix [[5,6],[7]]\n%s", v, plainView(f))
	}
}

func TestEmptyInnerListRemovable(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "hard/nested_lists.json")), &Options{Width: 100})
	press(f, "enter", "type:5", "ctrl+x") // matrix[0][0] removed: the cursor is on matrix[0]'s add button
	if v, _ := f.Value(); string(v) != `{"matrix":[[]]}` {
		t.Fatalf("args %s, want matrix [[]]", v)
	}
	press(f, "ctrl+x") // the empty inner list itself
	if v, _ := f.Value(); string(v) != `{"matrix":[]}` {
		t.Errorf("args %s, want matrix []\n%s", v, plainView(f))
	}
	if r := f.focused(); r == nil || r.id != "matrix#add" || strings.Contains(plainView(f), "matrix[0]") {
		t.Errorf("after removing the inner list:\n%s", plainView(f))
	}
}
