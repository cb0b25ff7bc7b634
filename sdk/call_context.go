package sdk

import "time"

// A callInfo is also the context of the call it describes (withCall):
// its parent's, carrying the callInfo under callKey. Contexts derived
// from it find their parent's cancellation through Value, as from any
// context of package context, without a goroutine.

func (ci *callInfo) Deadline() (time.Time, bool) { return ci.parent.Deadline() }

func (ci *callInfo) Done() <-chan struct{} { return ci.parent.Done() }

func (ci *callInfo) Err() error { return ci.parent.Err() }

func (ci *callInfo) Value(key any) any {
	if key == (callKey{}) {
		return ci
	}
	return ci.parent.Value(key)
}
