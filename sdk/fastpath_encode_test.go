package sdk

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
)

var encodeTexts = []string{"", "Found 3 books matching 'dune' (showing up to 5).", "a<b", "x & y", "quote\"d", "back\\slash",
	"tab\there", "line\nbreak", "café", "bad\xffutf8", "sep\u2028x", "\u2029", "日本語", "\x7f", "{\"k\":1}"}

var encodeRaws = []string{"", `{"result":"x"}`, `{"result": "x"}`, `{"result":"<b>"}`, `{"a":[1,2,{"b":null}]}`, `[`, `{"result":"\u003c"}`, "{\"r\":\"\u2028\"}"}

func randomResult(r *rand.Rand) *CallToolResult {
	res := &CallToolResult{}
	if r.IntN(10) != 0 {
		res.Content = []Content{}
		for range r.IntN(3) {
			c := Text(encodeTexts[r.IntN(len(encodeTexts))])
			switch r.IntN(12) {
			case 0:
				c.Type = "image"
			case 1:
				c.MimeType = "text/plain"
			case 2:
				c.Annotations = json.RawMessage(`{"audience":["user"]}`)
			}
			res.Content = append(res.Content, c)
		}
	}
	res.StructuredContent = json.RawMessage(encodeRaws[r.IntN(len(encodeRaws))])
	if len(res.StructuredContent) == 0 {
		res.StructuredContent = nil
	}
	res.IsError = r.IntN(4) == 0
	if r.IntN(4) == 0 {
		res.ResultType = []string{"complete", "a<b", "x"}[r.IntN(3)]
	}
	if r.IntN(6) == 0 {
		res.Meta = json.RawMessage(encodeRaws[1+r.IntN(len(encodeRaws)-1)])
	}
	return res
}

// A tool result encoded without encoding/json is byte for byte what
// transport.NewResult (jsonenc.Marshal) produces.
func TestResultEncodingMatchesMarshal(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	fast := 0
	for range 30000 {
		if checkFastResult(t, randomResult(r)) {
			fast++
		}
	}
	t.Logf("%d of 30000 results encoded without encoding/json", fast)
	if fast < 3000 {
		t.Error("the fast path was taken too rarely to be tested")
	}
}

func FuzzResultMessage(f *testing.F) {
	for i, text := range encodeTexts {
		raw := []byte(encodeRaws[i%len(encodeRaws)])
		f.Add(text, encodeTexts[(i+1)%len(encodeTexts)], raw, raw, i%2 == 0, []string{"", "complete", "a<b"}[i%3])
	}
	f.Fuzz(func(t *testing.T, text1, text2 string, structured, meta []byte, isError bool, resultType string) {
		res := &CallToolResult{Content: []Content{Text(text1), Text(text2)}, IsError: isError, ResultType: resultType}
		if len(structured) > 0 {
			res.StructuredContent = structured
		}
		if len(meta) > 0 {
			res.Meta = meta
		}
		checkFastResult(t, res)
	})
}
