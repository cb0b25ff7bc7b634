package sdk

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
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

// Results around the size fastResult writes in its response's own memory
// (smallResult), whether their estimate fits it or not, are written as
// encoding/json writes them; those well within it take one allocation.
func TestFastResultAroundResponseMemory(t *testing.T) {
	for n := range 2 * smallResult {
		text := strings.Repeat("x", n)
		for _, res := range []*CallToolResult{
			{Content: []Content{Text(text)}},
			{Content: []Content{Text(text)}, StructuredContent: json.RawMessage(`{"result":"` + text + `"}`)},
			{Content: []Content{Text(text), Text(text)}, Meta: json.RawMessage(`{"k":"` + text + `"}`)},
		} {
			if !checkFastResult(t, res) {
				t.Fatalf("text of %d bytes: not written by the fast path", n)
			}
		}
	}
	res := &CallToolResult{Content: []Content{Text("hello 1")}, StructuredContent: json.RawMessage(`{"result":"hello 1"}`)}
	id := []byte("1")
	if allocs := testing.AllocsPerRun(100, func() { fastResult(id, res) }); allocs != 1 {
		t.Errorf("a small result took %.0f allocations, want 1", allocs)
	}
}

// Prompt results around smallResult, a description and text messages
// (whose estimate is their length before escaping), are written as
// encoding/json writes them; promptserver's review, the one the stdio
// benchmark asks for, takes one allocation.
func TestFastPromptResultAroundResponseMemory(t *testing.T) {
	for n := range 2 * smallResult {
		text := strings.Repeat("x", n)
		for _, res := range []*GetPromptResult{
			{Messages: []PromptMessage{UserMessage(Text(text))}},
			{Description: "Review a book.", Messages: []PromptMessage{UserMessage(Text(text)), AssistantMessage(Text(`"` + text))}},
			{Description: text, Messages: []PromptMessage{UserMessage(Text("<" + text))}, ResultType: ResultComplete, Meta: json.RawMessage(`{"k":1}`)},
		} {
			if !checkFastResult(t, res) {
				t.Fatalf("text of %d bytes: not written by the fast path", n)
			}
		}
	}
	res := &GetPromptResult{Description: "Review asks the model to write a short review of a book.",
		Messages: []PromptMessage{UserMessage(Text(`Write a warm review of "Dune" giving it 4 of 5 stars.`))}}
	id := []byte("1")
	if allocs := testing.AllocsPerRun(100, func() { fastResult(id, res) }); allocs != 1 {
		t.Errorf("the review prompt's result took %.0f allocations, want 1", allocs)
	}
}

// A string a tool returns, short enough for its result's own memory or
// not, becomes the result encoding/json makes of it (marshalledResult);
// a short one takes one allocation.
func TestStringResultMatchesMarshalled(t *testing.T) {
	for n := range 120 {
		for _, c := range []string{"x", "é", "<", "\""} {
			s := strings.Repeat(c, n)
			got, err := stringResult(s)
			want, wantErr := marshalledResult(s)
			if err != nil || wantErr != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("stringResult(%q) = %+v, %v; marshalled: %+v, %v", s, got, err, want, wantErr)
			}
		}
	}
	if allocs := testing.AllocsPerRun(100, func() { stringResult("hello 1") }); allocs != 1 {
		t.Errorf("a short string's result took %.0f allocations, want 1", allocs)
	}
}
