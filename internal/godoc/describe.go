package godoc

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Go's doc comment convention starts a comment with the name it documents
// ("SearchBooks searches the catalog …", "Query is the title …"); a tool,
// prompt, resource or argument description starts with what the thing does
// or is ("Searches the catalog …", "Title …"). One rule turns the first
// into the second, whatever the name: a comment whose first word is the
// declared name, followed by a lower-case word, drops the name and
// capitalises that word ("Reindex rebuilds …" → "Rebuilds …", "Search
// books by title." → "Books by title."). "Name is the X" / "Name are the
// X" gives "X", "Name is a X" gives "A X". Kept as written: a comment that
// does not start with the name, "Name is" followed by anything else
// ("Query is required."), and a name followed by an article, preposition
// or conjunction, which a verb cannot be ("Subject of the report.",
// "Command and Args start …").

// Describe is the description of the function, method or struct field
// name whose doc comment is doc, by the rule above: "SearchBooks searches
// the catalog." → "Searches the catalog.", "Reindex rebuilds the index." →
// "Rebuilds the index.", "Query is the title to search for." → "Title to
// search for.", "Genre is a section of the catalog." → "A section of the
// catalog.".
func Describe(name, doc string) string {
	rest, ok := afterName(name, doc)
	if !ok {
		return doc
	}
	if strings.HasPrefix(rest, "is ") || strings.HasPrefix(rest, "are ") {
		if noun, ok := afterCopula(rest); ok {
			return capitalize(noun)
		}
		return doc
	}
	return capitalize(rest)
}

// afterName returns what follows "name " at the start of doc when the next
// word is lower case.
func afterName(name, doc string) (string, bool) {
	rest, ok := strings.CutPrefix(doc, name+" ")
	if !ok || name == "" {
		return "", false
	}
	word, _, _ := strings.Cut(rest, " ")
	word = strings.TrimRight(word, ",.;:") // "Get gets." is the verb gets
	if !isLowerWord(word) || functionWords[word] {
		return "", false
	}
	return rest, true
}

// functionWords are the articles, prepositions and conjunctions that can
// follow a name in a noun phrase; the word after the name in Go's
// convention is a verb.
var functionWords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "as": true, "to": true, "for": true, "in": true,
	"on": true, "at": true, "by": true, "with": true, "from": true, "into": true, "and": true,
	"or": true, "but": true, "nor": true, "if": true, "when": true,
}

// afterCopula reads "is the X" / "are the X" as X, and "is a X" / "is an
// X" as "a X"; "is" followed by anything else is not a definition.
func afterCopula(rest string) (string, bool) {
	_, rest, _ = strings.Cut(rest, " ")
	if noun, ok := strings.CutPrefix(rest, "the "); ok && noun != "" {
		return noun, true
	}
	if strings.HasPrefix(rest, "a ") || strings.HasPrefix(rest, "an ") {
		return rest, true
	}
	return "", false
}

func isLowerWord(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if !unicode.IsLower(r) && r != '-' && r != '\'' {
			return false
		}
	}
	return true
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}
