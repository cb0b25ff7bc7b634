// Package check validates a value against a JSON Schema as the inspector
// reads schemas (internal/schema/compile, formats asserted as Pydantic
// asserts them) and words each violation as Pydantic words it (through
// internal/pydantic/libadapt). The CLI, the test sessions and forms all
// validate through it; it knows nothing of forms, MCP or the terminal.
package check

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/mcpdev/mcpdev/internal/pydantic/libadapt"
	"github.com/mcpdev/mcpdev/internal/schema"
	"github.com/mcpdev/mcpdev/internal/schema/compile"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// ErrSchema is wrapped by every error Compile and Validate return for a
// schema that is not valid JSON or not a valid JSON Schema. Its text is
// forms' (forms.ErrSchema is this value), as the CLI has always shown it.
var ErrSchema = errors.New("forms: invalid schema")

// Problem is one reason the arguments do not satisfy the schema.
type Problem struct {
	// Path is the argument's dotted path ("book.year", "tags.0"; a union
	// names its variant as Pydantic does: "pet.Cat.meows", "x.int"); empty
	// for the arguments object itself.
	Path string
	// Message is a human sentence worded as Pydantic words it, e.g.
	// "Input should be greater than or equal to 1450".
	Message string
}

// String renders "path: message", or the message alone at the root.
func (p Problem) String() string {
	if p.Path == "" {
		return p.Message
	}
	return p.Path + ": " + p.Message
}

// A Doc is a compiled schema and its source, decoded in order (objects
// *schema.Object), which the compiler forgets.
type Doc struct {
	Root *jsonschema.Schema
	Src  any
}

// Compile parses and compiles a schema document (2020-12 unless its
// $schema says otherwise; an empty document is true), resolving only
// local references.
func Compile(raw []byte) (*Doc, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		raw = []byte("true")
	}
	src, err := schema.DecodeOrderedNumbers(raw)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrSchema, err)
	}
	root, err := compile.Schema(raw, libadapt.Configure) // formats asserted, as Pydantic and the sdk assert them
	if err != nil {
		if errors.Is(err, compile.ErrRemoteRef) {
			return nil, fmt.Errorf("%w: %w", ErrSchema, err)
		}
		return nil, fmt.Errorf("%w: %v", ErrSchema, err)
	}
	return &Doc{Root: root, Src: src}, nil
}

// Validate checks args against schema and returns one Problem per
// violation, in a stable order. The error is non-nil only when the schema
// or args cannot be read at all.
func Validate(schema []byte, args []byte) ([]Problem, error) {
	doc, err := Compile(schema)
	if err != nil {
		return nil, err
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(args))
	if err != nil {
		return nil, fmt.Errorf("forms: arguments are not JSON: %w", err)
	}
	return Problems(doc.Root, v), nil
}

// Problems validates v against s, worded by internal/pydantic (through
// libadapt; the SDK's tool errors share the wording).
func Problems(s *jsonschema.Schema, v any) []Problem {
	vs := libadapt.Check(s, v)
	if vs == nil {
		return nil
	}
	out := make([]Problem, len(vs))
	for i, pv := range vs {
		out[i] = Problem{Path: pv.Path, Message: pv.Message}
	}
	return out
}
