package sdk

import (
	"encoding/json"

	"github.com/mcpdev/mcpdev/internal/jsonfast"
)

// decodeResult is json.Unmarshal(raw, result), a tools/call result
// through decodeCallToolResult first.
func decodeResult(raw []byte, result any) error {
	if r, ok := result.(*CallToolResult); ok {
		if decodeCallToolResult(raw, r) {
			return nil
		}
		*r = CallToolResult{}
	}
	return json.Unmarshal(raw, result)
}

// decodeCallToolResult is json.Unmarshal(raw, r) (r a zero result) in one
// pass, its strings decoded into memory of their exact size
// (jsonfast.Unquote): through encoding/json a text of 20 MB costs 40 MB more
// while it is decoded, beside the message it came in. Members it does
// not read itself it gives to encoding/json one by one; false: use
// encoding/json for the whole (see jsonfast.Fields).
func decodeCallToolResult(raw []byte, r *CallToolResult) bool {
	return jsonfast.Fields(raw, callToolResultMembers, func(name string, val []byte) bool {
		switch name {
		case "content":
			return decodeContents(val, &r.Content)
		case "structuredContent":
			return memberJSON(val, &r.StructuredContent)
		case "isError":
			return memberJSON(val, &r.IsError)
		case "resultType":
			return stringMember(val, &r.ResultType)
		}
		return memberJSON(val, &r.Meta)
	})
}

var callToolResultMembers = []string{"content", "structuredContent", "isError", "resultType", "_meta"}

// decodeContents reads a content array (null, or anything else, by
// encoding/json).
func decodeContents(val []byte, dst *[]Content) bool {
	if val[0] != '[' {
		return memberJSON(val, dst)
	}
	all := []Content{}
	ok := jsonfast.Array(val, func(elem []byte) bool {
		var c Content
		if !decodeContent(elem, &c) {
			return false
		}
		all = append(all, c)
		return true
	})
	*dst = all
	return ok
}

// decodeContent reads one content block.
func decodeContent(val []byte, c *Content) bool {
	if val[0] != '{' {
		return memberJSON(val, c)
	}
	return jsonfast.Fields(val, contentMembers, func(name string, val []byte) bool {
		switch name {
		case "type":
			return stringMember(val, &c.Type)
		case "text":
			return stringMember(val, &c.Text)
		case "data":
			return stringMember(val, &c.Data)
		case "mimeType":
			return stringMember(val, &c.MimeType)
		case "uri":
			return stringMember(val, &c.URI)
		case "name":
			return stringMember(val, &c.Name)
		case "title":
			return stringMember(val, &c.Title)
		case "description":
			return stringMember(val, &c.Description)
		case "size":
			return memberJSON(val, &c.Size)
		case "resource":
			return memberJSON(val, &c.Resource)
		case "annotations":
			return memberJSON(val, &c.Annotations)
		}
		return memberJSON(val, &c.Meta)
	})
}

var contentMembers = []string{"type", "text", "data", "mimeType", "uri", "name", "title", "description", "size", "resource", "annotations", "_meta"}

// stringMember stores a string value (jsonfast.Unquote), anything else as
// encoding/json does.
func stringMember(val []byte, dst *string) bool {
	if s, ok := jsonfast.Unquote(val); ok {
		*dst = s
		return true
	}
	return memberJSON(val, dst)
}

// memberJSON is json.Unmarshal(val, dst); false on an error (the whole
// result then goes through encoding/json, for its error and its partial
// values).
func memberJSON(val []byte, dst any) bool { return jsonfast.JSON.Unmarshal(val, dst) == nil }
