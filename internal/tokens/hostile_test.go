package tokens_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

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

// hugeTexts are megabyte descriptions of each shape the tokenizer splits
// differently: one word, spaces, prose, digits.
var hugeTexts = map[string]string{
	"one word": strings.Repeat("a", 1<<20),
	"spaces":   strings.Repeat(" ", 1<<20) + "x",
	"prose":    strings.Repeat("Reads the file at path and returns it. ", 1<<20/40),
	"digits":   strings.Repeat("1234567890", 1<<20/10),
}

// TestHugeDescriptionCounts: a megabyte of description of each shape is
// counted (the test's time-out catches a quadratic blow-up, which would
// take hours; BenchmarkHugeDescription measures the time per size).
func TestHugeDescriptionCounts(t *testing.T) {
	for name, text := range hugeTexts {
		n := tokens.ToolCost(sdk.ToolInfo{Name: "big", Description: text, InputSchema: json.RawMessage(`{}`)}, tokens.OpenAI).Tokens
		if n < 1<<20/1024 {
			t.Errorf("%s: %d tokens for 1 MiB", name, n)
		}
	}
}

// BenchmarkHugeDescription counts 64 KiB and 512 KiB of each shape: linear
// counting takes about 8× as long for the larger (quadratic: 64×).
func BenchmarkHugeDescription(b *testing.B) {
	for name, text := range hugeTexts {
		for _, size := range []int{64 << 10, 512 << 10} {
			b.Run(fmt.Sprintf("%s/%dKiB", name, size>>10), func(b *testing.B) {
				tool := sdk.ToolInfo{Name: "big", Description: text[:size], InputSchema: json.RawMessage(`{}`)}
				b.SetBytes(int64(size))
				for b.Loop() {
					tokens.ToolCost(tool, tokens.OpenAI)
				}
			})
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

func TestParseClients(t *testing.T) {
	if got, err := tokens.ParseClients("all"); err != nil || len(got) != len(tokens.Clients) {
		t.Errorf(`ParseClients("all") = %v, %v`, got, err)
	}
	if got, err := tokens.ParseClients("gemini, OpenAI,gemini"); err != nil || len(got) != 2 || got[0] != tokens.Gemini || got[1] != tokens.OpenAI {
		t.Errorf("ParseClients = %v, %v, want gemini, openai", got, err)
	}
	for _, bad := range []string{"", "openai,", "clippy"} {
		if _, err := tokens.ParseClients(bad); !errors.Is(err, tokens.ErrUnknownClient) {
			t.Errorf("ParseClients(%q): %v, want ErrUnknownClient", bad, err)
		}
	}
}
