package sdk

import (
	"github.com/mcpdev/mcpdev/internal/pydantic"
	"github.com/mcpdev/mcpdev/internal/schema"
	"github.com/mcpdev/mcpdev/internal/validate"
)

// Violation is one reason arguments (or a result) break a schema, worded as
// Pydantic words it so that models trained on Python servers recover from it.
type Violation struct {
	Path    string // argument path, e.g. "book.year", "tags.0", "pet.Cat.meows" (a union names its variant); "" for the whole object
	Message string // e.g. "Input should be less than or equal to 50"
	Type    string // Pydantic's error type, e.g. "less_than_equal"
	Input   any    // the offending value, when known
}

// ErrRemoteRef is returned when a schema refers to a document that is not
// part of it: the SDK never fetches remote $refs. It is the same value as
// forms.ErrRemoteRef.
var ErrRemoteRef = schema.ErrRemoteRef

// compileSchema compiles a JSON Schema document (draft 2020-12) once, for
// repeated validation, with the sdk's own validator (internal/validate:
// the jsonschema library's violations without linking the library, whose
// init compiles every draft's metaschema). Formats and content encodings
// are asserted, not just annotations: a date-time must be one. A keyword
// the validator does not implement is refused here, named.
func compileSchema(raw []byte) (*validate.Schema, error) {
	defer startPhase("compile").end()
	return validate.Compile(raw)
}

// compileDecoded is compileSchema of a document already decoded as
// validate.Compile decodes it.
func compileDecoded(doc any) (*validate.Schema, error) {
	defer startPhase("compile").end()
	return validate.CompileDecoded(doc)
}

// violations validates v against s and returns every problem found,
// worded by internal/pydantic (which forms shares).
func violations(s *validate.Schema, v any, o pydantic.Options) []Violation {
	pvs := s.Check(v, o)
	if pvs == nil {
		return nil
	}
	out := make([]Violation, len(pvs))
	for i, pv := range pvs {
		out[i] = Violation(pv)
	}
	return out
}

// FormatViolations renders violations as Pydantic renders a ValidationError,
// titled for the tool:
//
//	Error executing tool search_books: 1 validation error for search_books
//	limit
//	  Input should be less than or equal to 50 [type=less_than_equal, input_value=500, input_type=int]
func FormatViolations(tool string, vs []Violation) string {
	pvs := make([]pydantic.Violation, len(vs))
	for i, v := range vs {
		pvs[i] = pydantic.Violation(v)
		if v.Path == "" {
			pvs[i].Path = "arguments" // where the MCP request holds them
		}
	}
	return "Error executing tool " + tool + ": " + pydantic.Render(tool, pvs)
}
