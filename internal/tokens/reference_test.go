package tokens_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/mcpdev/mcpdev/internal/tokens"
	"github.com/mcpdev/mcpdev/sdk"
)

// reference is testdata/reference.json, made by testdata/reference.sh with
// two tokenizers independent of ours (js-tiktoken and OpenAI's tiktoken).
type reference struct {
	Generator string `json:"generator"`
	Tools     []struct {
		File   string `json:"file"`
		Name   string `json:"name"`
		O200k  int    `json:"o200k_base"`
		Cl100k int    `json:"cl100k_base"`
	} `json:"tools"`
	Texts []struct {
		O200k  int `json:"o200k_base"`
		Cl100k int `json:"cl100k_base"`
	} `json:"texts"`
}

func readJSON(t testing.TB, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// readTools reads a tools list as `mcpdev tools --json` prints it.
func readTools(t testing.TB, file string) []sdk.ToolInfo {
	t.Helper()
	var list struct{ Tools []sdk.ToolInfo }
	readJSON(t, filepath.Join("testdata", "tools", file), &list)
	return list.Tools
}

// toolFinder returns a lookup of the tool named name in tools/file, which
// reads each file once.
func toolFinder(t testing.TB) func(file, name string) sdk.ToolInfo {
	byFile := map[string]map[string]sdk.ToolInfo{}
	return func(file, name string) sdk.ToolInfo {
		t.Helper()
		if byFile[file] == nil {
			byFile[file] = map[string]sdk.ToolInfo{}
			for _, tool := range readTools(t, file) {
				byFile[file][tool.Name] = tool
			}
		}
		tool, ok := byFile[file][name]
		if !ok {
			t.Fatalf("%s: no tool %q", file, name)
		}
		return tool
	}
}

// TestToolCostMatchesReference: the OpenAI costs of the real tool
// definitions of server-everything, server-filesystem and the bookshop are
// the reference implementation's counts, in both encodings.
func TestToolCostMatchesReference(t *testing.T) {
	var ref reference
	readJSON(t, "testdata/reference.json", &ref)
	if len(ref.Tools) < 20 {
		t.Fatalf("reference has %d tools, want at least 20", len(ref.Tools))
	}
	find := toolFinder(t)
	for _, r := range ref.Tools {
		tool := find(r.File, r.Name)
		for _, c := range []struct {
			client tokens.Client
			want   int
		}{{tokens.OpenAI, r.O200k}, {tokens.OpenAICl100k, r.Cl100k}} {
			got := tokens.ToolCost(tool, c.client)
			if got.Tokens != c.want || !got.Exact {
				t.Errorf("%s %s %s: got %d tokens (exact %v), reference %d", r.File, r.Name, c.client, got.Tokens, got.Exact, c.want)
			}
		}
	}
}

// TestCountMatchesReference: plain texts, hostile ones included (escapes,
// bidi, zero-width, special tokens' spellings, long runs), count as the
// reference counts them.
func TestCountMatchesReference(t *testing.T) {
	var ref reference
	var texts []string
	readJSON(t, "testdata/reference.json", &ref)
	readJSON(t, "testdata/texts.json", &texts)
	if len(texts) != len(ref.Texts) {
		t.Fatalf("%d texts, %d reference counts: rerun testdata/reference.sh", len(texts), len(ref.Texts))
	}
	for i, text := range texts {
		if got := tokens.Count(tokens.O200kBase, text); got != ref.Texts[i].O200k {
			t.Errorf("text %d o200k_base: got %d, reference %d", i, got, ref.Texts[i].O200k)
		}
		if got := tokens.Count(tokens.Cl100kBase, text); got != ref.Texts[i].Cl100k {
			t.Errorf("text %d cl100k_base: got %d, reference %d", i, got, ref.Texts[i].Cl100k)
		}
	}
}
