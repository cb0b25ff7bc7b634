package sdk_test

import (
	"context"
	"fmt"
	"log"
	"strings"

	"github.com/mcpdev/mcpdev/sdk"
)

// Level is how hard an explanation is.
type Level string

// Enum lists the levels, so that a "level" argument completes from them.
func (Level) Enum() []any { return []any{"beginner", "intermediate", "expert"} }

// ExplainArgs are the arguments of explain: every one a string on the
// wire, read into the field's type.
type ExplainArgs struct {
	Topic string `json:"topic" jsonschema:"description=What to explain"`
	Level Level  `json:"level,omitempty" jsonschema:"description=How much the reader knows"`
	Words int    `json:"words,omitempty" jsonschema:"description=About how long,minimum=50,maximum=500,default=200"`
}

// Explain asks the model to explain a topic to a reader at a level.
func Explain(ctx context.Context, a ExplainArgs) ([]sdk.PromptMessage, error) {
	return []sdk.PromptMessage{
		sdk.UserMessage(sdk.Text(fmt.Sprintf("Explain %s to a %s in about %d words.", a.Topic, a.Level, a.Words))),
	}, nil
}

// A prompt is a plain function: its arguments come from a struct, the
// strings the client sends are read into the fields' types and checked,
// and the messages it returns go back with their roles.
func ExamplePrompt() {
	s := sdk.NewServer("teacher", nil)
	sdk.Prompt(s, Explain, &sdk.PromptOptions{Description: "Asks the model to explain a topic."})

	ctx := context.Background()
	c, err := sdk.NewInMemoryClient(ctx, s, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	prompts, _ := c.ListPrompts(ctx)
	for _, a := range prompts[0].Arguments {
		fmt.Printf("%s (required %t): %s\n", a.Name, a.Required, a.Description)
	}
	res, _ := c.GetPrompt(ctx, "explain", map[string]string{"topic": "recursion", "level": "beginner", "words": "100"})
	fmt.Printf("%s: %s\n", res.Messages[0].Role, res.Messages[0].Content.Text)
	_, err = c.GetPrompt(ctx, "explain", map[string]string{"level": "guru", "words": "many"})
	fmt.Println(err.(*sdk.RPCError).Message)
	// Output:
	// topic (required true): What to explain
	// level (required false): How much the reader knows
	// words (required false): About how long
	// user: Explain recursion to a beginner in about 100 words.
	// Invalid arguments for prompt explain: 3 validation errors for explain
	// topic
	//   Field required [type=missing, input_value={'level': 'guru', 'words': 'many'}, input_type=dict]
	// level
	//   Input should be 'beginner', 'intermediate' or 'expert' [type=literal_error, input_value='guru', input_type=str]
	// words
	//   Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='many', input_type=str]
}

// Arguments complete as the user types: from the values a type declares
// (here Level's Enum method) without any code, or from a function that
// sees the arguments already filled in.
func ExampleCompleteFunc() {
	topics := map[Level][]string{"beginner": {"recursion", "records"}, "expert": {"reflection", "regexps"}}
	s := sdk.NewServer("teacher", nil)
	sdk.Prompt(s, Explain, &sdk.PromptOptions{
		Description: "Asks the model to explain a topic.",
		Complete: map[string]sdk.CompleteFunc{
			"topic": func(ctx context.Context, typed string, args map[string]string) ([]string, error) {
				var out []string
				for _, t := range topics[Level(args["level"])] {
					if strings.HasPrefix(t, typed) {
						out = append(out, t)
					}
				}
				return out, nil
			},
		},
	})

	ctx := context.Background()
	c, err := sdk.NewInMemoryClient(ctx, s, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	ref := sdk.CompleteRef{Type: sdk.RefPrompt, Name: "explain"}
	levels, _ := c.Complete(ctx, ref, "level", "e", nil)
	fmt.Println(levels.Values)
	topicsFor, _ := c.Complete(ctx, ref, "topic", "re", map[string]string{"level": "expert"})
	fmt.Println(topicsFor.Values, topicsFor.Total)
	// Output:
	// [expert]
	// [reflection regexps] 2
}
