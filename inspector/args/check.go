package args

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/mcpdev/mcpdev/internal/schema/check"
	"github.com/mcpdev/mcpdev/sdk"
)

// CheckSchema reports a tool whose input or output schema is not a valid
// JSON Schema, or whose input schema is not of type object.
func CheckSchema(tool sdk.ToolInfo) error {
	if _, err := check.Validate(tool.InputSchema, []byte("{}")); err != nil {
		return &SchemaError{Tool: tool.Name, Err: fmt.Errorf("inputSchema%s: %w", schemaErrSummary(err), check.ErrSchema)}
	}
	var root struct {
		Type any `json:"type"`
	}
	if json.Unmarshal(tool.InputSchema, &root) != nil || root.Type != "object" {
		return &SchemaError{Tool: tool.Name, Err: errors.New(`inputSchema: "type" must be "object"`)}
	}
	if len(tool.OutputSchema) > 0 {
		if _, err := check.Validate(tool.OutputSchema, []byte("{}")); err != nil {
			return &SchemaError{Tool: tool.Name, Err: fmt.Errorf("outputSchema%s: %w", schemaErrSummary(err), check.ErrSchema)}
		}
	}
	return nil
}

// schemaErrSummary condenses the validator's tree of metaschema failures
// to its deepest line: " /properties/x/type: value must be one of …".
func schemaErrSummary(err error) string {
	lines := strings.Split(err.Error(), "\n")
	best, depth := "", -1
	for _, l := range lines {
		trimmed := strings.TrimLeft(l, " ")
		if !strings.HasPrefix(trimmed, "- at '") {
			continue
		}
		if d := len(l) - len(trimmed); d > depth {
			best, depth = trimmed, d
		}
	}
	if best == "" {
		return ": " + strings.TrimPrefix(lines[0], "forms: invalid schema: ")
	}
	loc, msg, _ := strings.Cut(strings.TrimPrefix(best, "- at '"), "': ")
	return " " + loc + ": " + msg
}
