package lint

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/mcpdev/mcpdev/internal/schema"
	"github.com/mcpdev/mcpdev/internal/validate"
)

// SDKChecker checks schemas with the sdk's own validator
// (internal/validate), which links no schema compiler. It knows the
// keywords the sdk validates (see validate.Supported): a schema using
// others is not reported invalid, only not checked, and so are values
// against it. internal/lint/strict checks against the 2020-12 metaschema.
type SDKChecker struct{}

// CheckSchema returns the validator's compile error, unless the schema
// only uses something it does not implement or refers outside itself.
func (SDKChecker) CheckSchema(raw json.RawMessage) error {
	_, err := validate.Compile(raw)
	if errors.Is(err, validate.ErrUnsupported) || errors.Is(err, schema.ErrRemoteRef) {
		return nil
	}
	return err
}

// Validate checks value against the schema; a schema it cannot compile
// checks nothing.
func (SDKChecker) Validate(raw, value json.RawMessage) error {
	s, err := validate.Compile(raw)
	if err != nil {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(value))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return err
	}
	return s.Validate(v)
}
