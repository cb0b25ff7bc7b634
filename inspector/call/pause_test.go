package call

import (
	"context"
	"errors"
	"testing"
	"time"
)

// A held Pause stops the clock of the requests under it: a request slower
// than its timeout does not time out while a person answers, and the
// clock runs again once released.
func TestPauseStopsTheTimeoutWhileHeld(t *testing.T) {
	p := &Pause{}
	ctx := WithPause(context.Background(), p)
	release := p.Hold()
	err := WithTimeout(ctx, 10*time.Millisecond, "tools/call slow", func(ctx context.Context, reset func()) error {
		time.Sleep(100 * time.Millisecond) // ten timeouts, all paused
		if err := ctx.Err(); err != nil {
			return err
		}
		reset() // progress while paused does not start it either
		time.Sleep(50 * time.Millisecond)
		if err := ctx.Err(); err != nil {
			return err
		}
		release()
		<-ctx.Done() // released: the clock runs out
		return ctx.Err()
	})
	var te *TimeoutError
	if !errors.As(err, &te) {
		t.Fatalf("got %v, want a *TimeoutError after the release", err)
	}
}
