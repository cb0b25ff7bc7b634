package sdk

import (
	"strconv"
	"strings"

	"github.com/mcpdev/mcpdev/internal/jsonfast"
	"github.com/mcpdev/mcpdev/transport"
)

// The results of tools/call, prompts/get and resources/read written by
// hand: the bytes transport.NewResult (jsonenc.Marshal) writes, without
// reflection (TestResultEncodingMatchesMarshal,
// TestPromptAndReadResultEncoding, FuzzResultEncoders). Whatever they cannot write
// that way (a _meta or annotations that encoding/json would rewrite) goes
// through NewResult.

// fastResult is the response to a request answered with result, or false
// when result is not one of the hand-written kinds or holds something
// only encoding/json writes right.
func fastResult(id []byte, result any) (*transport.Message, bool) {
	if !jsonfast.Fast {
		return nil, false
	}
	resp := new(response)
	e := resultEncoder{mem: resp.mem[:0]}
	switch r := result.(type) {
	case *CallToolResult:
		e.callToolResult(r)
	case *GetPromptResult:
		e.promptResult(r)
	case *ReadResourceResult:
		e.readResult(r)
	case *ListToolsResult:
		e.listToolsResult(r)
	case *InitializeResult:
		e.initializeResult(r)
	default:
		return nil, false
	}
	if !e.ok {
		return nil, false
	}
	resp.Message = transport.Message{JSONRPC: transport.Version, ID: id, Result: e.b}
	return &resp.Message, true
}

// response is a response fastResult writes and the memory of a small
// result, allocated at once: one 352-byte allocation instead of a
// Message's and its result's. A result that may be longer than
// smallResult gets memory of its own.
type response struct {
	transport.Message
	mem [smallResult]byte
}

const smallResult = 240

// resultEncoder appends JSON to b; ok turns false at the first value it
// cannot write as jsonenc.Marshal would.
type resultEncoder struct {
	b   []byte
	ok  bool
	mem []byte // where start writes a result of up to cap(mem) bytes
}

// start begins a result of about n bytes: in e.mem if it fits.
func (e *resultEncoder) start(n int) {
	e.b, e.ok = e.mem[:0], true
	if n > cap(e.mem) {
		e.b = make([]byte, 0, n)
	}
}

func (e *resultEncoder) lit(s string) { e.b = append(e.b, s...) }

// str writes prefix and s as jsonenc.Marshal writes a string; html: as
// json.Marshal writes it (ResourceContents' MarshalJSON uses json.Marshal).
func (e *resultEncoder) str(prefix, s string, html bool) {
	e.b = jsonfast.AppendQuoted(append(e.b, prefix...), s, html)
}

// opt is str for an omitempty field.
func (e *resultEncoder) opt(prefix, s string, html bool) {
	if s != "" {
		e.str(prefix, s, html)
	}
}

// raw writes an omitempty json.RawMessage field; html: as json.Marshal
// writes it.
func (e *resultEncoder) raw(prefix string, r []byte, html bool) {
	if len(r) == 0 || !e.ok {
		return
	}
	if html && strings.ContainsAny(string(r), "<>&") {
		e.ok = false
		return
	}
	e.b, e.ok = jsonfast.AppendRaw(e.b, prefix, r)
}

// int writes an omitempty *int64 field.
func (e *resultEncoder) int(prefix string, n *int64) {
	if n != nil {
		e.b = strconv.AppendInt(append(e.b, prefix...), *n, 10)
	}
}

func (e *resultEncoder) callToolResult(r *CallToolResult) {
	n := 64 + len(r.StructuredContent) + len(r.Meta)
	for i := range r.Content {
		n += len(r.Content[i].Text) + 32
	}
	e.start(n)
	e.lit(`{"content":`)
	writeList(e, r.Content, e.content)
	e.raw(`,"structuredContent":`, r.StructuredContent, false)
	if r.IsError {
		e.lit(`,"isError":true`)
	}
	e.opt(`,"resultType":`, r.ResultType, false)
	e.raw(`,"_meta":`, r.Meta, false)
	e.lit("}")
}

// writeList writes a JSON array of list's items (null for a nil slice).
func writeList[T any](e *resultEncoder, list []T, item func(*T)) {
	if list == nil {
		e.lit("null")
		return
	}
	e.lit("[")
	for i := range list {
		if i > 0 {
			e.lit(",")
		}
		item(&list[i])
	}
	e.lit("]")
}

// content writes a Content block, every field in its struct order.
func (e *resultEncoder) content(c *Content) {
	e.str(`{"type":`, c.Type, false)
	e.opt(`,"text":`, c.Text, false)
	e.opt(`,"data":`, c.Data, false)
	e.opt(`,"mimeType":`, c.MimeType, false)
	e.opt(`,"uri":`, c.URI, false)
	e.opt(`,"name":`, c.Name, false)
	e.opt(`,"title":`, c.Title, false)
	e.opt(`,"description":`, c.Description, false)
	e.int(`,"size":`, c.Size)
	if c.Resource != nil {
		e.lit(`,"resource":`)
		e.resourceContents(c.Resource)
	}
	e.raw(`,"annotations":`, c.Annotations, false)
	e.raw(`,"_meta":`, c.Meta, false)
	e.lit("}")
}

// resourceContents writes what ResourceContents.MarshalJSON writes:
// json.Marshal's output, so with '<', '>' and '&' escaped.
func (e *resultEncoder) resourceContents(r *ResourceContents) {
	e.str(`{"uri":`, r.URI, true)
	e.opt(`,"mimeType":`, r.MimeType, true)
	if r.Blob != "" {
		e.str(`,"blob":`, r.Blob, true)
	} else {
		e.str(`,"text":`, r.Text, true)
	}
	e.raw(`,"_meta":`, r.Meta, true)
	e.lit("}")
}

// promptResult's estimate is the usual result's length before escaping (a
// description and text messages): an estimate with room to spare took a
// prompt whose result fits smallResult, like promptserver's review (194
// bytes, estimated 254), into an allocation of its own. A result longer
// than estimated grows as append grows it.
func (e *resultEncoder) promptResult(r *GetPromptResult) {
	n := len(`{"description":"","messages":[]}`) + len(r.Description) + len(`,"resultType":""`) + len(r.ResultType) + len(r.Meta)
	for i := range r.Messages {
		m := &r.Messages[i]
		n += len(`{"role":"","content":{"type":"","text":""}},`) + len(m.Role) + len(m.Content.Type) + len(m.Content.Text)
	}
	e.start(n)
	e.lit("{")
	if r.Description != "" {
		e.str(`"description":`, r.Description, false)
		e.lit(",")
	}
	e.lit(`"messages":`)
	writeList(e, r.Messages, func(m *PromptMessage) {
		e.str(`{"role":`, string(m.Role), false)
		e.lit(`,"content":`)
		e.content(&m.Content)
		e.lit("}")
	})
	e.opt(`,"resultType":`, r.ResultType, false)
	e.raw(`,"_meta":`, r.Meta, false)
	e.lit("}")
}

func (e *resultEncoder) readResult(r *ReadResourceResult) {
	n := 64
	for i := range r.Contents {
		n += len(r.Contents[i].URI) + len(r.Contents[i].Text) + len(r.Contents[i].Blob) + 48
	}
	e.start(n)
	e.lit(`{"contents":`)
	writeList(e, r.Contents, e.resourceContents)
	e.opt(`,"resultType":`, r.ResultType, false)
	e.int(`,"ttlMs":`, r.TTLMs)
	e.opt(`,"cacheScope":`, r.CacheScope, false)
	e.lit("}")
}
