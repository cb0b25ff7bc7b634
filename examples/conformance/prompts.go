package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/mcpdev/mcpdev/sdk"
)

// TestSimplePrompt is a simple prompt without arguments, for testing.
func TestSimplePrompt(ctx context.Context, _ NoArgs) (string, error) {
	return "This is a simple prompt for testing.", nil
}

// PromptArgs are the arguments of test_prompt_with_arguments.
type PromptArgs struct {
	// First test argument
	Arg1 string `json:"arg1"`
	// Second test argument
	Arg2 string `json:"arg2"`
}

// TestPromptWithArguments is a prompt that repeats its two arguments.
func TestPromptWithArguments(ctx context.Context, a PromptArgs) (string, error) {
	return fmt.Sprintf("Prompt with arguments: arg1='%s', arg2='%s'", a.Arg1, a.Arg2), nil
}

// EmbedArgs are the arguments of test_prompt_with_embedded_resource.
type EmbedArgs struct {
	// URI of the resource to embed
	ResourceURI string `json:"resourceUri"`
}

// TestPromptWithEmbeddedResource is a prompt that embeds the resource it
// is given.
func TestPromptWithEmbeddedResource(ctx context.Context, a EmbedArgs) ([]sdk.Content, error) {
	return []sdk.Content{
		sdk.EmbeddedResource(sdk.ResourceContents{URI: a.ResourceURI, MimeType: "text/plain", Text: "Embedded resource content for testing."}),
		sdk.Text("Please process the embedded resource above."),
	}, nil
}

// TestPromptWithImage is a prompt that shows an image.
func TestPromptWithImage(ctx context.Context, _ NoArgs) ([]sdk.Content, error) {
	return []sdk.Content{
		sdk.Image(redPixelPNG(), "image/png"),
		sdk.Text("Please analyze the image above."),
	}, nil
}

// completeArg1 suggests values for arg1 of test_prompt_with_arguments.
func completeArg1(ctx context.Context, value string, _ map[string]string) ([]string, error) {
	var out []string
	for _, v := range []string{"paris", "park", "party", "test", "testing"} {
		if strings.HasPrefix(v, value) {
			out = append(out, v)
		}
	}
	return out, nil
}

// addPrompts adds the prompts the conformance suites get, and completion
// of test_prompt_with_arguments' arg1.
func addPrompts(s *sdk.Server) {
	sdk.Prompt(s, TestSimplePrompt, nil)
	sdk.Prompt(s, TestPromptWithArguments, &sdk.PromptOptions{Complete: map[string]sdk.CompleteFunc{"arg1": completeArg1}})
	sdk.Prompt(s, TestPromptWithEmbeddedResource, nil)
	sdk.Prompt(s, TestPromptWithImage, nil)
}
