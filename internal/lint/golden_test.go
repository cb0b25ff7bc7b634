package lint_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/mcpdev/mcpdev/internal/lint"
	"github.com/mcpdev/mcpdev/internal/lint/strict"
	"github.com/mcpdev/mcpdev/internal/testutil/tokentest"
	"github.com/mcpdev/mcpdev/sdk"
)

var update = flag.Bool("update", false, "rewrite testdata/findings.golden")

// goldenTools is the seeded fixture, the real and hostile definitions
// internal/tokens counts, and the fixture again: a list that repeats its
// schemas.
func goldenTools(t *testing.T) []sdk.ToolInfo {
	var tools []sdk.ToolInfo
	for _, s := range fixture(t) {
		tools = append(tools, s.ToolInfo)
	}
	tools = append(tools, tokentest.Tools(t, "server-everything", "server-filesystem", "bookshop", "hostile")...)
	for _, s := range fixture(t) {
		tools = append(tools, s.ToolInfo)
	}
	for i, pair := range [][2]string{
		{``, ``}, {`null`, `null`}, {`[1]`, `"text"`}, {`{"type":"array"}`, `{"type":"object","properties":{"n":{"type":"strin"}}}`},
		{`{"type":"object"`, `{"type":"object"`}, {`{"type":"object"}`, `{"$schema":5,"type":"object"}`},
		{`{"type":"object"}`, `{"$schema":null,"type":"object"}`}, {`{"type":"object"}`, `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object"}`},
		{`{"type":"object"}`, `{"$schema":"https://json-schema.org/draft/2020-12/schema#","type":"object","$schema":"x"}`},
		{`{"type":"object","$SCHEMA":"y"}`, `{"$Schema":"y","type":"object"}`}, {` {"type":"object"} `, `{"type":"object"} x`},
		{`{"type":"object","properties":{"a":{"$ref":"#/$defs/missing"}}}`, `{"type":"object","properties":{"a":{"$ref":"https://example.com/a.json"}}}`},
	} {
		tools = append(tools, sdk.ToolInfo{Name: fmt.Sprintf("edge_%d", i), Description: "Checks one edge of the schema rules.",
			InputSchema: json.RawMessage(pair[0]), OutputSchema: json.RawMessage(pair[1])})
	}
	return tools
}

// TestFindingsUnchanged: every finding, in order and word for word, with
// either checker, is the one testdata/findings.golden recorded from
// the tool-by-tool lint (before schemas were checked once each and tools
// in parallel). Rewrite it with -update only for a deliberate change.
func TestFindingsUnchanged(t *testing.T) {
	tools := goldenTools(t)
	got := map[string][]lint.Finding{}
	for name, c := range map[string]lint.Checker{"sdk": lint.SDKChecker{}, "strict": strict.Checker{}} {
		got[name] = lint.Tools(tools, &lint.Options{Clients: lint.Clients, Checker: c})
		got[name+" config"] = lint.Config([]lint.Server{{Name: "a", Tools: tools[:40]}, {Name: "b", Tools: tools[20:60]}},
			&lint.Options{Clients: lint.Clients, Checker: c})
	}
	var b bytes.Buffer
	for _, name := range []string{"sdk", "sdk config", "strict", "strict config"} {
		b.WriteString(name + "\n")
		for _, f := range got[name] {
			line, err := json.Marshal(f)
			if err != nil {
				t.Fatal(err)
			}
			b.Write(append(line, '\n'))
		}
	}
	raw := b.Bytes()
	const golden = "testdata/findings.golden"
	if *update {
		if err := os.WriteFile(golden, raw, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(raw, want) {
		t.Errorf("findings differ from %s (run with -update to see the diff in git)", golden)
	}
}
