package forms

import "github.com/mcpdev/mcpdev/internal/schema/check"

// Problem is one reason the arguments do not satisfy the schema
// (internal/schema/check's, where the CLI validates too).
type Problem = check.Problem

// Validate checks args against schema and returns one Problem per
// violation, in a stable order. The error is non-nil only when the schema
// or args cannot be read at all (then it wraps ErrSchema for the schema).
func Validate(schema []byte, args []byte) ([]Problem, error) {
	return check.Validate(schema, args)
}
