package main

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
)

var update = flag.Bool("update", false, "rewrite testdata/tools.golden.json")

func inMemory(t *testing.T) *sdk.Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	c, err := sdk.NewInMemoryClient(ctx, newServer(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func call(t *testing.T, c *sdk.Client, tool string, args string) *sdk.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := c.CallTool(ctx, tool, json.RawMessage(args), nil)
	if err != nil {
		t.Fatalf("%s %s: %v", tool, args, err)
	}
	return res
}

func text(t *testing.T, res *sdk.CallToolResult) string {
	t.Helper()
	if len(res.Content) != 1 || res.Content[0].Type != "text" {
		t.Fatalf("want one text block, got %+v", res.Content)
	}
	return res.Content[0].Text
}

func TestToolsListGolden(t *testing.T) {
	tools, err := inMemory(t).ListTools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got, err := json.MarshalIndent(tools, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	golden := filepath.Join("testdata", "tools.golden.json")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if string(got) != string(want) {
		t.Errorf("tools/list differs from %s (go test -update to accept):\n%s", golden, got)
	}
}

func TestToolsListHints(t *testing.T) {
	tools, err := inMemory(t).ListTools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]sdk.ToolInfo{}
	for _, tl := range tools {
		byName[tl.Name] = tl
	}
	for name, readOnly := range map[string]bool{"search_books": true, "get_book": true, "add_book": false} {
		tl, ok := byName[name]
		if !ok {
			t.Fatalf("no tool %s in %v", name, tools)
		}
		if tl.Title == "" || tl.Description == "" {
			t.Errorf("%s: title %q, description %q", name, tl.Title, tl.Description)
		}
		a := tl.Annotations
		if a == nil || a.ReadOnlyHint == nil || *a.ReadOnlyHint != readOnly {
			t.Errorf("%s: readOnlyHint %+v, want %v", name, a, readOnly)
		}
	}
	a := byName["add_book"].Annotations
	if a.DestructiveHint == nil || *a.DestructiveHint || a.IdempotentHint == nil || *a.IdempotentHint {
		t.Errorf("add_book hints: %+v, want destructive=false idempotent=false", a)
	}
	if byName["search_books"].OutputSchema == nil {
		t.Error("search_books has no outputSchema")
	}
}

func TestSearchBooks(t *testing.T) {
	c := inMemory(t)
	res := call(t, c, "search_books", `{"query":"dune","limit":1}`)
	if res.IsError {
		t.Fatalf("isError: %s", text(t, res))
	}
	var got SearchResult
	if err := json.Unmarshal(res.StructuredContent, &got); err != nil {
		t.Fatal(err)
	}
	if got.Total != 2 || len(got.Matches) != 1 || got.Matches[0].Title != "Dune" || got.Matches[0].ISBN != "9780441172719" {
		t.Errorf("structuredContent = %s, want Dune (1 of 2)", res.StructuredContent)
	}
	indented, _ := json.MarshalIndent(got, "", "  ")
	if txt := text(t, res); txt != string(indented) {
		t.Errorf("content text = %s\nwant the structured result indented:\n%s", txt, indented)
	}
}

func TestSearchBooksGenreAndDefaults(t *testing.T) {
	c := inMemory(t)
	var got SearchResult
	res := call(t, c, "search_books", `{"query":"","genre":"poetry","limit":50}`)
	if err := json.Unmarshal(res.StructuredContent, &got); err != nil {
		t.Fatal(err)
	}
	if got.Total != 4 || len(got.Matches) != 4 {
		t.Fatalf("poetry: %s", res.StructuredContent)
	}
	for i, b := range got.Matches {
		if b.Genre != Poetry || (i > 0 && b.Year < got.Matches[i-1].Year) {
			t.Errorf("poetry match %d: %+v (want poetry, oldest first)", i, b)
		}
	}
	res = call(t, c, "search_books", `{"query":"garcia marquez"}`)
	if err := json.Unmarshal(res.StructuredContent, &got); err != nil || got.Total != 1 || got.Matches[0].Title != "One Hundred Years of Solitude" {
		t.Errorf("accent-insensitive search: %s", res.StructuredContent)
	}
	res = call(t, c, "search_books", `{"query":""}`) // limit omitted: 10
	if err := json.Unmarshal(res.StructuredContent, &got); err != nil || len(got.Matches) != 10 || got.Total < 27 {
		t.Errorf("default limit: %d matches of %d", len(got.Matches), got.Total)
	}
}

func TestGetBook(t *testing.T) {
	c := inMemory(t)
	for _, key := range []string{"0-441-17271-7", "978-0-441-17271-9", "dune", "DUNE"} {
		res := call(t, c, "get_book", `{"isbn_or_title":`+quote(key)+`}`)
		var b Book
		if res.IsError || json.Unmarshal(res.StructuredContent, &b) != nil || b.Title != "Dune" {
			t.Errorf("get_book %q: %+v", key, res)
		}
	}
}

func TestGetBookUnknown(t *testing.T) {
	c := inMemory(t)
	res := call(t, c, "get_book", `{"isbn_or_title":"Dune Mesiah"}`)
	want := `Error executing tool get_book: no book has the ISBN or title "Dune Mesiah"; close matches: "Dune Messiah" by Frank Herbert (1969, ISBN 9780441172696); "Dune" by Frank Herbert (1965, ISBN 9780441172719)`
	if !res.IsError || text(t, res) != want {
		t.Errorf("got isError=%v %q\nwant %q", res.IsError, text(t, res), want)
	}
	if res.StructuredContent != nil {
		t.Errorf("an error carries no structuredContent: %s", res.StructuredContent)
	}
	res = call(t, c, "get_book", `{"isbn_or_title":"Zzyzx Qwerty Plover"}`)
	if !res.IsError || !strings.Contains(text(t, res), "use search_books") {
		t.Errorf("nothing close: %q", text(t, res))
	}
}

func TestAddBookThenSearch(t *testing.T) {
	// A fresh catalog: added books stay for the process, and with
	// go test -count=N the book would already be there on the second run.
	saved := shop
	shop = mustLoadCatalog()
	t.Cleanup(func() { shop = saved })
	c := inMemory(t)
	book := `{"book":{"title":"Piranesi","author":"Susanna Clarke","year":2020,"genre":"fiction","isbn":"978-1-63557-563-7","blurb":"A man keeps a careful journal of the endless house of statues he believes is the whole world."}}`
	res := call(t, c, "add_book", book)
	if res.IsError || !strings.HasPrefix(text(t, res), "Added 'Piranesi' by Susanna Clarke (2020, fiction, ISBN 9781635575637).") {
		t.Fatalf("add_book: %q", text(t, res))
	}
	var got SearchResult
	res = call(t, c, "search_books", `{"query":"clarke piranesi"}`)
	if err := json.Unmarshal(res.StructuredContent, &got); err != nil || got.Total != 1 || got.Matches[0].ISBN != "9781635575637" {
		t.Errorf("search after add: %s", res.StructuredContent)
	}
	res = call(t, c, "add_book", book) // not idempotent: the second call is refused
	if !res.IsError || !strings.Contains(text(t, res), "already in the catalog") {
		t.Errorf("second add: %q", text(t, res))
	}
	res = call(t, c, "add_book", `{"book":{"title":"X","author":"Y","year":2000,"genre":"poetry","isbn":"9780441172710"}}`)
	if !res.IsError || !strings.Contains(text(t, res), "not a valid ISBN") {
		t.Errorf("bad check digit: %q", text(t, res))
	}
}

func TestAddBookValidation(t *testing.T) {
	c := inMemory(t)
	before := len(shop.search("", nil))
	res := call(t, c, "add_book", `{"book":{"title":"The Gutenberg Bible","year":1200,"genre":"scripture"},"price":3}`)
	want := "Error executing tool add_book: 3 validation errors for add_book\n" + // price: ignored

		"book.author\n  Field required [type=missing, input_value={'genre': 'scripture', 'title': 'The Gutenberg Bible', 'year': 1200}, input_type=dict]\n" +
		"book.year\n  Input should be greater than or equal to 1450 [type=greater_than_equal, input_value=1200, input_type=int]\n" +
		"book.genre\n  Input should be 'fiction', 'non-fiction' or 'poetry' [type=literal_error, input_value='scripture', input_type=str]"
	if !res.IsError || text(t, res) != want {
		t.Errorf("got:\n%s\nwant:\n%s", text(t, res), want)
	}
	if after := len(shop.search("", nil)); after != before {
		t.Errorf("invalid book changed the catalog: %d → %d books", before, after)
	}
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
