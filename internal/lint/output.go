package lint

import (
	"encoding/json"

	"github.com/mcpdev/mcpdev/sdk"
)

// CheckResult checks the result of a call of tool against its output
// schema: a tool that declares one must return structuredContent that
// matches it. An isError result, or a tool without an output schema, is
// not checked.
func CheckResult(tool sdk.ToolInfo, res *sdk.CallToolResult, opts *Options) []Finding {
	if res == nil || res.IsError || len(tool.OutputSchema) == 0 || string(tool.OutputSchema) == "null" {
		return nil
	}
	f := Finding{Rule: RuleOutputMismatch, Severity: Error, Tool: tool.Name, Path: "/outputSchema"}
	if len(res.StructuredContent) == 0 || string(res.StructuredContent) == "null" {
		f.Message = "the tool declares an output schema but its result has no structuredContent"
		f.Fix = "return structuredContent (and the same JSON as text, for older clients)"
		return []Finding{f}
	}
	if err := opts.checker().Validate(tool.OutputSchema, res.StructuredContent); err != nil {
		f.Message = "the result's structuredContent does not match the output schema: " + firstLine(err.Error())
		f.Fix = "make the result match the output schema, or fix the schema"
		return []Finding{f}
	}
	return nil
}

// SampleArguments returns arguments for a sample call of a tool from its
// input schema: each required property's default, first example, const
// or first enum value, else a zero value of its type. ok is false when a
// required property has none of these (an object without properties, a
// type it cannot guess).
func SampleArguments(tool sdk.ToolInfo) (args json.RawMessage, ok bool) {
	var in struct {
		Properties map[string]map[string]any `json:"properties"`
		Required   []string                  `json:"required"`
	}
	if json.Unmarshal(tool.InputSchema, &in) != nil {
		return nil, false
	}
	out := map[string]any{}
	for _, name := range in.Required {
		v, ok := sampleValue(in.Properties[name])
		if !ok {
			return nil, false
		}
		out[name] = v
	}
	b, err := json.Marshal(out)
	return b, err == nil
}

// zeroValues are the sample values of each JSON type.
var zeroValues = map[string]any{"string": "", "integer": 0, "number": 0, "boolean": false, "array": []any{}, "null": nil}

func sampleValue(s map[string]any) (any, bool) {
	if s == nil {
		return nil, false
	}
	if v, ok := s["default"]; ok {
		return v, true
	}
	if ex, ok := s["examples"].([]any); ok && len(ex) > 0 {
		return ex[0], true
	}
	if v, ok := s["const"]; ok {
		return v, true
	}
	if e, ok := s["enum"].([]any); ok && len(e) > 0 {
		return e[0], true
	}
	for t := range typeSet(s) {
		if t == "number" || t == "integer" {
			if min, ok := s["minimum"].(float64); ok {
				return min, true
			}
		}
		if v, ok := zeroValues[t]; ok {
			return v, true
		}
	}
	return nil, false
}
