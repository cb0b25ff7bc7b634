package forms

import (
	"net/url"
	"sort"
	"strings"

	"github.com/mcpdev/mcpdev/internal/schema"
	"github.com/mcpdev/mcpdev/internal/schema/check"
	"github.com/mcpdev/mcpdev/internal/schema/compile"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// ErrSchema is wrapped by every error New, Fields and Validate return for a
// schema that is not valid JSON or not a valid JSON Schema. It is the same
// value as check.ErrSchema: internal/schema/check compiles for forms.
var ErrSchema = check.ErrSchema

// ErrRemoteRef is wrapped when a schema refers to a document other than
// itself: forms never fetches a remote or file $ref. It is the same value
// as sdk.ErrRemoteRef.
var ErrRemoteRef = compile.ErrRemoteRef

// schemaURL is the made-up location the document is compiled under.
const schemaURL = compile.URL

// document is a compiled schema plus what the compiler forgets: the source
// text's key order, and formats it does not assert.
type document struct {
	root *jsonschema.Schema
	src  any // the document decoded in order (objects *schema.Object)
}

// compileDoc parses and compiles a schema document (2020-12 unless its
// $schema says otherwise), resolving only local references.
func compileDoc(raw []byte) (*document, error) {
	d, err := check.Compile(raw)
	if err != nil {
		return nil, err
	}
	return &document{root: d.Root, src: d.Src}, nil
}

// at returns the source value at the JSON pointer loc (as a compiled
// schema's Location writes it, possibly URL-escaped).
func (d *document) at(loc string) any {
	if v := schema.At(d.src, loc); v != nil {
		return v
	}
	if u, err := url.PathUnescape(loc); err == nil && u != loc {
		return schema.At(d.src, u)
	}
	return nil
}

// format returns the raw "format" of the schema at loc: the compiler keeps
// formats only where it asserts them.
func (d *document) format(loc string) string {
	f, _ := d.at(loc + "/format").(string)
	return f
}

// propertyOrder returns the names of props in source order when the schema
// location is known, and sorted otherwise.
func (d *document) propertyOrder(loc string, props []string) []string {
	var known []string
	if o, ok := d.at(loc + "/properties").(*schema.Object); ok {
		known = o.Keys()
	}
	want := map[string]bool{}
	for _, p := range props {
		want[p] = true
	}
	out := make([]string, 0, len(props))
	for _, k := range known {
		if want[k] {
			out = append(out, k)
			delete(want, k)
		}
	}
	rest := []string{}
	for _, p := range props {
		if want[p] {
			rest = append(rest, p)
		}
	}
	sort.Strings(rest)
	return append(out, rest...)
}

// pointerOf returns the JSON pointer part of a compiled schema's location
// when the schema lives in our document, and ok=false otherwise.
func pointerOf(s *jsonschema.Schema) (string, bool) {
	base, frag, found := strings.Cut(s.Location, "#")
	if base != schemaURL || !found {
		return "", base == schemaURL
	}
	return frag, true
}
