package sdk_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/sdk/testdata/docpkg"
)

// schemaAt walks a decoded schema along keys ("properties", "lead", …).
func schemaAt(t *testing.T, raw []byte, keys ...string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("no %q in %v", k, v)
		}
		v = m[k]
	}
	return v
}

// The tool's description is its doc comment, fields' doc comments become
// property descriptions (a description tag wins), constants declared for a
// named type become its enum; pointers are nullable and optional; nested
// structs, slices of structs and maps of structs share one $defs entry.
func TestSchemaFromSource(t *testing.T) {
	d, err := sdk.NewTool(docpkg.MakeReport, nil)
	if err != nil {
		t.Fatal(err)
	}
	info := d.Info()
	golden(t, "schemas/make_report.json", toJSON(t, info))

	if info.Name != "make_report" {
		t.Errorf("name = %q", info.Name)
	}
	s := info.InputSchema
	tests := []struct {
		name string
		path []string
		want string // JSON
	}{
		{"description from the doc comment", nil, ``},
		{"root is an object", []string{"type"}, `"object"`},
		{"field doc comment", []string{"properties", "subject", "description"}, `"Subject of the report."`},
		{"tag description wins", []string{"properties", "pages", "description"}, `"Number of pages."`},
		{"default", []string{"properties", "pages", "default"}, `1`},
		{"string enum from constants", []string{"properties", "format", "enum"}, `["plain","markdown"]`},
		{"integer enum from constants", []string{"properties", "levels", "items", "enum"}, `[1,3]`},
		{"nested struct by $ref", []string{"properties", "lead", "$ref"}, `"#/$defs/Author"`},
		{"slice of structs", []string{"properties", "others", "items", "$ref"}, `"#/$defs/Author"`},
		{"map of structs", []string{"properties", "by_role", "additionalProperties", "$ref"}, `"#/$defs/Author"`},
		{"nested field doc comment", []string{"$defs", "Author", "properties", "name", "description"}, `"Full name, as printed on the cover."`},
		{"nested required", []string{"$defs", "Author", "required"}, `["name"]`},
		{"pointer is nullable", []string{"properties", "notes", "anyOf"}, `[{"type":"string"},{"type":"null"}]`},
		{"pointer keeps its description", []string{"properties", "notes", "description"}, `"Optional notes; nullable."`},
		{"pointer to struct is nullable", []string{"properties", "editor", "anyOf"}, `[{"$ref":"#/$defs/Author"},{"type":"null"}]`},
		{"required: no default, not optional, not a pointer", []string{"required"}, `["subject","lead"]`},
		{"unknown arguments ignored, as the seed's", []string{"additionalProperties"}, `null`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.path == nil {
				if want := "Writes a report about a subject.\n\nIt spans two paragraphs."; info.Description != want {
					t.Errorf("description = %q, want %q", info.Description, want)
				}
				return
			}
			got := toJSON(t, schemaAt(t, s, tt.path...))
			if d := jsonDiff(t, []byte(tt.want), got); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
	var defs map[string]any
	_ = json.Unmarshal(toJSON(t, schemaAt(t, s, "$defs")), &defs)
	if len(defs) != 1 {
		t.Errorf("$defs = %v, want only Author", slices.Collect(func(yield func(string) bool) {
			for k := range defs {
				yield(k)
			}
		}))
	}
}

// The generated schema is what the validator enforces: a pointer accepts
// null, a nested model in a map is validated.
func TestSchemaFromSourceValidates(t *testing.T) {
	s := sdk.NewServer("docs", nil)
	sdk.Tool(s, docpkg.MakeReport, nil)
	c := legacyClient(t, s, nil)
	ok := callRaw(t, c, "make_report", `{"subject":"s","lead":{"name":"n"},"notes":null,"editor":null,"format":"plain","levels":[3]}`)
	if ok.IsError {
		t.Fatalf("valid call rejected: %s", texts(ok))
	}
	bad := callRaw(t, c, "make_report", `{"subject":"s","lead":{"name":"n"},"by_role":{"ed":{"born":1}},"format":"html","levels":[2]}`)
	want := "Error executing tool make_report: 3 validation errors for make_report\n" +
		"format\n  Input should be 'plain' or 'markdown' [type=literal_error, input_value='html', input_type=str]\n" +
		"levels.0\n  Input should be 1 or 3 [type=literal_error, input_value=2, input_type=int]\n" +
		"by_role.ed.name\n  Field required [type=missing, input_value={'born': 1}, input_type=dict]"
	if d := textDiff(want, texts(bad)); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

// A tool without arguments publishes an empty object schema, and accepts
// no arguments, {} or null.
func TestSchemaNoArguments(t *testing.T) {
	d, err := sdk.NewTool(docpkg.Undocumented, &sdk.ToolOptions{Description: "d"})
	if err != nil {
		t.Fatal(err)
	}
	if d.Info().Name != "undocumented" {
		t.Errorf("name = %q", d.Info().Name)
	}
	want := `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{}}`
	if diff := jsonDiff(t, []byte(want), d.Info().InputSchema); diff != "" {
		t.Errorf("inputSchema (-want +got):\n%s", diff)
	}
	s := sdk.NewServer("none", nil)
	s.AddTool(d)
	c := legacyClient(t, s, nil)
	for _, args := range []string{"", "{}", "null"} {
		if res := callRaw(t, c, "undocumented", args); res.IsError {
			t.Errorf("args %q: %s", args, texts(res))
		}
	}
	if res := callRaw(t, c, "undocumented", `{"x":1}`); res.IsError {
		t.Errorf("an unknown argument was refused: %s", texts(res))
	}
}

// An explicit description wins over the doc comment; a tool with neither
// has none (and a warning on stderr).
func TestDescriptionOverride(t *testing.T) {
	d, _ := sdk.NewTool(docpkg.MakeReport, &sdk.ToolOptions{Description: "Override."})
	if got := d.Info().Description; got != "Override." {
		t.Errorf("description = %q", got)
	}
	d, _ = sdk.NewTool(docpkg.Undocumented, nil)
	if got := d.Info().Description; got != "" {
		t.Errorf("description = %q, want none", got)
	}
}

// Annotations: a hint that is not set is omitted from the wire; Bool(false)
// is sent as false.
func TestAnnotations(t *testing.T) {
	tests := []struct {
		name string
		opts *sdk.ToolOptions
		want string // the tool as tools/list shows it, minus the schemas
	}{
		{"none", &sdk.ToolOptions{}, `{"name":"t","description":"d"}`},
		{"title only", &sdk.ToolOptions{Title: "Search the catalog"}, `{"name":"t","title":"Search the catalog","description":"d"}`},
		{"seed hints", &sdk.ToolOptions{Title: "Search the catalog", Annotations: &sdk.ToolAnnotations{ReadOnlyHint: sdk.Bool(true), OpenWorldHint: sdk.Bool(false)}},
			`{"name":"t","title":"Search the catalog","description":"d","annotations":{"readOnlyHint":true,"openWorldHint":false}}`},
		{"all four false", &sdk.ToolOptions{Annotations: &sdk.ToolAnnotations{ReadOnlyHint: sdk.Bool(false), DestructiveHint: sdk.Bool(false), IdempotentHint: sdk.Bool(false), OpenWorldHint: sdk.Bool(false)}},
			`{"name":"t","description":"d","annotations":{"readOnlyHint":false,"destructiveHint":false,"idempotentHint":false,"openWorldHint":false}}`},
		{"empty annotations", &sdk.ToolOptions{Annotations: &sdk.ToolAnnotations{}}, `{"name":"t","description":"d","annotations":{}}`},
	}
	s := sdk.NewServer("ann", &sdk.ServerOptions{PageSize: 1})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts.Name, tt.opts.Description, tt.opts.Replace = "t", "d", true
			d, err := sdk.NewTool(docpkg.Undocumented, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			s.AddTool(d)
			tools, err := legacyClient(t, s, nil).ListTools(testCtx(t))
			if err != nil || len(tools) != 1 {
				t.Fatalf("ListTools = %v, %v", tools, err)
			}
			// what went over the wire, without the schemas
			var wire map[string]any
			_ = json.Unmarshal(toJSON(t, tools[0]), &wire)
			delete(wire, "inputSchema")
			delete(wire, "outputSchema")
			if diff := jsonDiff(t, []byte(tt.want), toJSON(t, wire)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

type embedded struct {
	// Shared by embedding.
	ID string `json:"id"`
}

type withEmbedded struct {
	embedded
	Name   string `json:"name"`
	Hidden string `json:"-"`
	secret string
}

// Embedded structs are flattened (Anonymous), ignored and unexported
// fields are not arguments.
func TestSchemaEmbeddedAndIgnored(t *testing.T) {
	d, err := sdk.NewTool(func(ctx context.Context, a withEmbedded) (string, error) { return a.ID + a.Name + a.secret, nil }, quiet("emb"))
	if err != nil {
		t.Fatal(err)
	}
	got := schemaAt(t, d.Info().InputSchema, "properties")
	keys := []string{}
	for k := range got.(map[string]any) {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if want := []string{"id", "name"}; !slices.Equal(keys, want) {
		t.Errorf("properties = %v, want %v", keys, want)
	}
	s := sdk.NewServer("emb", nil)
	s.AddTool(d)
	if res := callRaw(t, legacyClient(t, s, nil), "emb", `{"id":"1","name":"n"}`); res.IsError || texts(res) != "1n" {
		t.Errorf("call = %s", texts(res))
	}
}
