package main

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/inspector"
	"github.com/mcpdev/mcpdev/inspector/args"
	"github.com/mcpdev/mcpdev/inspector/call"
	"github.com/mcpdev/mcpdev/inspector/target"
	"github.com/mcpdev/mcpdev/inspector/testsession"
	"github.com/mcpdev/mcpdev/sdk"
	"github.com/mcpdev/mcpdev/transport"
)

func TestExitCodeMapping(t *testing.T) {
	tg := &target.Target{Name: "x"}
	tests := []struct {
		err  error
		code int
	}{
		{nil, 0},
		{inspector.Usagef("x"), 1},
		{errors.New("other"), 1},
		{&args.Error{Tool: "t"}, 2},
		{&target.ConnectError{Target: tg, Stage: target.StageStart, Status: 401, Err: errors.New("x")}, 3},
		{&target.ConnectError{Target: tg, Stage: target.StageStart, Status: 500, Err: errors.New("x")}, 4},
		{&call.ToolError{Tool: "t"}, 5},
		{&args.SchemaError{Tool: "t", Err: errors.New("x")}, 6},
		{&call.TimeoutError{Op: "tools/list", After: time.Second}, 8},
		{testsession.ErrFailed, 1},
		{&call.TaskEndError{Tool: "t", TaskID: "1", Status: sdk.TaskCancelled, Err: sdk.ErrTaskCancelled}, 10},
		{&call.TaskEndError{Tool: "t", TaskID: "1", Status: sdk.TaskFailed, Err: &transport.Error{Code: -32000}}, 7},
		{&call.TaskCancelledError{Tool: "t", TaskID: "1", Why: &call.TimeoutError{Op: "task t", After: time.Second}}, 8},
	}
	for _, tt := range tests {
		if got := exitCode(tt.err); got != tt.code {
			t.Errorf("exitCode(%v) = %d, want %d", tt.err, got, tt.code)
		}
	}
}

// A message over the limit gets its own exit code and kind, with the
// size and the limit in the JSON line, and the hint names the flag.
func TestTooLargeExitCode(t *testing.T) {
	de := &transport.DecodeError{Err: transport.Errorf(transport.CodeInvalidRequest, "response too large"), Size: 5_000_000, Limit: 4 << 20}
	err := errors.Join(errors.New("tools/call"), de)
	if got := exitCode(err); got != exitTooLarge {
		t.Errorf("ExitCode = %d, want %d", got, exitTooLarge)
	}
	if got, want := inspector.TooLargeHint(err), "raise the limit with --max-message-size 8MiB"; got != want {
		t.Errorf("hint %q, want %q", got, want)
	}
	if got, want := string(errorJSON(err)), `"kind":"message-too-large","limit":4194304`; !contains(got, want) {
		t.Errorf("ErrorJSON = %s, want %s", got, want)
	}
	if inspector.TooLargeHint(errors.New("other")) != "" {
		t.Error("a hint for another error")
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
