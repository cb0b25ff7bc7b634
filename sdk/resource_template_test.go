package sdk_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/sdktest"
	"github.com/mcpdev/mcpdev/transport"
)

// rfcArgs holds the variables of RFC 6570's examples (section 3.2).
type rfcArgs struct {
	Var   string   `json:"var,omitempty"`
	Hello string   `json:"hello,omitempty"`
	Path  string   `json:"path,omitempty"`
	X     *int     `json:"x,omitempty"`
	Y     *int     `json:"y,omitempty"`
	List  []string `json:"list,omitempty"`
}

// EchoVars returns the variables it was given.
func EchoVars(ctx context.Context, a rfcArgs) (rfcArgs, error) { return a, nil }

// RFC 6570's expansions, read backwards: each URI binds the variables that
// expand to it, typed by the argument struct (x and y are integers, list a
// list).
func TestTemplateMatchesRFC6570Examples(t *testing.T) {
	tests := []struct{ template, uri, want string }{
		{"{var}", "value", `{"var":"value"}`},
		{"{hello}", "Hello%20World%21", `{"hello":"Hello World!"}`},
		{"{+path}/here", "/foo/bar/here", `{"path":"/foo/bar"}`},
		{"{#path}", "#/foo/bar", `{"path":"/foo/bar"}`},
		{"X{.var}", "X.value", `{"var":"value"}`},
		{"{x,y}", "1024,768", `{"x":1024,"y":768}`},
		{"{/var,x}/here", "/value/1024/here", `{"var":"value","x":1024}`},
		{"{;x,y}", ";x=1024;y=768", `{"x":1024,"y":768}`},
		{"{?x,y}", "?x=1024&y=768", `{"x":1024,"y":768}`},
		{"?fixed=yes{&x}", "?fixed=yes&x=1024", `{"x":1024}`},
		{"{/list*}", "/red/green/blue", `{"list":["red","green","blue"]}`},
		{"{/list*}", "/red", `{"list":["red"]}`},
	}
	for _, tt := range tests {
		t.Run(tt.template, func(t *testing.T) {
			s := sdk.NewServer("rfc", nil)
			sdk.ResourceTemplate(s, "rfc://h/"+tt.template, EchoVars, nil)
			c := legacyClient(t, s, nil)
			res, err := c.ReadResource(testCtx(t), "rfc://h/"+tt.uri)
			if err != nil {
				t.Fatal(err)
			}
			if d := jsonDiff(t, []byte(tt.want), []byte(res.Contents[0].Text)); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

type pageArgs struct {
	N    int    `json:"n" jsonschema:"minimum=1,maximum=50"`
	Sort string `json:"sort,omitempty" jsonschema:"enum=title,enum=year"`
}

// Page returns one page of a listing.
func Page(ctx context.Context, a pageArgs) (string, error) { return "page", nil }

// Template variables get the checks of tool arguments, every problem at
// once, in Pydantic's words, as -32602 in both eras.
func TestTemplateVariablesValidated(t *testing.T) {
	s := sdk.NewServer("pages", nil)
	sdk.ResourceTemplate(s, "pages://list/{n}{?sort}", Page, nil)
	tests := []struct{ uri, want string }{
		{"pages://list/51?sort=pages", "Invalid params: 2 validation errors for page\n" +
			"n\n  Input should be less than or equal to 50 [type=less_than_equal, input_value='51', input_type=str]\n" +
			"sort\n  Input should be 'title' or 'year' [type=literal_error, input_value='pages', input_type=str]"},
		{"pages://list/two", "Invalid params: 1 validation error for page\n" +
			"n\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='two', input_type=str]"},
	}
	sdktest.ForEachEra(t, s, nil, func(t *testing.T, c *sdk.Client) {
		for _, tt := range tests {
			_, err := c.ReadResource(testCtx(t), tt.uri)
			var e *transport.Error
			if !errors.As(err, &e) || e.Code != transport.CodeInvalidParams {
				t.Fatalf("read %s: %v, want -32602", tt.uri, err)
			}
			if d := textDiff(tt.want, e.Message); d != "" {
				t.Errorf("read %s (-want +got):\n%s", tt.uri, d)
			}
		}
		if res, err := c.ReadResource(testCtx(t), "pages://list/7?sort=year"); err != nil || res.Contents[0].Text != "page" {
			t.Errorf("a good read: %v, %v", res, err)
		}
	})
}

type isbnArgs struct {
	ISBN string `json:"isbn"`
}

// Shelf returns a shelf.
func Shelf(ctx context.Context, a isbnArgs) (string, error) { return a.ISBN, nil }

// Declaring a resource or template that cannot work is an error at
// registration, never at read time.
func TestResourceDeclarationErrors(t *testing.T) {
	fixed := func(ctx context.Context) (string, error) { return "", nil }
	tests := []struct {
		name string
		err  func() error
		want string
	}{
		{"relative URI", func() error { _, err := sdk.NewResource("books", Greeting, nil); return err },
			`sdk: resource URI "books" must be an absolute URI (scheme://…)`},
		{"function literal without a name", func() error { _, err := sdk.NewResource("test://x", fixed, nil); return err },
			"cannot infer a resource name"},
		{"bad template", func() error { _, err := sdk.NewResourceTemplate("test://{isbn", Shelf, nil); return err },
			`sdk: resource template "test://{isbn"`},
		{"variable without a field", func() error { _, err := sdk.NewResourceTemplate("test://{isbn}/{page}", Shelf, nil); return err },
			"variable {page} is not a field of the argument struct"},
		{"required field without a variable", func() error { _, err := sdk.NewResourceTemplate("test://shelf", Shelf, nil); return err },
			`required field "isbn" is not a variable of the template`},
		{"duplicate URI", func() error {
			s := sdk.NewServer("s", nil)
			sdk.Resource(s, "test://g", Greeting, nil)
			d, _ := sdk.NewResource("test://g", Greeting, nil)
			return s.AddResource(d)
		}, `sdk: duplicate resource "test://g"`},
	}
	for _, tt := range tests {
		err := tt.err()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want it to contain %q", tt.name, err, tt.want)
		}
	}
	s := sdk.NewServer("s", nil)
	sdk.Resource(s, "test://g", Greeting, nil)
	d, _ := sdk.NewResource("test://g", Greeting, nil)
	if err := s.AddResource(d); !errors.Is(err, sdk.ErrDuplicateResource) {
		t.Errorf("duplicate: %v, want ErrDuplicateResource", err)
	}
}

// A server without resources does not claim the capability and answers
// the resource methods -32601, as the 2026 era's discovery check
// expects; with one, both eras announce resources with subscribe and
// listChanged.
func TestResourcesCapability(t *testing.T) {
	bare := sdk.NewServer("bare", nil)
	c := legacyClient(t, bare, nil)
	if caps := toJSON(t, c.InitializeResult().Capabilities); strings.Contains(string(caps), "resources") {
		t.Errorf("capabilities without resources: %s", caps)
	}
	err := c.Call(testCtx(t), "resources/list", nil, nil)
	var e *transport.Error
	if !errors.As(err, &e) || e.Code != transport.CodeMethodNotFound {
		t.Errorf("resources/list without resources: %v", err)
	}
	s := sdk.NewServer("s", nil)
	sdk.Resource(s, "test://g", Greeting, nil)
	for _, era := range eras {
		c := memClient(t, s, era.version, nil)
		var caps struct {
			Capabilities map[string]json.RawMessage `json:"capabilities"`
		}
		if err := c.Call(testCtx(t), "server/discover", nil, &caps); era.name == "2026" && err != nil {
			t.Fatal(err)
		}
		got := string(toJSON(t, c.InitializeResult().Capabilities))
		if era.name == "2026" {
			got = string(caps.Capabilities["resources"])
		}
		if !strings.Contains(got, `{"subscribe":true,"listChanged":true}`) {
			t.Errorf("%s: capabilities %s", era.name, got)
		}
	}
}

// repeatArgs binds both {tag}s of x://{tag}/{tag}.
type repeatArgs struct {
	Tag []string `json:"tag"`
}

// EchoRepeat returns the tags it was given.
func EchoRepeat(ctx context.Context, a repeatArgs) (repeatArgs, error) { return a, nil }

// A variable repeated in a template binds the list of its values, as the
// library's matcher binds it; the fast matcher used to keep the last one.
func TestTemplateRepeatedVariableBindsEveryValue(t *testing.T) {
	s := sdk.NewServer("repeat", nil)
	sdk.ResourceTemplate(s, "x://{tag}/{tag}", EchoRepeat, nil)
	c := legacyClient(t, s, nil)
	res, err := c.ReadResource(testCtx(t), "x://red/blue")
	if err != nil {
		t.Fatal(err)
	}
	if d := jsonDiff(t, []byte(`{"tag":["red","blue"]}`), []byte(res.Contents[0].Text)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}
