package tokens_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/mcpdev/mcpdev/internal/tokens"
	"github.com/mcpdev/mcpdev/sdk"
)

// TestInvalidUTF8CountsAsReplacement: invalid bytes count as U+FFFD, as a
// client that decoded them would send them; no panic, no error.
func TestInvalidUTF8CountsAsReplacement(t *testing.T) {
	for _, enc := range []tokens.Encoding{tokens.O200kBase, tokens.Cl100kBase} {
		got := tokens.Count(enc, "ok \xff\xfe bad \xc3")
		want := tokens.Count(enc, "ok \uFFFD\uFFFD bad \uFFFD")
		if got != want {
			t.Errorf("%s: invalid UTF-8 counts %d, its replacement %d", enc, got, want)
		}
	}
	tool := sdk.ToolInfo{Name: "x\xff", Description: "d\xc3", InputSchema: json.RawMessage("{\"a\":\"\xff\"}")}
	got := tokens.Serialize(tool, tokens.OpenAI)
	if want := `{"type":"function","function":{"name":"x` + "\uFFFD" + `","description":"d` + "\uFFFD" + `","parameters":{"a":"` + "\uFFFD" + `"}}}`; got != want {
		t.Errorf("Serialize = %q, want %q", got, want)
	}
}

// TestInvalidSchemaCountedAsWritten: a schema that is not JSON is counted
// as the text it is, not dropped.
func TestInvalidSchemaCountedAsWritten(t *testing.T) {
	tool := sdk.ToolInfo{Name: "x", InputSchema: json.RawMessage(`{"type": "object", `)}
	got := tokens.Serialize(tool, tokens.Anthropic)
	if want := `{"name":"x","input_schema":{"type": "object", }`; got != want {
		t.Errorf("Serialize = %q, want %q", got, want)
	}
	if c := tokens.ToolCost(tool, tokens.Anthropic); c.Exact || c.Tokens == 0 || !strings.HasPrefix(c.String(), "≈") {
		t.Errorf("anthropic cost = %+v (%s), want a non-zero estimate shown with ≈", c, c)
	}
}

// TestHugeDescriptionIsLinear: megabytes of description (one word, spaces,
// or prose) count in well under a second each, not quadratic time.
func TestHugeDescriptionIsLinear(t *testing.T) {
	for name, text := range map[string]string{
		"one word": strings.Repeat("a", 1<<20),
		"spaces":   strings.Repeat(" ", 1<<20) + "x",
		"prose":    strings.Repeat("Reads the file at path and returns it. ", 1<<20/40),
		"digits":   strings.Repeat("1234567890", 1<<20/10),
	} {
		start := time.Now()
		n := tokens.ToolCost(sdk.ToolInfo{Name: "big", Description: text, InputSchema: json.RawMessage(`{}`)}, tokens.OpenAI).Tokens
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("%s: %d tokens in %v", name, n, d)
		}
		if n < 1<<20/1024 {
			t.Errorf("%s: %d tokens for 1 MiB", name, n)
		}
	}
}

func TestParseClient(t *testing.T) {
	for _, c := range tokens.Clients {
		if got, err := tokens.ParseClient(strings.ToUpper(string(c))); got != c || err != nil {
			t.Errorf("ParseClient(%q) = %q, %v", c, got, err)
		}
	}
	if got, err := tokens.ParseClient(""); got != tokens.OpenAI || err != nil {
		t.Errorf(`ParseClient("") = %q, %v, want openai`, got, err)
	}
	if _, err := tokens.ParseClient("gpt"); err == nil {
		t.Error(`ParseClient("gpt") succeeded`)
	}
}

// TestListTotalAndHeaviest: the total is the sum, the heaviest come first.
func TestListTotalAndHeaviest(t *testing.T) {
	tools := readTools(t, "server-filesystem.json")
	l := tokens.List(tools, tokens.OpenAI)
	sum := 0
	for _, c := range l.Tools {
		sum += c.Tokens
	}
	if l.Total.Tokens != sum || !l.Total.Exact {
		t.Errorf("total %+v, want exact %d", l.Total, sum)
	}
	top := l.Heaviest(3)
	if len(top) != 3 {
		t.Fatalf("Heaviest(3) = %v", top)
	}
	for _, c := range l.Tools {
		if c.Tokens > l.Tools[top[0]].Tokens {
			t.Errorf("heaviest %s (%d) is not the costliest (%d)", tools[top[0]].Name, l.Tools[top[0]].Tokens, c.Tokens)
		}
	}
	if l.Tools[top[1]].Tokens < l.Tools[top[2]].Tokens {
		t.Errorf("Heaviest not in order: %v", top)
	}
}
