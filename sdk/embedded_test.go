package sdk_test

import (
	"context"
	"slices"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
)

// Issue 12, item 12: the fields of an embedded *Base are optional, since
// encoding/json leaves them out while the pointer is nil.

type Audit struct {
	Author string `json:"author"`
	Reason string `json:"reason"`
}

type editArgs struct {
	*Audit
	Text string `json:"text"`
}

func TestEmbeddedPointerFieldsOptional(t *testing.T) {
	var got []editArgs
	d, err := sdk.NewTool(func(ctx context.Context, a editArgs) (string, error) {
		got = append(got, a)
		return "ok", nil
	}, quiet("edit"))
	if err != nil {
		t.Fatal(err)
	}
	req := schemaAt(t, d.Info().InputSchema, "required").([]any)
	if !slices.Equal(req, []any{"text"}) {
		t.Errorf("required = %v, want [text]", req)
	}
	s := sdk.NewServer("edit", nil)
	s.AddTool(d)
	c := legacyClient(t, s, nil)
	for _, args := range []string{`{"text":"a"}`, `{"text":"b","author":"ann","reason":"typo"}`} {
		if res := callRaw(t, c, "edit", args); res.IsError {
			t.Fatalf("%s rejected: %s", args, texts(res))
		}
	}
	if len(got) != 2 || got[0].Audit != nil || got[1].Audit == nil || got[1].Author != "ann" {
		t.Errorf("handler got %+v", got)
	}
}
