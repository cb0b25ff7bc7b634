package compile_test

import (
	"context"
	"errors"
	"testing"

	"github.com/mcpdev/mcpdev/forms"
	"github.com/mcpdev/mcpdev/internal/schema/compile"
	"github.com/mcpdev/mcpdev/sdk"
)

func TestRemoteRefRefused(t *testing.T) {
	for _, ref := range []string{
		"http://example.com/book.json",
		"https://example.com/book.json#/$defs/Book",
		"file:///etc/passwd",
		"book.json",
		"../defs.json#/Book",
	} {
		t.Run(ref, func(t *testing.T) {
			_, err := compile.Schema([]byte(`{"properties":{"b":{"$ref":"` + ref + `"}}}`))
			if !errors.Is(err, compile.ErrRemoteRef) {
				t.Fatalf("Schema with $ref %q: error %v, want ErrRemoteRef", ref, err)
			}
		})
	}
}

func TestLocalRefsAndDraft2020(t *testing.T) {
	s, err := compile.Schema([]byte(`{"$defs":{"N":{"type":"integer","minimum":1}},"prefixItems":[{"$ref":"#/$defs/N"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate([]any{1.0}); err != nil {
		t.Errorf("[1]: %v", err)
	}
	if err := s.Validate([]any{0.0}); err == nil {
		t.Error("[0] passed: prefixItems (2020-12) not applied through the local $ref")
	}
}

func TestRemoteRefSentinelIsShared(t *testing.T) {
	if sdk.ErrRemoteRef != forms.ErrRemoteRef || sdk.ErrRemoteRef != compile.ErrRemoteRef {
		t.Fatal("sdk.ErrRemoteRef, forms.ErrRemoteRef and compile.ErrRemoteRef are different values")
	}
	_, err := forms.Fields([]byte(`{"properties":{"b":{"$ref":"https://example.com/b.json"}}}`))
	if !errors.Is(err, sdk.ErrRemoteRef) {
		t.Errorf("forms.Fields error %v does not match sdk.ErrRemoteRef", err)
	}
	_, err = sdk.NewTool(func(context.Context, struct{ A string }) (string, error) { return "", nil },
		&sdk.ToolOptions{Name: "x", Description: "d", InputSchema: []byte(`{"type":"object","properties":{"a":{"$ref":"file:///etc/passwd"}}}`)})
	if !errors.Is(err, forms.ErrRemoteRef) {
		t.Errorf("sdk.NewTool error %v does not match forms.ErrRemoteRef", err)
	}
}
