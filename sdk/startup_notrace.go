//go:build !startuptrace

package sdk

// Without -tags startuptrace the start-up hooks (startup_trace.go) do
// nothing and compile away.

type phase struct{}

func startPhase(string) *phase { return nil }

func (*phase) end() {}

func traceServe() {}

func traceMark(string) {}
