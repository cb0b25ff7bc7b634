package forms

import (
	"bytes"
	"fmt"

	"github.com/mcpdev/mcpdev/internal/pydantic/libadapt"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

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

// Validate checks args against schema and returns one Problem per
// violation, in a stable order. The error is non-nil only when the schema
// or args cannot be read at all.
func Validate(schema []byte, args []byte) ([]Problem, error) {
	doc, err := compileDoc(schema)
	if err != nil {
		return nil, err
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(args))
	if err != nil {
		return nil, fmt.Errorf("forms: arguments are not JSON: %w", err)
	}
	return problemsOf(doc.root, v), nil
}

// problemsOf validates v against s, worded by internal/pydantic (through
// libadapt; the SDK's tool errors share the wording).
func problemsOf(s *jsonschema.Schema, v any) []Problem {
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
