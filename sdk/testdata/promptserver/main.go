// Command promptserver is the real subprocess the sdk's prompt tests talk
// to over stdio: prompts whose names, descriptions and arguments come from
// this source, one that panics, and completion from an enum and from a
// function.
package main

import (
	"context"
	"fmt"
	"log"
	"strings"

	"github.com/mcpdev/mcpdev/sdk"
)

// Tone is how a review sounds.
type Tone string

// The tones a review can take.
const (
	Warm  Tone = "warm"
	Dry   Tone = "dry"
	Witty Tone = "witty"
)

// ReviewArgs are the arguments of review.
type ReviewArgs struct {
	// The title of the book to review.
	Title string `json:"title"`
	// How many stars to give.
	Stars int `json:"stars" jsonschema:"minimum=1,maximum=5"`
	// How the review should sound.
	Tone Tone `json:"tone,omitempty"`
}

// Review asks the model to write a short review of a book.
func Review(ctx context.Context, a ReviewArgs) (string, error) {
	tone := a.Tone
	if tone == "" {
		tone = Warm
	}
	return fmt.Sprintf("Write a %s review of %q giving it %d of 5 stars.", tone, a.Title, a.Stars), nil
}

// Explode panics, to show that the server keeps serving.
func Explode(ctx context.Context, _ struct{}) (string, error) {
	panic("the prompt blew up")
}

var titles = []string{"Dune", "Dubliners", "Middlemarch", "Moby-Dick"}

func completeTitle(ctx context.Context, value string, _ map[string]string) ([]string, error) {
	var out []string
	for _, t := range titles {
		if strings.HasPrefix(strings.ToLower(t), strings.ToLower(value)) {
			out = append(out, t)
		}
	}
	return out, nil
}

func main() {
	s := sdk.NewServer("promptserver", &sdk.ServerOptions{Version: "1.0.0"})
	sdk.Prompt(s, Review, &sdk.PromptOptions{Complete: map[string]sdk.CompleteFunc{"title": completeTitle}})
	sdk.Prompt(s, Explode, nil)
	if err := s.Run(context.Background()); err != nil {
		log.Fatal(err)
	}
}
