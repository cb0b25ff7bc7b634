package sdk_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/invopop/jsonschema"

	"github.com/mcpdev/mcpdev/sdk"
)

type tagTypo struct {
	MaxResults int `json:"maxResults" jsonschema:"maximun=50"`
}

type tagBadBound struct {
	Limit int `json:"limit" jsonschema:"minimum=abc"`
}

type tagBadDefault struct {
	Limit int `json:"limit" jsonschema:"default=ten"`
}

type tagDefaultOutsideEnum struct {
	Genre string `json:"genre" jsonschema:"enum=fiction,enum=poetry,default=drama"`
}

type tagDefaultAboveMax struct {
	Limit int `json:"limit" jsonschema:"minimum=1,maximum=50,default=100"`
}

type tagDefaultOutOfRange struct {
	Small int8 `json:"small" jsonschema:"default=300"`
}

type tagRunOnTypo struct {
	Query string `json:"query" jsonschema:"description=Title or author,minLenght=1"`
}

type tagWrongKind struct {
	Query string `json:"query" jsonschema:"minimum=1"`
}

type tagNested struct {
	Filter struct {
		Year int `json:"year" jsonschema:"maximum=abc"`
	} `json:"filter"`
}

type ifaceField struct {
	Shape fmt.Stringer `json:"shape"`
}

type nameA struct{ Name string }
type nameB struct{ Name string }

type dupEmbedded struct {
	nameA
	nameB
}

// Each tag mistake, interface field and JSON name given twice fails
// registration with the field's JSON path and Go name, the tag part at
// fault and what to write instead; before, each registered and then
// dropped the tag, made the field required, or failed every call.
func TestTagMistakesFailRegistration(t *testing.T) {
	tool := func(name string, err error, want string) {
		t.Helper()
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v\nwant it to contain %q", name, err, want)
		}
	}
	_, err := sdk.NewTool(func(context.Context, tagTypo) (string, error) { return "", nil }, quiet("t"))
	tool("unknown key", err, `maxResults (sdk_test.tagTypo.MaxResults): jsonschema tag "maximun=50": unknown key "maximun"; did you mean "maximum"?`)
	_, err = sdk.NewTool(func(context.Context, tagBadBound) (string, error) { return "", nil }, quiet("t"))
	tool("bad bound", err, `limit (sdk_test.tagBadBound.Limit): jsonschema tag "minimum=abc": "abc" is not a number: write a JSON number, as minimum=10`)
	_, err = sdk.NewTool(func(context.Context, tagBadDefault) (string, error) { return "", nil }, quiet("t"))
	tool("bad default", err, `limit (sdk_test.tagBadDefault.Limit): jsonschema tag "default=ten": "ten" is not an integer (int): write digits, as 10`)
	_, err = sdk.NewTool(func(context.Context, tagDefaultOutsideEnum) (string, error) { return "", nil }, quiet("t"))
	tool("default outside enum", err, `genre (sdk_test.tagDefaultOutsideEnum.Genre): jsonschema tag "default=drama": drama is not one of the field's values fiction, poetry: write one of them`)
	_, err = sdk.NewTool(func(context.Context, tagDefaultAboveMax) (string, error) { return "", nil }, quiet("t"))
	tool("default above maximum", err, `limit (sdk_test.tagDefaultAboveMax.Limit): jsonschema tag "default=100": 100 is outside maximum=50: write a default within the field's bounds`)
	_, err = sdk.NewTool(func(context.Context, tagDefaultOutOfRange) (string, error) { return "", nil }, quiet("t"))
	tool("default out of int8", err, `small (sdk_test.tagDefaultOutOfRange.Small): jsonschema tag "default=300": 300 is out of range for int8`)
	_, err = sdk.NewTool(func(context.Context, tagRunOnTypo) (string, error) { return "", nil }, quiet("t"))
	tool("typo after a description", err, `query (sdk_test.tagRunOnTypo.Query): jsonschema tag "minLenght=1": unknown key "minLenght"; did you mean "minLength"?`)
	_, err = sdk.NewTool(func(context.Context, tagWrongKind) (string, error) { return "", nil }, quiet("t"))
	tool("keyword of another type", err, `query (sdk_test.tagWrongKind.Query): jsonschema tag "minimum=1": minimum does not apply to a string field (string): write minLength=1`)
	_, err = sdk.NewTool(func(context.Context, tagNested) (string, error) { return "", nil }, quiet("t"))
	tool("nested", err, `filter.year (sdk_test.tagNested.Filter.Year): jsonschema tag "maximum=abc"`)
	_, err = sdk.NewTool(func(context.Context, ifaceField) (string, error) { return "", nil }, quiet("t"))
	tool("interface", err, `shape (sdk_test.ifaceField.Shape): encoding/json cannot decode into the interface fmt.Stringer: use a concrete type (or any), or give the interface a JSONSchema() method`)
	_, err = sdk.NewTool(func(context.Context, dupEmbedded) (string, error) { return "", nil }, quiet("t"))
	tool("same name, embedded at one depth", err, `Name (sdk_test.nameA.Name, sdk_test.nameB.Name): 2 fields have the JSON name "Name" and encoding/json reads and writes none of them: tag the one to keep json:"Name", or rename one`)
	_, err = sdk.NewTool(func(context.Context, plainArgs) (dupEmbedded, error) { return dupEmbedded{}, nil }, quiet("t"))
	tool("output", err, "output schema")

	// every way to declare one: prompts, resource templates, sdk.Tool
	_, err = sdk.NewPrompt(func(context.Context, tagTypo) (string, error) { return "", nil }, &sdk.PromptOptions{Name: "p", Description: "d"})
	tool("prompt", err, `did you mean "maximum"?`)
	_, err = sdk.NewResourceTemplate("notes://{maxResults}", func(context.Context, tagTypo) (string, error) { return "", nil }, &sdk.ResourceOptions{Name: "r", Description: "d"})
	tool("resource template", err, `did you mean "maximum"?`)
	func() {
		defer func() {
			v := recover()
			if v == nil || !strings.Contains(fmt.Sprint(v), `did you mean "maximum"?`) {
				t.Errorf("sdk.Tool: panic %v", v)
			}
		}()
		sdk.Tool(sdk.NewServer("x", nil), func(context.Context, tagTypo) (string, error) { return "", nil }, quiet("t"))
	}()
}

type plainArgs struct {
	Q string `json:"q"`
}

type shaped interface {
	JSONSchema() *jsonschema.Schema
	Area() float64
}

type shallowWins struct {
	nameA
	Name string `json:"Name"`
}

type taggedWins struct {
	nameA
	Other nameB `json:"other"`
}

type goodTags struct {
	Query  string   `json:"query" jsonschema:"description=Title\\, or author,minLength=1,maxLength=200"`
	Genre  string   `json:"genre,omitempty" jsonschema:"enum=fiction,enum=poetry,default=poetry"`
	Limit  int      `json:"limit" jsonschema:"minimum=1,maximum=50,default=10"`
	Ratio  float64  `json:"ratio" jsonschema:"exclusiveMinimum=0,maximum=1.5,default=0.5,multipleOf=0.5"`
	Exact  bool     `json:"exact" jsonschema:"default=false"`
	Tags   []string `json:"tags,omitempty" jsonschema:"minItems=1,enum=a,enum=b,uniqueItems=true"`
	Years  []int    `json:"years,omitempty" jsonschema:"minimum=1450,maxItems=3"`
	Note   *string  `json:"note" jsonschema:"nullable,title=Note"`
	Must   string   `json:"must,omitempty" jsonschema:"required"`
	Count  int      `json:"count,string" jsonschema:"default=3"`
	Any    any      `json:"any,omitempty"`
	Hidden string   `json:"-" jsonschema:"maximun=1"`
}

// What is right keeps registering: every keyword on the type it applies
// to, a type that gives its own schema, encoding/json's rules for names
// promoted from embedded structs (the shallower field wins, and a field
// that gives the name at its own depth).
func TestGoodTagsStillRegister(t *testing.T) {
	if _, err := sdk.NewTool(func(context.Context, goodTags) (goodTags, error) { return goodTags{}, nil }, quiet("good")); err != nil {
		t.Errorf("good tags: %v", err)
	}
	if _, err := sdk.NewTool(func(context.Context, shallowWins) (shallowWins, error) { return shallowWins{}, nil }, quiet("shallow")); err != nil {
		t.Errorf("shallower field: %v", err)
	}
	if _, err := sdk.NewTool(func(context.Context, taggedWins) (string, error) { return "", nil }, quiet("tagged")); err != nil {
		t.Errorf("one name per depth: %v", err)
	}
	if _, err := sdk.NewTool(func(context.Context, plainArgs) (ifaceField, error) { return ifaceField{}, nil }, quiet("out")); err != nil {
		t.Errorf("an interface in a result (encoding/json writes it): %v", err)
	}
	// An interface with a JSONSchema() method gives its own schema: the
	// check leaves it to the reflector.
	_, err := sdk.NewTool(func(context.Context, shapedArgs) (string, error) { return "", nil }, quiet("shaped"))
	if err != nil && strings.Contains(err.Error(), "cannot decode into the interface") {
		t.Errorf("interface with JSONSchema(): %v", err)
	}
}

type shapedArgs struct {
	Shape shaped `json:"shape"`
}
