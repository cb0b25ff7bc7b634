package sdk_test

import (
	"context"
	"errors"
	"testing"

	"github.com/mcpdev/mcpdev/sdk"
)

// Two *AskOptions to one question are an error, not the first silently
// kept, for each way of asking (checked before anything is sent).
func TestAskTakesOneOptions(t *testing.T) {
	ctx := context.Background()
	a, b := &sdk.AskOptions{Key: "a"}, &sdk.AskOptions{Key: "b"}
	_, _, err1 := sdk.Elicit[struct{ Name string }](ctx, "who?", a, b)
	_, err2 := sdk.ElicitURL(ctx, "go", "https://example.com", "id", a, b)
	_, err3 := sdk.Sample(ctx, sdk.CreateMessageParams{}, a, b)
	_, err4 := sdk.Roots(ctx, a, b)
	for i, err := range []error{err1, err2, err3, err4} {
		if !errors.Is(err, sdk.ErrAskOptions) {
			t.Errorf("question %d with two options: err = %v, want ErrAskOptions", i+1, err)
		}
	}
	if _, err := sdk.Roots(ctx, a); !errors.Is(err, sdk.ErrNotInCall) {
		t.Errorf("one option outside a call: err = %v, want ErrNotInCall", err)
	}
}
