package godoc

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Go's doc comment convention starts a comment with the name it documents
// ("SearchBooks searches the catalog …", "Query is the title …"); a tool or
// argument description starts with what the thing does or is ("Searches the
// catalog …", "Title …"). Describe turns the first into the second where
// that is unambiguous, and otherwise returns the comment as written.
//
// A name that is also an English word (Search, Query, Limit) is ambiguous:
// "Search books by title." is an imperative sentence, not "Search" followed
// by a verb. For those only "Name is …", "Name are …", "Name returns …",
// "Name reports …" and the name's own verb ("Search searches …") are read
// as the convention.

// Describe is the description of the function, method or struct field
// name whose doc comment is doc: "SearchBooks searches the catalog." →
// "Searches the catalog.", "Query is the title or author to search for." →
// "Title or author to search for.", "Genre is a section of the catalog." →
// "A section of the catalog.". A comment that says something else about the
// name ("Query is required.") is kept as written.
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

// afterName returns what follows "name " at the start of doc when that is
// the Go convention: the next word is lower case, and for a name that is
// also a word, one of the verbs that cannot start an imperative sentence.
func afterName(name, doc string) (string, bool) {
	rest, ok := strings.CutPrefix(doc, name+" ")
	if !ok || name == "" {
		return "", false
	}
	word, _, _ := strings.Cut(rest, " ")
	word = strings.TrimRight(word, ",.;:") // "Get gets." is the verb gets
	if word == "" || !isLowerWord(word) {
		return "", false
	}
	if isPlainWord(name) && !conventionVerb(name, word) {
		return "", false
	}
	return rest, true
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

// conventionVerb reports whether word, after a name that is also an English
// word, reads as the verb of a Go doc comment.
func conventionVerb(name, word string) bool {
	switch word {
	case "is", "are", "returns", "reports":
		return true
	}
	lower := strings.ToLower(name)
	return word == lower+"s" || word == lower+"es" ||
		(strings.HasSuffix(lower, "y") && word == strings.TrimSuffix(lower, "y")+"ies")
}

// isPlainWord reports whether name could be an English word at the start
// of a sentence: letters, at most the first one upper case.
func isPlainWord(name string) bool {
	for i, r := range name {
		if !unicode.IsLetter(r) || (i > 0 && !unicode.IsLower(r)) {
			return false
		}
	}
	return true
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
