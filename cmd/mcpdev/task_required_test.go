package main

import (
	"strings"
	"testing"
)

// `mcpdev call` on a tool that runs only as a task refuses before sending,
// naming the reason, as the inspector does; --no-validate sends it anyway
// and the server's own refusal comes back.
func TestCallRefusesTaskOnlyTool(t *testing.T) {
	r := mcpdev(t, "call", raw, "research", "topic=quantum")
	if r.code != exitUsage || !strings.Contains(r.stderr, `not sent: research declares execution.taskSupport "required"`) ||
		!strings.Contains(r.stderr, "does not support tasks yet") || !strings.Contains(r.stderr, "--no-validate sends it anyway") {
		t.Errorf("exit %d, stderr:\n%s", r.code, r.stderr)
	}
	r = mcpdev(t, "call", "--no-validate", raw, "research", "topic=quantum")
	if r.code != exitRPCError || !strings.Contains(r.stderr, "requires task-augmented execution") {
		t.Errorf("--no-validate: exit %d, stderr:\n%s", r.code, r.stderr)
	}
}
