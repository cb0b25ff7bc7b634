package main

import (
	"context"
	"slices"
	"strings"

	"github.com/mcpdev/mcpdev/sdk"
)

// Catalog is the whole catalog: every book (title, author, year of first
// publication, genre, ISBN, blurb), oldest first, including those added
// with add_book.
func Catalog(ctx context.Context) ([]Book, error) {
	shop.mu.RLock()
	books := slices.Clone(shop.books)
	shop.mu.RUnlock()
	slices.SortStableFunc(books, func(a, b Book) int { return a.Year - b.Year })
	return books, nil
}

// BookURI binds the variable of bookshop://books/{isbn}.
type BookURI struct {
	// ISBN-13 of the book, digits only, e.g. 9780553418026.
	ISBN string `json:"isbn" jsonschema:"pattern=^[0-9]{13}$"`
}

// BookByISBN is one book of the catalog, by its ISBN-13.
func BookByISBN(ctx context.Context, u BookURI) (Book, error) {
	b, ok := shop.find(u.ISBN)
	if !ok || !strings.EqualFold(b.ISBN, u.ISBN) {
		return Book{}, sdk.ErrResourceNotFound
	}
	return b, nil
}

// addResources registers the catalog and one resource per book.
func addResources(s *sdk.Server) {
	sdk.Resource(s, "bookshop://catalog", Catalog, &sdk.ResourceOptions{
		Title:       "The catalog",
		Annotations: &sdk.ResourceAnnotations{Audience: []sdk.Role{sdk.RoleUser, sdk.RoleAssistant}},
	})
	sdk.ResourceTemplate(s, "bookshop://books/{isbn}", BookByISBN, &sdk.ResourceOptions{
		Title:    "A book by ISBN",
		MimeType: sdk.MimeJSON,
		Complete: map[string]sdk.CompleteFunc{"isbn": completeISBN},
	})
}

// completeISBN offers the catalog's ISBNs that start with what was typed.
func completeISBN(ctx context.Context, typed string, _ map[string]string) ([]string, error) {
	shop.mu.RLock()
	defer shop.mu.RUnlock()
	out := []string{}
	for _, b := range shop.books {
		if b.ISBN != "" && strings.HasPrefix(b.ISBN, typed) {
			out = append(out, b.ISBN)
		}
	}
	return out, nil
}
