package sdk_test

import (
	"context"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
)

// Issue 12, item 11: a comma inside a jsonschema tag's description or
// title does not cut the text.

type commaArgs struct {
	Query   string `json:"query" jsonschema:"description=Title, or author, to search for"`
	Escaped string `json:"escaped,omitempty" jsonschema:"title=Red\\, green,description=One, two"`
	Flagged string `json:"flagged,omitempty" jsonschema:"description=Checked,required,maxLength=5"`
}

func TestTagDescriptionWithComma(t *testing.T) {
	d, err := sdk.NewTool(func(ctx context.Context, a commaArgs) (string, error) { return "", nil }, quiet("comma"))
	if err != nil {
		t.Fatal(err)
	}
	raw := d.Info().InputSchema
	for _, tt := range []struct {
		path []string
		want any
	}{
		{[]string{"properties", "query", "description"}, "Title, or author, to search for"},
		{[]string{"properties", "escaped", "title"}, "Red, green"},
		{[]string{"properties", "escaped", "description"}, "One, two"},
		{[]string{"properties", "flagged", "description"}, "Checked"},
		{[]string{"properties", "flagged", "maxLength"}, 5.0},
	} {
		if got := schemaAt(t, raw, tt.path...); got != tt.want {
			t.Errorf("%v = %v, want %q", tt.path, got, tt.want)
		}
	}
}
