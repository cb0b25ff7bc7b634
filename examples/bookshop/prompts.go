package main

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/mcpdev/mcpdev/sdk"
)

// RecommendArgs are the arguments of recommend.
type RecommendArgs struct {
	// A book the reader liked: its exact title or its ISBN.
	Liked string `json:"liked" jsonschema:"minLength=1"`
	// Only recommend books of this section of the catalog.
	Genre *Genre `json:"genre,omitempty"`
	// How many books to recommend.
	Count int `json:"count" jsonschema:"minimum=1,maximum=10,default=3"`
}

// Recommend asks the model to recommend books from the catalog to a reader
// who liked a given book, which the prompt embeds.
func Recommend(ctx context.Context, args RecommendArgs) ([]sdk.PromptMessage, error) {
	b, ok := shop.find(args.Liked)
	if !ok {
		return nil, &sdk.RPCError{Code: -32602, Message: notFound(args.Liked).Error()}
	}
	data, _ := json.MarshalIndent(b, "", "  ")
	section := "any section of the catalog"
	if args.Genre != nil {
		section = "the " + string(*args.Genre) + " section"
	}
	ask := fmt.Sprintf("I liked the book above. Recommend %d other books from %s that I might like, "+
		"each with one sentence on why. Use search_books to find them in this shop; recommend only books it returns.", args.Count, section)
	return []sdk.PromptMessage{
		sdk.UserMessage(sdk.EmbeddedResource(sdk.ResourceContents{URI: bookURI(b), MimeType: "application/json", Text: string(data)})),
		sdk.UserMessage(sdk.Text(ask)),
	}, nil
}

// bookURI names a book in the bookshop:// scheme.
func bookURI(b Book) string {
	if b.ISBN != "" {
		return "bookshop://books/" + b.ISBN
	}
	return "bookshop://books/" + strings.ReplaceAll(strings.ToLower(b.Title), " ", "-")
}

// completeTitle suggests the titles that start with what the user typed
// (case and accents ignored), within the genre already chosen if any.
func completeTitle(ctx context.Context, typed string, args map[string]string) ([]string, error) {
	var genre *Genre
	if g, ok := args["genre"]; ok && g != "" {
		genre = (*Genre)(&g)
	}
	var out []string
	prefix := fold(typed)
	for _, b := range shop.search("", genre) {
		if strings.HasPrefix(fold(b.Title), prefix) {
			out = append(out, b.Title)
		}
	}
	slices.Sort(out)
	return out, nil
}

// addPrompts adds the bookshop's prompts to s.
func addPrompts(s *sdk.Server) {
	sdk.Prompt(s, Recommend, &sdk.PromptOptions{
		Title:    "Recommend books",
		Complete: map[string]sdk.CompleteFunc{"liked": completeTitle},
	})
}
