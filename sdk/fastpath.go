package sdk

import (
	"encoding/json"
	"unicode/utf8"

	"github.com/mcpdev/mcpdev/internal/pydantic"
	"github.com/mcpdev/mcpdev/internal/wire"
	"github.com/mcpdev/mcpdev/transport"
)

// The fast paths that name sdk's protocol structs; their engines are in
// internal/wire. fastpath_members_test.go ties each member list to its struct.

// callParams reads the params of tools/call and prompts/get (the same
// members: name, arguments, _meta): the fast decoder, else encoding/json.
func callParams(raw json.RawMessage) (CallToolParams, error) {
	var p CallToolParams
	if decodeCallParams(raw, &p) {
		return p, nil
	}
	p = CallToolParams{}
	err := unmarshalParams(raw, &p)
	return p, err
}

// decodeCallParams is unmarshalParams(raw, p) in one pass for the usual
// tools/call params (see transport's decodeFast); false: use
// unmarshalParams. Arguments share raw's bytes.
func decodeCallParams(raw json.RawMessage, p *CallToolParams) bool {
	return wire.Fields(raw, callParamsMembers, func(name string, val []byte) bool {
		switch name {
		case "name":
			return wire.StringMember(val, &p.Name)
		case "arguments":
			p.Arguments = val
			return true
		}
		switch val[0] { // _meta
		case 'n':
			p.Meta = nil
			return true
		case '{':
			meta, ok := scanRequestMeta(val)
			if !ok {
				meta = RequestMeta{}
				if wire.JSON.Unmarshal(val, &meta) != nil {
					return false
				}
			}
			p.Meta = &meta
			return true
		}
		return false
	})
}

var (
	callParamsMembers  = []string{"name", "arguments", "_meta"}
	requestMetaMembers = []string{"progressToken"}
)

// scanRequestMeta decodes a _meta object into RequestMeta as encoding/json
// does, without reflection; false (ask encoding/json) for escaped keys, a
// repeated progressToken or one spelled in another case.
func scanRequestMeta(val []byte) (RequestMeta, bool) {
	var meta RequestMeta
	ok := wire.Fields(val, requestMetaMembers, func(_ string, v []byte) bool {
		meta.ProgressToken = v
		return true
	})
	return meta, ok
}

var metaMember = []string{"_meta"}

// scanMeta is params' _meta object as encoding/json decodes it into a
// map[string]json.RawMessage (nil when absent or null), read without
// reflection. It reports false for anything where encoding/json's answer
// could differ (escaped or duplicate keys, a key matching "_meta" but for
// case, a _meta that is not an object or null): the caller then asks it.
func scanMeta(params json.RawMessage) (map[string]json.RawMessage, bool) {
	if len(params) == 0 {
		return nil, false
	}
	var raw []byte
	ok := wire.Fields(params, metaMember, func(_ string, val []byte) bool {
		raw = val
		return true
	})
	if !ok || raw == nil || raw[0] == 'n' {
		return nil, ok
	}
	return scanObject(raw)
}

// scanObject decodes a JSON object into a map[string]json.RawMessage as
// encoding/json does, without reflection; false (decode it with
// encoding/json) for anything but an object of distinct unescaped keys.
func scanObject(raw []byte) (map[string]json.RawMessage, bool) {
	if len(raw) == 0 || raw[0] != '{' {
		return nil, false
	}
	m := make(map[string]json.RawMessage)
	ok := wire.Object(raw, func(key []byte, escaped bool, val []byte) bool {
		if _, dup := m[string(key)]; dup || escaped || !utf8.Valid(key) {
			return false // (encoding/json replaces invalid UTF-8 in keys)
		}
		m[string(key)] = val
		return true
	})
	return m, ok
}

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
		if i > 0 {
			b = append(b, ',')
		}
		var ok bool
		if b, ok = appendTextContent(b, &r.Content[i]); !ok {
			return nil, false
		}
	}
	b = append(b, ']')
	ok := true
	if len(r.StructuredContent) > 0 {
		b, ok = wire.AppendRaw(b, `,"structuredContent":`, r.StructuredContent)
	}
	if ok && r.IsError {
		b = append(b, `,"isError":true`...)
	}
	if ok && r.ResultType != "" {
		b, ok = wire.AppendString(b, `,"resultType":`, r.ResultType)
	}
	if ok && len(r.Meta) > 0 {
		b, ok = wire.AppendRaw(b, `,"_meta":`, r.Meta)
	}
	if !ok {
		return nil, false
	}
	b = append(b, '}')
	return &transport.Message{JSONRPC: transport.Version, ID: id, Result: b}, true
}

// appendTextContent writes a text block that has nothing but its text
// (TestResultMessageContentFields); false for any other block.
func appendTextContent(b []byte, c *Content) ([]byte, bool) {
	if c.Type != "text" || c.Data != "" || c.MimeType != "" || c.URI != "" || c.Name != "" || c.Title != "" ||
		c.Description != "" || c.Size != nil || c.Resource != nil || len(c.Annotations) > 0 || len(c.Meta) > 0 {
		return b, false
	}
	b = append(b, `{"type":"text"`...)
	ok := true
	if c.Text != "" {
		b, ok = wire.AppendString(b, `,"text":`, c.Text)
	}
	return append(b, '}'), ok
}

// compileFast is the fast validator of an argument schema, with the format
// and base64 checks the jsonschema library is configured with.
func compileFast(root map[string]any) *wire.Validator {
	return wire.CompileValidator(root, wire.Checks{Format: pydantic.Format, Base64: base64Check})
}

func base64Check(s string) error {
	_, err := pydantic.Base64(s)
	return err
}
