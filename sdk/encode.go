package sdk

import (
	"unicode/utf8"

	"github.com/mcpdev/mcpdev/internal/jsonscan"
	"github.com/mcpdev/mcpdev/transport"
)

// resultMessage is transport.NewResult(id, r) for the usual tool result
// (text blocks, plain strings), encoded without encoding/json: the same
// bytes jsonenc.Marshal writes (TestResultEncodingMatchesMarshal). Anything
// else goes through NewResult.
func resultMessage(id []byte, r *CallToolResult) (*transport.Message, bool) {
	if r == nil || r.Content == nil {
		return nil, false
	}
	n := 64 + len(r.StructuredContent) + len(r.Meta)
	for i := range r.Content {
		n += len(r.Content[i].Text) + 32
	}
	b := make([]byte, 0, n)
	b = append(b, `{"content":[`...)
	for i := range r.Content {
		c := &r.Content[i]
		if c.Type != "text" || c.Data != "" || c.MimeType != "" || c.URI != "" || c.Name != "" || c.Title != "" ||
			c.Description != "" || c.Size != nil || c.Resource != nil || len(c.Annotations) > 0 || len(c.Meta) > 0 {
			return nil, false
		}
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"type":"text"`...)
		if c.Text != "" {
			if !plainJSONString(c.Text) {
				return nil, false
			}
			b = append(b, `,"text":"`...)
			b = append(b, c.Text...)
			b = append(b, '"')
		}
		b = append(b, '}')
	}
	b = append(b, ']')
	if len(r.StructuredContent) > 0 {
		if !jsonscan.MarshalsUnchanged(r.StructuredContent) {
			return nil, false
		}
		b = append(b, `,"structuredContent":`...)
		b = append(b, r.StructuredContent...)
	}
	if r.IsError {
		b = append(b, `,"isError":true`...)
	}
	if r.ResultType != "" {
		if !plainJSONString(r.ResultType) {
			return nil, false
		}
		b = append(b, `,"resultType":"`...)
		b = append(b, r.ResultType...)
		b = append(b, '"')
	}
	if len(r.Meta) > 0 {
		if !jsonscan.MarshalsUnchanged(r.Meta) {
			return nil, false
		}
		b = append(b, `,"_meta":`...)
		b = append(b, r.Meta...)
	}
	b = append(b, '}')
	return &transport.Message{JSONRPC: transport.Version, ID: id, Result: b}, true
}

// plainJSONString reports whether jsonenc.Marshal writes s between quotes
// unchanged: valid UTF-8 without control characters, quotes, backslashes
// or U+2028/U+2029 ('<', '>' and '&' are written as they are).
func plainJSONString(s string) bool {
	ascii := true
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20 || c == '"' || c == '\\':
			return false
		case c >= utf8.RuneSelf:
			ascii = false
			if c == 0xE2 && i+2 < len(s) && s[i+1] == 0x80 && s[i+2]&^1 == 0xA8 {
				return false
			}
		}
	}
	return ascii || utf8.ValidString(s)
}
