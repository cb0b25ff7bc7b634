package forms

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// ErrSchema is wrapped by every error New, Fields and Validate return for a
// schema that is not valid JSON or not a valid JSON Schema.
var ErrSchema = errors.New("forms: invalid schema")

// ErrRemoteRef is wrapped when a schema refers to a document other than
// itself: forms never fetches a remote or file $ref.
var ErrRemoteRef = errors.New("forms: remote $ref not allowed")

// schemaURL is the made-up location the document is compiled under.
const schemaURL = "mem:///forms/schema.json"

// refuseLoader is the compiler's only loader: every non-meta URL is refused.
type refuseLoader struct{}

func (refuseLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("%w: %s", ErrRemoteRef, url)
}

// document is a compiled schema plus what the compiler forgets: the order
// of each object's keys in the source text.
type document struct {
	root  *jsonschema.Schema
	order keyOrder
}

// compile parses and compiles a schema document (2020-12 unless its
// $schema says otherwise), resolving only local references.
func compile(schema []byte) (*document, error) {
	if len(bytes.TrimSpace(schema)) == 0 {
		schema = []byte("true")
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrSchema, err)
	}
	order, err := indexKeyOrder(schema)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrSchema, err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.UseLoader(refuseLoader{})
	if err := c.AddResource(schemaURL, doc); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrSchema, err)
	}
	root, err := c.Compile(schemaURL)
	if err != nil {
		if errors.Is(err, ErrRemoteRef) {
			return nil, fmt.Errorf("%w: %w", ErrSchema, err)
		}
		return nil, fmt.Errorf("%w: %v", ErrSchema, err)
	}
	return &document{root: root, order: order}, nil
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
