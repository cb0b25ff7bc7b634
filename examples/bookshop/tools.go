package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// SearchBooksArgs are the arguments of search_books.
type SearchBooksArgs struct {
	// Words to find in the title or the author's name; case and accents are
	// ignored and every word must match. An empty query matches every book.
	Query string `json:"query"`
	// Only return books of this section of the catalog. Over HTTP in the
	// 2026-07-28 era the value also travels as the header Mcp-Param-Genre,
	// so a load balancer can route on it (examples/deploy does).
	Genre *Genre `json:"genre,omitempty" mcpheader:"Genre"`
	// Limit is the maximum number of books to return.
	Limit int `json:"limit" jsonschema:"minimum=1,maximum=50,default=10"`
}

// SearchResult is what search_books returns.
type SearchResult struct {
	// The matching books, oldest first, at most limit of them.
	Matches []Book `json:"matches"`
	// How many books matched in all; larger than the number of matches
	// returned when limit cut the list short.
	Total int `json:"total"`
}

// SearchBooks searches the bookshop's catalog by words from a title or an
// author's name, optionally within one genre. Returns the matching books
// (title, author, year of first publication, genre, ISBN, blurb), oldest
// first, and the total number of matches; if total is larger than the books
// returned, narrow the query or raise limit.
func SearchBooks(ctx context.Context, args SearchBooksArgs) (SearchResult, error) {
	all := shop.search(args.Query, args.Genre)
	return SearchResult{Matches: all[:min(args.Limit, len(all))], Total: len(all)}, nil
}

// GetBookArgs are the arguments of get_book.
type GetBookArgs struct {
	// The book's ISBN (13 or 10 digits, hyphens optional) or its exact
	// title (case-insensitive).
	ISBNOrTitle string `json:"isbn_or_title" jsonschema:"minLength=1"`
}

// GetBook gets one book from the catalog by its ISBN or its exact title.
// When no book matches, the error names the closest titles in the catalog:
// call again with one of them, or use search_books to search by words.
func GetBook(ctx context.Context, args GetBookArgs) (Book, error) {
	if b, ok := shop.find(args.ISBNOrTitle); ok {
		return b, nil
	}
	return Book{}, notFound(args.ISBNOrTitle)
}

func notFound(key string) error {
	close := shop.closeMatches(key, 3)
	if len(close) == 0 {
		return fmt.Errorf("no book has the ISBN or title %q, and no title is close to it; use search_books to search by words from the title or the author's name", key)
	}
	names := make([]string, len(close))
	for i, b := range close {
		names[i] = fmt.Sprintf("%q by %s (%d, ISBN %s)", b.Title, b.Author, b.Year, b.ISBN)
	}
	return fmt.Errorf("no book has the ISBN or title %q; close matches: %s", key, strings.Join(names, "; "))
}

// AddBookArgs are the arguments of add_book.
type AddBookArgs struct {
	// The book to add.
	Book Book `json:"book"`
}

// AddBook adds a book to the catalog, where search_books and get_book find
// it until the server stops (nothing is written to disk). A book whose ISBN,
// or whose title and author, is already in the catalog is refused, so
// calling this twice with the same book adds it once and then reports a
// duplicate.
func AddBook(ctx context.Context, args AddBookArgs) (string, error) {
	b, n, err := shop.add(args.Book)
	if errors.Is(err, errDuplicate) {
		return "", fmt.Errorf("not added: %w", err)
	}
	if err != nil {
		return "", err
	}
	isbn := ""
	if b.ISBN != "" {
		isbn = ", ISBN " + b.ISBN
	}
	return fmt.Sprintf("Added '%s' by %s (%d, %s%s). The catalog now holds %d books.", b.Title, b.Author, b.Year, b.Genre, isbn, n), nil
}
