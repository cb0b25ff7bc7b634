package main

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/sdk"
)

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// recommend is listed with its arguments described by their doc comments.
func TestRecommendListed(t *testing.T) {
	prompts, err := inMemory(t).ListPrompts(testCtx(t))
	if err != nil || len(prompts) != 1 {
		t.Fatalf("prompts = %+v, %v", prompts, err)
	}
	p := prompts[0]
	var args []string
	for _, a := range p.Arguments {
		args = append(args, a.Name+" "+map[bool]string{true: "(required)", false: "(optional)"}[a.Required]+": "+a.Description)
	}
	want := "recommend / Recommend books: Asks the model to recommend books from the catalog to a reader who liked a given book, which the prompt embeds.\n" +
		"liked (required): A book the reader liked: its exact title or its ISBN.\n" +
		"genre (optional): Only recommend books of this section of the catalog.\n" +
		"count (optional): How many books to recommend."
	got := p.Name + " / " + p.Title + ": " + p.Description + "\n" + strings.Join(args, "\n")
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// recommend embeds the liked book and asks for count books; a book the
// catalog lacks is refused with the closest titles.
func TestRecommendRenders(t *testing.T) {
	c := inMemory(t)
	res, err := c.GetPrompt(testCtx(t), "recommend", map[string]string{"liked": "frankenstein", "genre": "fiction"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Messages) != 2 || res.Messages[0].Content.Type != "resource" {
		t.Fatalf("messages = %+v", res.Messages)
	}
	if r := res.Messages[0].Content.Resource; r.URI != "bookshop://books/9780141439471" || !strings.Contains(r.Text, `"author": "Mary Shelley"`) {
		t.Errorf("embedded book = %+v", r)
	}
	if got := res.Messages[1].Content.Text; !strings.HasPrefix(got, "I liked the book above. Recommend 3 other books from the fiction section") {
		t.Errorf("ask = %s", got)
	}
	_, err = c.GetPrompt(testCtx(t), "recommend", map[string]string{"liked": "Frankenstien"})
	var rpcErr *sdk.RPCError
	if !errors.As(err, &rpcErr) || rpcErr.Code != -32602 || !strings.Contains(rpcErr.Message, `close matches: "Frankenstein" by Mary Shelley`) {
		t.Errorf("a misspelt title: %v", err)
	}
	_, err = c.GetPrompt(testCtx(t), "recommend", map[string]string{"liked": "Frankenstein", "count": "20", "genre": "plays"})
	if !errors.As(err, &rpcErr) || !strings.Contains(rpcErr.Message, "count\n  Input should be less than or equal to 10") ||
		!strings.Contains(rpcErr.Message, "genre\n  Input should be 'fiction', 'non-fiction' or 'poetry'") {
		t.Errorf("bad count and genre: %v", err)
	}
}

// liked completes from the catalog's titles (within the chosen genre),
// genre from the Genre constants.
func TestRecommendCompletes(t *testing.T) {
	c := inMemory(t)
	ref := sdk.CompleteRef{Type: sdk.RefPrompt, Name: "recommend"}
	tests := []struct {
		arg, value string
		resolved   map[string]string
		want       string
	}{
		{"liked", "fr", nil, "Frankenstein"},
		{"liked", "the ", map[string]string{"genre": "poetry"}, "The Collected Poems of Langston Hughes"},
		{"genre", "", nil, "fiction,non-fiction,poetry"},
		{"genre", "No", nil, "non-fiction"},
	}
	for _, tt := range tests {
		got, err := c.Complete(testCtx(t), ref, tt.arg, tt.value, tt.resolved)
		if err != nil || strings.Join(got.Values, ",") != tt.want {
			t.Errorf("complete %s %q %v = %+v, %v; want %s", tt.arg, tt.value, tt.resolved, got, err, tt.want)
		}
	}
}
