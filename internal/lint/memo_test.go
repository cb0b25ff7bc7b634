package lint_test

import (
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"github.com/mcpdev/mcpdev/internal/lint"
	"github.com/mcpdev/mcpdev/sdk"
)

// countingChecker is SDKChecker counting CheckSchema's calls per schema.
type countingChecker struct {
	lint.SDKChecker
	mu    sync.Mutex
	calls map[string]int
}

func (c *countingChecker) CheckSchema(raw json.RawMessage) error {
	c.mu.Lock()
	c.calls[string(raw)]++
	c.mu.Unlock()
	return c.SDKChecker.CheckSchema(raw)
}

// TestEachSchemaCheckedOnce: a list (or config) whose tools share schema
// documents has each distinct document checked once per lint, input and
// output alike, and the findings of every tool still name that tool.
func TestEachSchemaCheckedOnce(t *testing.T) {
	shared := json.RawMessage(`{"type":"object","properties":{"q":{"type":"string","description":"Words."}}}`)
	bad := json.RawMessage(`{"type":"object","properties":{"q":{"type":"strin"}}}`)
	var tools []sdk.ToolInfo
	for i := range 300 {
		tools = append(tools, sdk.ToolInfo{Name: fmt.Sprintf("t%d", i), Description: "Does one thing well.", InputSchema: shared, OutputSchema: shared})
		tools = append(tools, sdk.ToolInfo{Name: fmt.Sprintf("bad%d", i), Description: "Does one thing badly.", InputSchema: bad})
	}
	c := &countingChecker{calls: map[string]int{}}
	fs := lint.Config([]lint.Server{{Name: "a", Tools: tools[:400]}, {Name: "b", Tools: tools[400:]}}, &lint.Options{Checker: c})
	for raw, n := range c.calls {
		if n != 1 {
			t.Errorf("CheckSchema(%s) called %d times, want once", raw, n)
		}
	}
	if len(c.calls) != 2 {
		t.Errorf("%d distinct schemas checked, want 2", len(c.calls))
	}
	invalid := map[string]bool{}
	for _, f := range fs {
		if f.Rule == lint.RuleSchemaInvalid {
			invalid[f.Tool] = true
		}
	}
	if len(invalid) != 300 || !invalid["bad0"] || !invalid["bad299"] || invalid["t0"] {
		t.Errorf("schema-invalid for %d tools (bad0 %v, bad299 %v, t0 %v), want the 300 bad ones", len(invalid), invalid["bad0"], invalid["bad299"], invalid["t0"])
	}
}
