package cli

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/mcpdev/mcpdev/internal/lint"
	"github.com/mcpdev/mcpdev/internal/lint/strict"
	"github.com/mcpdev/mcpdev/internal/testutil/tokentest"
	"github.com/mcpdev/mcpdev/sdk"
)

// thousandTools is 1,000 tools made of the real ones: repeated as they
// are, or each copy its own tool (name, description and both schemas
// differ, so no two schema documents are equal; their subschemas are).
func thousandTools(b *testing.B, distinct bool) []sdk.ToolInfo {
	real := tokentest.Tools(b, "server-everything", "server-filesystem", "bookshop")
	tools := make([]sdk.ToolInfo, 1000)
	for i := range tools {
		t := real[i%len(real)]
		if distinct {
			t.Name = fmt.Sprintf("%s_%d", t.Name, i)
			t.Description += fmt.Sprintf(" (copy %d)", i)
			t.InputSchema = withComment(t.InputSchema, i)
			t.OutputSchema = withComment(t.OutputSchema, i)
		}
		tools[i] = t
	}
	return tools
}

// withComment puts "$comment": "copy i" first in the schema object raw.
func withComment(raw json.RawMessage, i int) json.RawMessage {
	if len(raw) < 2 || raw[0] != '{' {
		return raw
	}
	sep := ","
	if string(raw) == "{}" {
		sep = ""
	}
	return json.RawMessage(fmt.Sprintf(`{"$comment":"copy %d"%s%s`, i, sep, raw[1:]))
}

// BenchmarkLintAndTokens1000 is `mcpdev lint --client all` on 1,000
// tools once they are listed: every rule with the metaschema checker,
// and the token totals for each client. The issue asks for under 200 ms.
func BenchmarkLintAndTokens1000(b *testing.B) {
	for _, distinct := range []bool{false, true} {
		name := map[bool]string{false: "repeated", true: "distinct"}[distinct]
		b.Run(name, func(b *testing.B) {
			tools := thousandTools(b, distinct)
			clients := tokenClients(lint.Clients)
			listCosts(tools[:1], clients) // the vocabularies are built once per process
			opts := &lint.Options{Clients: lint.Clients, Checker: strict.Checker{}}
			b.ResetTimer()
			for b.Loop() {
				lint.Tools(tools, opts)
				totals(listCosts(tools, clients))
			}
		})
	}
}
