package tokens_test

import (
	"testing"

	"github.com/mcpdev/mcpdev/internal/tokens"
	"github.com/mcpdev/mcpdev/sdk"
)

// thousandTools is 1,000 real tool definitions: the reference ones, repeated.
func thousandTools(b *testing.B) []sdk.ToolInfo {
	var real []sdk.ToolInfo
	for _, f := range []string{"server-everything.json", "server-filesystem.json", "bookshop.json"} {
		real = append(real, readTools(b, f)...)
	}
	tools := make([]sdk.ToolInfo, 1000)
	for i := range tools {
		tools[i] = real[i%len(real)]
	}
	return tools
}

// BenchmarkList1000 counts a list of 1,000 tools (goal: under 200 ms).
// The vocabulary is built before the clock starts; BenchmarkFirstCount
// measures that once-per-process cost.
func BenchmarkList1000(b *testing.B) {
	tools := thousandTools(b)
	tokens.Count(tokens.O200kBase, "warm")
	b.ResetTimer()
	for b.Loop() {
		tokens.List(tools, tokens.OpenAI)
	}
}

// BenchmarkFirstCount is the first count of a process: the o200k_base
// vocabulary (200k entries) is built then. Run with -benchtime=1x.
func BenchmarkFirstCount(b *testing.B) {
	for b.Loop() {
		tokens.Count(tokens.O200kBase, "first")
	}
}
