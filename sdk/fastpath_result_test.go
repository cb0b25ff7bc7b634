package sdk

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mcpdev/mcpdev/transport"
)

// resultTexts are the strings the result tests write: every kind of
// escape, invalid UTF-8, U+2028, HTML's characters and a huge text.
var resultTexts = append(append([]string(nil), encodeTexts...), "\x00\b\f\r\x1f", "\xed\xa0\x80", "trail\xc3",
	"\x1b[31mred\x1b[0m", "\U0001F600", `Write a warm review of "Dune" giving it 4 of 5 stars.`,
	strings.Repeat("big <&> \"\\\u2028 text ", 40000))

// checkFastResult encodes result by hand and with transport.NewResult
// and fails on any difference; it reports whether the fast path was taken.
func checkFastResult(t testing.TB, result any) bool {
	got, ok := fastResult(json.RawMessage(`7`), result)
	if !ok {
		return false
	}
	want, err := transport.NewResult(json.RawMessage(`7`), result)
	if err != nil {
		t.Fatalf("fast path encoded %+v; jsonenc.Marshal: %v", result, err)
	}
	if string(got.Result) != string(want.Result) || string(got.ID) != string(want.ID) || got.JSONRPC != want.JSONRPC {
		t.Fatalf("fast path %.2000s\njsonenc.Marshal %.2000s", got.Result, want.Result)
	}
	return true
}

// checkFastResults checks 10,000 generated results, and that the fast
// path takes enough of them to be tested.
func checkFastResults(t *testing.T, name string, gen func() any) {
	t.Helper()
	fast := 0
	for range 10000 {
		if checkFastResult(t, gen()) {
			fast++
		}
	}
	if fast < 2500 {
		t.Errorf("%s: the fast path was taken %d times of 10000: too rarely to be tested", name, fast)
	}
}

type resultGen struct{ r *rand.Rand }

// text picks one of resultTexts, the huge last one rarely.
func (g resultGen) text() string {
	if g.r.IntN(2000) == 0 {
		return resultTexts[len(resultTexts)-1]
	}
	return resultTexts[g.r.IntN(len(resultTexts)-1)]
}

func (g resultGen) opt() string {
	if g.r.IntN(2) == 0 {
		return ""
	}
	return g.text()
}

func (g resultGen) raw() json.RawMessage {
	if g.r.IntN(3) != 0 {
		return nil
	}
	return json.RawMessage(encodeRaws[g.r.IntN(len(encodeRaws))])
}

func (g resultGen) resourceContents() ResourceContents {
	rc := ResourceContents{URI: g.text(), MimeType: g.opt(), Text: g.opt(), Meta: g.raw()}
	if g.r.IntN(3) == 0 {
		rc.Blob = g.text()
	}
	return rc
}

func (g resultGen) content() Content {
	c := Content{Type: []string{"text", "image", "audio", "resource_link", "resource", "a<b"}[g.r.IntN(6)], Text: g.opt()}
	if g.r.IntN(3) == 0 {
		c.Data, c.MimeType, c.URI, c.Name, c.Title, c.Description = g.opt(), g.opt(), g.opt(), g.opt(), g.opt(), g.opt()
	}
	if g.r.IntN(4) == 0 {
		c.Size = new(g.r.Int64N(1<<40) - 1<<39)
	}
	if g.r.IntN(4) == 0 {
		rc := g.resourceContents()
		c.Resource = &rc
	}
	c.Annotations, c.Meta = g.raw(), g.raw()
	return c
}

func (g resultGen) prompt() *GetPromptResult {
	res := &GetPromptResult{Description: g.opt(), Meta: g.raw()}
	if g.r.IntN(10) != 0 {
		res.Messages = []PromptMessage{}
		for range g.r.IntN(3) {
			res.Messages = append(res.Messages, PromptMessage{Role: Role([]string{"user", "assistant", "x\"y"}[g.r.IntN(3)]), Content: g.content()})
		}
	}
	if g.r.IntN(3) == 0 {
		res.ResultType = g.text()
	}
	return res
}

func (g resultGen) read() *ReadResourceResult {
	res := &ReadResourceResult{}
	if g.r.IntN(10) != 0 {
		res.Contents = []ResourceContents{}
		for range g.r.IntN(3) {
			res.Contents = append(res.Contents, g.resourceContents())
		}
	}
	if g.r.IntN(3) == 0 {
		res.setHints(0, g.text())
		*res.TTLMs = g.r.Int64N(1 << 40)
	}
	return res
}

// Prompt and resource results written by hand are byte for byte what
// transport.NewResult (jsonenc.Marshal) writes, for every kind of content
// and hostile text (json.Marshal's escaping of '<', '>' and '&' inside
// ResourceContents included).
func TestPromptAndReadResultEncoding(t *testing.T) {
	g := resultGen{rand.New(rand.NewPCG(21, 22))}
	for _, tt := range []struct {
		name string
		gen  func() any
	}{{"prompts/get", func() any { return g.prompt() }}, {"resources/read", func() any { return g.read() }}} {
		checkFastResults(t, tt.name, tt.gen)
	}
}

func FuzzResultEncoders(f *testing.F) {
	for i, text := range resultTexts[:len(resultTexts)-1] {
		f.Add(text, resultTexts[(i+3)%len(resultTexts)], []byte(encodeRaws[i%len(encodeRaws)]), uint8(i))
	}
	f.Fuzz(func(t *testing.T, s1, s2 string, raw []byte, kind uint8) {
		c := Content{Type: s1, Text: s2, URI: s1, Annotations: raw}
		rc := ResourceContents{URI: s1, MimeType: s2, Text: s2, Meta: raw}
		if kind&1 != 0 {
			rc.Blob = s1
		}
		if kind&2 != 0 {
			c.Resource = &rc
		}
		checkFastResult(t, &CallToolResult{Content: []Content{c}, StructuredContent: raw, ResultType: s2})
		checkFastResult(t, &GetPromptResult{Description: s1, Messages: []PromptMessage{{Role: Role(s2), Content: c}}, Meta: raw})
		checkFastResult(t, &ReadResourceResult{Contents: []ResourceContents{rc, {URI: s2, Text: s1}}})
		tool := ToolInfo{Name: s1, Description: s2, InputSchema: raw, Annotations: &ToolAnnotations{Title: s2, ReadOnlyHint: new(kind&4 != 0)},
			Icons: []Icon{{Src: s1, Sizes: []string{s2}}}, Meta: raw}
		checkFastResult(t, &ListToolsResult{Tools: []ToolInfo{tool}, NextCursor: s2})
		checkFastResult(t, &InitializeResult{ProtocolVersion: s1, ServerInfo: Implementation{Name: s2, Version: s1}, Instructions: s2,
			Capabilities: ServerCapabilities{Tools: &ToolsCapability{ListChanged: kind&8 != 0}, Resources: &ResourcesCapability{Subscribe: kind&16 != 0}}})
	})
}

func (g resultGen) hint() *bool {
	if g.r.IntN(3) == 0 {
		return nil
	}
	return new(g.r.IntN(2) == 0)
}

func (g resultGen) tool() ToolInfo {
	t := ToolInfo{Name: g.text(), Title: g.opt(), Description: g.opt(), InputSchema: g.raw(), OutputSchema: g.raw(), Meta: g.raw()}
	if g.r.IntN(3) == 0 {
		t.Annotations = &ToolAnnotations{Title: g.opt(), ReadOnlyHint: g.hint(), DestructiveHint: g.hint(), IdempotentHint: g.hint(), OpenWorldHint: g.hint()}
	}
	if g.r.IntN(4) == 0 {
		t.Execution = &ToolExecution{TaskSupport: g.opt()}
	}
	if g.r.IntN(4) == 0 {
		t.Icons = []Icon{{Src: g.text(), MimeType: g.opt(), Theme: g.opt()}}
		if g.r.IntN(2) == 0 {
			t.Icons = append(t.Icons, Icon{Src: g.text(), Sizes: []string{g.text(), "48x48"}})
		}
	}
	if g.r.IntN(20) == 0 {
		t.InputSchema = json.RawMessage{} // encoding/json refuses it: not taken
	}
	return t
}

func (g resultGen) listTools() *ListToolsResult {
	res := &ListToolsResult{NextCursor: g.opt()}
	if g.r.IntN(10) != 0 {
		res.Tools = []ToolInfo{}
		for range g.r.IntN(3) {
			res.Tools = append(res.Tools, g.tool())
		}
	}
	if g.r.IntN(3) == 0 {
		res.ResultType, res.CacheScope, res.TTLMs = g.text(), g.opt(), new(g.r.Int64N(1<<40))
	}
	return res
}

func (g resultGen) initialize() *InitializeResult {
	c := ServerCapabilities{}
	if g.r.IntN(2) == 0 {
		c.Tools = &ToolsCapability{ListChanged: g.r.IntN(2) == 0}
	}
	if g.r.IntN(2) == 0 {
		c.Resources = &ResourcesCapability{Subscribe: g.r.IntN(2) == 0, ListChanged: g.r.IntN(2) == 0}
	}
	if g.r.IntN(2) == 0 {
		c.Logging = &struct{}{}
	}
	if g.r.IntN(2) == 0 {
		c.Prompts = &PromptsCapability{ListChanged: g.r.IntN(2) == 0}
	}
	if g.r.IntN(2) == 0 {
		c.Completions = &struct{}{}
	}
	if g.r.IntN(10) == 0 {
		c.Extensions = map[string]json.RawMessage{"x": json.RawMessage(`{}`)} // not taken
	}
	return &InitializeResult{ProtocolVersion: g.text(), Capabilities: c,
		ServerInfo: Implementation{Name: g.text(), Title: g.opt(), Version: g.opt()}, Instructions: g.opt()}
}

// The tools/list and initialize results written by hand are byte for byte
// what transport.NewResult (jsonenc.Marshal) writes, with every optional
// member, capability and hostile text.
func TestListAndInitializeEncoding(t *testing.T) {
	g := resultGen{rand.New(rand.NewPCG(23, 24))}
	for _, tt := range []struct {
		name string
		gen  func() any
	}{{"tools/list", func() any { return g.listTools() }}, {"initialize", func() any { return g.initialize() }}} {
		checkFastResults(t, tt.name, tt.gen)
	}
}
