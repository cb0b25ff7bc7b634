package forms

import (
	"strings"
	"testing"
)

func TestSeedSearchBooks(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "search_books.json")), nil)
	msgs := press(f, "type:dune", "tab", "backspace", "backspace", "type:5", "tab", "enter")
	s := submitted(t, msgs)
	if got, want := string(s.Args), `{"query":"dune","limit":5}`; got != want {
		t.Errorf("args = %s, want %s", got, want)
	}
	if len(s.Problems) != 0 {
		t.Errorf("problems = %v", s.Problems)
	}
}

func TestSeedAddBook(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "add_book.json")), nil)
	msgs := press(f, "type:Dune", "tab", "type:Frank Herbert", "tab", "type:1965", "enter")
	s := submitted(t, msgs)
	if got, want := string(s.Args), `{"book":{"title":"Dune","author":"Frank Herbert","year":1965}}`; got != want {
		t.Errorf("args = %s, want %s", got, want)
	}
	if len(s.Problems) != 0 {
		t.Errorf("problems = %v", s.Problems)
	}
}

func TestSeedBoundShownBeforeSending(t *testing.T) {
	f := mustNew(t, string(readTestdata(t, "add_book.json")), nil)
	press(f, "type:Dune", "tab", "type:Frank Herbert", "tab", "type:1200", "tab")
	if v := plainView(f); !strings.Contains(v, "Input should be greater than or equal to 1450") {
		t.Errorf("bound violation not shown after leaving the field:\n%s", v)
	}
	t.Log("\n" + plainView(f))
}
