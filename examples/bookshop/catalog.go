package main

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
)

//go:embed catalog.json
var catalogJSON []byte

// Genre is a section of the catalog.
type Genre string

// The sections of the catalog; they become the schema's enum.
const (
	Fiction    Genre = "fiction"
	NonFiction Genre = "non-fiction"
	Poetry     Genre = "poetry"
)

// Book is one entry of the catalog.
type Book struct {
	// Title is the title as printed on the cover, e.g. "The Left Hand of
	// Darkness".
	Title string `json:"title" jsonschema:"minLength=1"`
	// Author is the author's full name; several authors are joined by " and ".
	Author string `json:"author" jsonschema:"minLength=1"`
	// Year is the year of first publication, in any language (1450 or later:
	// the age of print).
	Year int `json:"year" jsonschema:"minimum=1450"`
	// Genre is the section of the catalog the book belongs to.
	Genre Genre `json:"genre"`
	// ISBN-13 (an ISBN-10 is converted) of one edition; hyphens and spaces
	// are ignored. Optional when adding a book.
	ISBN string `json:"isbn,omitempty" jsonschema:"pattern=^[0-9][0-9 -]*[0-9Xx]$"`
	// One line about the book for a reader deciding whether to open it.
	Blurb string `json:"blurb,omitempty" jsonschema:"maxLength=300"`
}

// catalog is the shop's stock: the embedded books plus those added while the
// process runs. It is safe for concurrent use.
type catalog struct {
	mu    sync.RWMutex
	books []Book
}

// shop is the catalog every tool works on.
var shop = mustLoadCatalog()

func mustLoadCatalog() *catalog {
	var books []Book
	if err := json.Unmarshal(catalogJSON, &books); err != nil {
		panic("bookshop: bad embedded catalog: " + err.Error())
	}
	return &catalog{books: books}
}

// search returns the books whose title or author contains every word of
// query (ignoring case and accents), optionally of one genre.
func (c *catalog) search(query string, genre *Genre) []Book {
	words := strings.Fields(fold(query))
	c.mu.RLock()
	defer c.mu.RUnlock()
	out := []Book{}
	for _, b := range c.books {
		if genre != nil && b.Genre != *genre {
			continue
		}
		hay := fold(b.Title + " " + b.Author)
		if allIn(words, hay) {
			out = append(out, b)
		}
	}
	slices.SortStableFunc(out, func(a, b Book) int { return a.Year - b.Year })
	return out
}

func allIn(words []string, hay string) bool {
	for _, w := range words {
		if !strings.Contains(hay, w) {
			return false
		}
	}
	return true
}

// find returns the book with the given ISBN or exact title.
func (c *catalog) find(key string) (Book, bool) {
	isbn, isbnErr := normalizeISBN(key)
	title := fold(strings.TrimSpace(key))
	c.mu.RLock()
	defer c.mu.RUnlock()
	for _, b := range c.books {
		if (isbnErr == nil && b.ISBN == isbn) || fold(b.Title) == title {
			return b, true
		}
	}
	return Book{}, false
}

// closeMatches returns up to n books whose title or ISBN is close to key.
func (c *catalog) closeMatches(key string, n int) []Book {
	key = fold(strings.TrimSpace(key))
	digits := strings.NewReplacer("-", "", " ", "").Replace(key)
	type scored struct {
		b Book
		d int
	}
	var found []scored
	c.mu.RLock()
	for _, b := range c.books {
		title := fold(b.Title)
		d := min(levenshtein(key, title), levenshtein(digits, b.ISBN))
		related := strings.Contains(title, key) || strings.Contains(key, title) || sharesWord(key, title)
		if related || d <= max(2, len([]rune(key))/3) {
			found = append(found, scored{b, d}) // ranked by edit distance
		}
	}
	c.mu.RUnlock()
	slices.SortStableFunc(found, func(a, b scored) int { return a.d - b.d })
	out := make([]Book, 0, n)
	for _, s := range found[:min(n, len(found))] {
		out = append(out, s.b)
	}
	return out
}

// stopWords are too common to make two titles close.
var stopWords = map[string]bool{"the": true, "a": true, "of": true, "and": true, "to": true, "in": true}

func sharesWord(a, b string) bool {
	bw := strings.Fields(b)
	for _, w := range strings.Fields(a) {
		if len(w) > 2 && !stopWords[w] && slices.Contains(bw, w) {
			return true
		}
	}
	return false
}

// errDuplicate reports a book that is already in the catalog.
var errDuplicate = errors.New("already in the catalog")

// add normalizes b and appends it, unless the catalog already holds a book
// with its ISBN or its title and author.
func (c *catalog) add(b Book) (Book, int, error) {
	b.Title, b.Author, b.Blurb = strings.TrimSpace(b.Title), strings.TrimSpace(b.Author), strings.TrimSpace(b.Blurb)
	if b.ISBN != "" {
		isbn, err := normalizeISBN(b.ISBN)
		if err != nil {
			return b, 0, err
		}
		b.ISBN = isbn
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, old := range c.books {
		if b.ISBN != "" && old.ISBN == b.ISBN {
			return b, 0, fmt.Errorf("ISBN %s is %q by %s, %w", b.ISBN, old.Title, old.Author, errDuplicate)
		}
		if fold(old.Title) == fold(b.Title) && fold(old.Author) == fold(b.Author) {
			return b, 0, fmt.Errorf("%q by %s is %w (ISBN %s)", old.Title, old.Author, errDuplicate, old.ISBN)
		}
	}
	c.books = append(c.books, b)
	return b, len(c.books), nil
}

// normalizeISBN strips hyphens and spaces, checks the check digit and turns
// an ISBN-10 into its ISBN-13.
func normalizeISBN(s string) (string, error) {
	s = strings.ToUpper(strings.NewReplacer("-", "", " ", "").Replace(strings.TrimSpace(s)))
	switch {
	case len(s) == 13 && isDigits(s) && isbn13Check(s[:12]) == s[12]:
		return s, nil
	case len(s) == 10 && isDigits(s[:9]) && isbn10Check(s[:9]) == s[9]:
		core := "978" + s[:9]
		return core + string(isbn13Check(core)), nil
	}
	return "", fmt.Errorf("%q is not a valid ISBN: expected 13 digits (or 10, the last may be X) with a correct check digit", s)
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func isbn13Check(twelve string) byte {
	sum := 0
	for i, r := range twelve {
		w := 1
		if i%2 == 1 {
			w = 3
		}
		sum += int(r-'0') * w
	}
	return byte('0' + (10-sum%10)%10)
}

func isbn10Check(nine string) byte {
	sum := 0
	for i, r := range nine {
		sum += int(r-'0') * (10 - i)
	}
	d := (11 - sum%11) % 11
	if d == 10 {
		return 'X'
	}
	return byte('0' + d)
}

// fold lower-cases s and drops the accents of common Latin letters, so
// "garcia marquez" finds "García Márquez".
func fold(s string) string {
	return accents.Replace(strings.ToLower(s))
}

var accents = strings.NewReplacer(
	"á", "a", "à", "a", "â", "a", "ä", "a", "ã", "a", "å", "a",
	"é", "e", "è", "e", "ê", "e", "ë", "e",
	"í", "i", "ì", "i", "î", "i", "ï", "i",
	"ó", "o", "ò", "o", "ô", "o", "ö", "o", "õ", "o", "ø", "o",
	"ú", "u", "ù", "u", "û", "u", "ü", "u",
	"ñ", "n", "ç", "c", "ß", "ss",
)

// levenshtein is the edit distance between a and b, by runes.
func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
