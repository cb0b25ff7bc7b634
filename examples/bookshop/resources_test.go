package main

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

func TestCatalogResource(t *testing.T) {
	c := inMemory(t)
	ctx := context.Background()
	list, err := c.ListResources(ctx)
	if err != nil || len(list) != 1 || list[0].URI != "bookshop://catalog" || list[0].Name != "catalog" || list[0].Description == "" {
		t.Fatalf("resources/list = %+v, %v", list, err)
	}
	res, err := c.ReadResource(ctx, "bookshop://catalog")
	if err != nil {
		t.Fatal(err)
	}
	var books []Book
	if err := json.Unmarshal([]byte(res.Contents[0].Text), &books); err != nil || len(books) < 10 || res.Contents[0].MimeType != "application/json" {
		t.Fatalf("catalog: %d books, %s, %v", len(books), res.Contents[0].MimeType, err)
	}
	for i := 1; i < len(books); i++ {
		if books[i].Year < books[i-1].Year {
			t.Errorf("not oldest first: %d after %d", books[i].Year, books[i-1].Year)
		}
	}
}

func TestBookTemplate(t *testing.T) {
	c := inMemory(t)
	ctx := context.Background()
	var b Book
	for _, x := range shop.books {
		if x.ISBN != "" {
			b = x
			break
		}
	}
	res, err := c.ReadResource(ctx, "bookshop://books/"+b.ISBN)
	if err != nil {
		t.Fatal(err)
	}
	var got Book
	if err := json.Unmarshal([]byte(res.Contents[0].Text), &got); err != nil || got.Title != b.Title {
		t.Errorf("book: %s (%v)", res.Contents[0].Text, err)
	}
	for uri, code := range map[string]int{
		"bookshop://books/9999999999999": transport.CodeInvalidParams, // not in the catalog (SEP-2164 in this era)
		"bookshop://books/the-martian":   transport.CodeInvalidParams, // not an ISBN-13
	} {
		_, err := c.ReadResource(ctx, uri)
		var e *transport.Error
		if !errors.As(err, &e) || e.Code != code {
			t.Errorf("%s: %v, want code %d", uri, err, code)
		}
	}
	got2, err := c.Complete(ctx, sdk.CompleteRef{Type: sdk.RefResource, URI: "bookshop://books/{isbn}"}, "isbn", b.ISBN[:11], nil)
	if err != nil || len(got2.Values) == 0 || got2.Values[0] != b.ISBN {
		t.Errorf("complete isbn %s…: %v, %v", b.ISBN[:11], got2, err)
	}
	templates, err := c.ListResourceTemplates(ctx)
	if err != nil || len(templates) != 1 || templates[0].URITemplate != "bookshop://books/{isbn}" || templates[0].Description == "" {
		t.Errorf("templates = %+v, %v", templates, err)
	}
}
