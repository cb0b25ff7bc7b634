package sdk_test

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/testdata/docpkg"
	"github.com/mcpdev/mcpdev/sdk/testdata/multipkg/tools"
)

// stderrOf runs f and returns what it wrote to os.Stderr.
func stderrOf(t *testing.T, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stderr
	os.Stderr = w
	done := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		done <- string(b)
	}()
	defer func() {
		os.Stderr = saved
	}()
	f()
	w.Close()
	return <-done
}

// The doc comments and constants of package a are found although no
// function of a was ever registered (a declares none): a tool of package
// tools uses a's types, and the module's layout leads from one to the other.
func TestOtherPackageDocsFoundWithoutRegistration(t *testing.T) {
	d, err := sdk.NewTool(tools.Pair, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := d.Info().InputSchema
	tests := []struct {
		name string
		path []string
		want string
	}{
		{"a's enum", []string{"$defs", "AItem", "properties", "color", "enum"}, `["red","green"]`},
		{"a's field doc", []string{"$defs", "AItem", "properties", "name", "description"}, `"Name printed on the label."`},
		{"b's integer enum", []string{"properties", "shade", "enum"}, `[0,255]`},
		{"b's field doc", []string{"$defs", "BItem", "properties", "qty", "description"}, `"Number of pieces."`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := toJSON(t, schemaAt(t, s, tt.path...))
			if d := jsonDiff(t, []byte(tt.want), got); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
	srv := sdk.NewServer("pair", nil)
	srv.AddTool(d)
	res := callRaw(t, legacyClient(t, srv, nil), "pair", `{"a":{"name":"cup","color":"purple"},"b":{"qty":1}}`)
	want := "Error executing tool pair: 1 validation error for pair\n" +
		"a.color\n  Input should be 'red' or 'green' [type=literal_error, input_value='purple', input_type=str]"
	if d := textDiff(want, texts(res)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// A method value is a tool named after the method, described by the
// method's doc comment; a method without one is named in the warning as Go
// code names it.
func TestMethodValueTool(t *testing.T) {
	g := &tools.Greeter{Greeting: "Hello"}
	d, err := sdk.NewTool(g.SayHello, nil)
	if err != nil {
		t.Fatal(err)
	}
	info := d.Info()
	if info.Name != "say_hello" || info.Description != "Greets someone by name." {
		t.Errorf("tool = %q: %q, want say_hello: %q", info.Name, info.Description, "Greets someone by name.")
	}
	if got := schemaAt(t, info.InputSchema, "properties", "name", "description"); got != "Name of the person to greet." {
		t.Errorf("argument description = %v", got)
	}
	for method, want := range map[string]string{
		"pointer receiver": "add a doc comment to (*Greeter).Nod or set ToolOptions.Description",
		"value receiver":   "add a doc comment to Greeter.Wave or set ToolOptions.Description",
	} {
		out := stderrOf(t, func() {
			if method == "pointer receiver" {
				_, err = sdk.NewTool(g.Nod, nil)
			} else {
				_, err = sdk.NewTool(g.Wave, nil)
			}
		})
		if err != nil || !strings.Contains(out, want) || strings.Contains(out, "-fm") {
			t.Errorf("%s: err %v, stderr %q, want it to contain %q", method, err, out, want)
		}
	}
}

// ShoutArgs are the arguments of shout_text.
type ShoutArgs struct {
	// Text is the text to shout.
	Text string `json:"text"`
}

// ShoutText upper-cases its text.
func ShoutText(ctx context.Context, a ShoutArgs) (string, error) {
	return strings.ToUpper(a.Text), nil
}

// A tool declared in a _test.go file is described by its doc comment.
func TestDocCommentsInTestFiles(t *testing.T) {
	var d *sdk.ToolDef
	out := stderrOf(t, func() { d, _ = sdk.NewTool(ShoutText, nil) })
	if got := d.Info().Description; got != "Upper-cases its text." {
		t.Errorf("description = %q, stderr %q", got, out)
	}
	if got := schemaAt(t, d.Info().InputSchema, "properties", "text", "description"); got != "Text to shout." {
		t.Errorf("argument description = %v", got)
	}
}

// Go's doc-comment convention becomes descriptions by one rule:
// "SearchBooks searches …" → "Searches …", "Search looks …" → "Looks …",
// "Query is the …" → "…"; "Limit is required" says something else and is
// kept.
func TestDocCommentGoConvention(t *testing.T) {
	d, err := sdk.NewTool(docpkg.SearchBooks, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := d.Info().InputSchema
	tests := []struct {
		name string
		got  any
		want string
	}{
		{"tool", d.Info().Description, "Searches the catalog by title or author."},
		{"field: is the", schemaAt(t, s, "properties", "query", "description"), "Title or author to search for."},
		{"field: is a", schemaAt(t, s, "properties", "genre", "description"), "A section of the catalog."},
		{"field: verb", schemaAt(t, s, "properties", "exact", "description"), "Reports whether the title must match exactly."},
		{"field: something else", schemaAt(t, s, "properties", "limit", "description"),
			"Limit is required: a comment that says something else about the field by name is kept as written."},
	}
	d2, err := sdk.NewTool(docpkg.Search, nil)
	if err != nil {
		t.Fatal(err)
	}
	tests = append(tests, struct {
		name string
		got  any
		want string
	}{"name that is also a word", d2.Info().Description,
		"Looks books up by title: a name that is also an English word follows the one rule, its first word dropped."})
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: description = %q, want %q", tt.name, tt.got, tt.want)
		}
	}
}
