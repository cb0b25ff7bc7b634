package sdk_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/validate"
	"github.com/mcpdev/mcpdev/sdk"
)

// A hand-written schema using a keyword the sdk's validator does not
// implement is refused when the tool is registered, the error naming the
// keyword: never accepted and then validated half-way.
func TestOverrideWithUnsupportedKeywordRefused(t *testing.T) {
	type args struct {
		A string `json:"a"`
	}
	handler := func(context.Context, args) (string, error) { return "", nil }
	tests := []struct {
		name string
		opts *sdk.ToolOptions
		want string
	}{
		{"not in input", &sdk.ToolOptions{Name: "x", Description: "d",
			InputSchema: []byte(`{"type":"object","properties":{"a":{"not":{"type":"integer"}}}}`)}, `input schema: schema at "#/properties/a": keyword "not"`},
		{"propertyNames in input", &sdk.ToolOptions{Name: "x", Description: "d",
			InputSchema: []byte(`{"type":"object","propertyNames":{"maxLength":3}}`)}, `keyword "propertyNames"`},
		{"hostname format in output", &sdk.ToolOptions{Name: "x", Description: "d",
			OutputSchema: []byte(`{"type":"object","properties":{"result":{"type":"string","format":"hostname"}}}`)}, `output schema: schema at "#/properties/result": format: "hostname" is not supported`},
		{"another draft", &sdk.ToolOptions{Name: "x", Description: "d",
			InputSchema: []byte(`{"$schema":"http://json-schema.org/draft-07/schema#","type":"object"}`)}, "only draft 2020-12"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := sdk.NewTool(handler, tt.opts)
			if err == nil || !errors.Is(err, validate.ErrUnsupported) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want one naming %s", err, tt.want)
			}
		})
	}
}
