package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/mcpdev/mcpdev/sdk"
)

// listTools lists the server's tools and nothing more.
func listTools(ctx context.Context, s *session) error {
	_, err := s.c.ListTools(ctx)
	return err
}

// callEveryTool lists the tools and calls each once with arguments made
// up from its input schema.
func callEveryTool(ctx context.Context, s *session) error {
	c := s.c
	tools, err := c.ListTools(ctx)
	if err != nil {
		return err
	}
	for _, t := range tools {
		var args any = sampleArgs(t.InputSchema)
		if given, ok := s.toolArgs[t.Name]; ok {
			args = given
		}
		res, err := c.CallTool(ctx, t.Name, args, nil)
		if err != nil {
			return fmt.Errorf("call %s: %w", t.Name, err)
		}
		if res.IsError {
			fmt.Fprintf(os.Stderr, "conformance-client: %s answered with a tool error\n", t.Name)
		}
	}
	return nil
}

// exerciseAll calls every tool, reads every resource and gets every prompt
// the server offers.
func exerciseAll(ctx context.Context, s *session) error {
	c := s.c
	caps := c.InitializeResult().Capabilities
	if caps.Tools != nil {
		if err := callEveryTool(ctx, s); err != nil {
			return err
		}
	}
	if caps.Resources != nil {
		if err := readEveryResource(ctx, c); err != nil {
			return err
		}
	}
	if caps.Prompts != nil {
		return getEveryPrompt(ctx, c)
	}
	return nil
}

func readEveryResource(ctx context.Context, c *sdk.Client) error {
	resources, err := c.ListResources(ctx)
	if err != nil {
		return err
	}
	for _, r := range resources {
		if _, err := c.ReadResource(ctx, r.URI); err != nil {
			return fmt.Errorf("read %s: %w", r.URI, err)
		}
	}
	return nil
}

func getEveryPrompt(ctx context.Context, c *sdk.Client) error {
	prompts, err := c.ListPrompts(ctx)
	if err != nil {
		return err
	}
	for _, p := range prompts {
		args := map[string]string{}
		for _, a := range p.Arguments {
			args[a.Name] = "test"
		}
		if _, err := c.GetPrompt(ctx, p.Name, args); err != nil {
			return fmt.Errorf("get prompt %s: %w", p.Name, err)
		}
	}
	return nil
}

// The tools of the json-schema-2020-12-preservation scenario: the client
// sends the focal tool's input schema, as it received it, to the echo tool.
const (
	focalTool = "json_schema_2020_12_tool"
	echoTool  = "json_schema_echo"
)

// echoSchema sends the focal tool's input schema back through the echo
// tool, so the suite sees whether the client kept every keyword.
func echoSchema(ctx context.Context, s *session) error {
	c := s.c
	tools, err := c.ListTools(ctx)
	if err != nil {
		return err
	}
	for _, t := range tools {
		if t.Name == focalTool {
			_, err := c.CallTool(ctx, echoTool, map[string]any{"schema": t.InputSchema}, nil)
			return err
		}
	}
	return fmt.Errorf("the server lists no %s tool", focalTool)
}

// sampleArgs makes up one value per property of a JSON Schema object.
func sampleArgs(schema json.RawMessage) map[string]any {
	var s struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	args := map[string]any{}
	if json.Unmarshal(schema, &s) != nil {
		return args
	}
	for name, prop := range s.Properties {
		args[name] = sampleValue(prop)
	}
	return args
}

// sampleValue is a value of the schema's type: its first enum value, its
// default, a value of its first alternative (anyOf, oneOf) that is not
// null, or a fixed one per type.
func sampleValue(schema json.RawMessage) any {
	var s struct {
		Type    any               `json:"type"`
		Enum    []json.RawMessage `json:"enum"`
		Default json.RawMessage   `json:"default"`
		AnyOf   []json.RawMessage `json:"anyOf"`
		OneOf   []json.RawMessage `json:"oneOf"`
	}
	if json.Unmarshal(schema, &s) != nil {
		return "test"
	}
	if len(s.Enum) > 0 {
		return s.Enum[0]
	}
	if len(s.Default) > 0 {
		return s.Default
	}
	for _, alt := range append(s.AnyOf, s.OneOf...) {
		if v := sampleValue(alt); v != nil {
			return v
		}
	}
	typ, _ := s.Type.(string)
	if list, ok := s.Type.([]any); ok && len(list) > 0 {
		typ, _ = list[0].(string)
	}
	return typed(typ)
}

// typed is a fixed value of a JSON Schema type ("test" for a string or
// an unknown type).
func typed(typ string) any {
	switch typ {
	case "number", "integer":
		return 2
	case "boolean":
		return true
	case "array":
		return []any{}
	case "object":
		return map[string]any{}
	case "null":
		return nil
	}
	return "test"
}
