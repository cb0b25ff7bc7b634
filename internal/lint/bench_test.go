package lint_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/mcpdev/mcpdev/internal/lint"
	"github.com/mcpdev/mcpdev/internal/lint/strict"
	"github.com/mcpdev/mcpdev/sdk"
)

// thousandTools is 1,000 tools shaped like the bookshop's search_books.
func thousandTools() []sdk.ToolInfo {
	const schema = `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","additionalProperties":false,
"properties":{"query":{"type":"string","description":"Words to find."},"genre":{"anyOf":[{"type":"string","enum":["fiction","non-fiction","poetry"]},{"type":"null"}],"description":"Only this section."},
"limit":{"type":"integer","minimum":1,"maximum":50,"default":10,"description":"Maximum number of books, %d."}},"required":["query"]}`
	tools := make([]sdk.ToolInfo, 1000)
	for i := range tools {
		tools[i] = sdk.ToolInfo{Name: fmt.Sprintf("search_books_%d", i), Description: "Searches the catalog by words.",
			InputSchema: json.RawMessage(fmt.Sprintf(schema, i))} // each its own schema: nothing cached
	}
	return tools
}

// Linting 1,000 tools for every client: the issue asks for under 200 ms
// (with token counting). Run: go test -bench . -run ^$ ./internal/lint/
func BenchmarkTools1000(b *testing.B) {
	tools := thousandTools()
	for name, c := range map[string]lint.Checker{"sdk": lint.SDKChecker{}, "strict": strict.Checker{}} {
		b.Run(name, func(b *testing.B) {
			opts := &lint.Options{Clients: lint.Clients, Checker: c}
			for b.Loop() {
				lint.Tools(tools, opts)
			}
		})
	}
}
