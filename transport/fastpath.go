package transport

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"

	"github.com/mcpdev/mcpdev/internal/jsonfast"
)

// The fast paths that name transport's structs; their engine is
// internal/jsonfast. fastpath_members_test.go ties each member list to its struct.

// decodeFast is json.Unmarshal(data, m) in one pass for the usual
// message (into m, a zero Message): exactly-named members, string values
// without escapes, no duplicates. It reports false for anything else
// (invalid JSON included), and Decode falls back to encoding/json. The raw
// members share one copy of data, or data itself when owned (the caller
// will not reuse it).
func decodeFast(m *Message, data []byte, owned bool) (*Message, bool) {
	buf := data
	if !owned {
		buf = make([]byte, len(data))
		copy(buf, data)
	}
	ok := jsonfast.Fields(buf, messageMembers, func(name string, val []byte) bool {
		switch name {
		case "jsonrpc":
			return jsonfast.InternMember(val, &m.JSONRPC)
		case "id":
			m.ID = val
		case "method":
			return jsonfast.InternMember(val, &m.Method)
		case "params":
			m.Params = val
		case "result":
			m.Result = val
		case "error":
			switch val[0] {
			case 'n':
				m.Error = nil
			case '{':
				var e Error
				if jsonfast.JSON.Unmarshal(val, &e) != nil {
					return false
				}
				m.Error = &e
			default:
				return false
			}
		}
		return true
	})
	return m, ok
}

var messageMembers = []string{"jsonrpc", "id", "method", "params", "result", "error"}

// isPlainResponse reports whether m is a success response that
// jsonenc.Marshal encodes as {"jsonrpc":"2.0","id":ID,"result":RESULT} with
// ID and RESULT as they are, so it can be written without encoding/json.
func isPlainResponse(m *Message) bool {
	return m.JSONRPC == Version && m.Method == "" && len(m.Params) == 0 && m.Error == nil &&
		len(m.ID) > 0 && len(m.Result) > 0 && jsonfast.MarshalsUnchanged(m.ID) && jsonfast.MarshalsUnchanged(m.Result)
}

// peekedParams are the params the HTTP layer looks at.
type peekedParams struct {
	Name   *string `json:"name"`
	URI    *string `json:"uri"`
	TaskID *string `json:"taskId"`
	Meta   *struct {
		Version json.RawMessage `json:"io.modelcontextprotocol/protocolVersion"`
	} `json:"_meta"`
}

// peekedRaw is what peekFast reads of params, without decoding: each
// member's raw value, nil when it is absent or null. name, uri and taskID
// are JSON strings without escapes.
type peekedRaw struct {
	name, uri, taskID []byte
	meta              bool   // _meta is an object
	version           []byte // its protocol version member, any JSON value
}

// peekFast reads what json.Unmarshal(params, &p) reads into peekedParams,
// in one pass and without allocating, for the usual params (see
// decodeFast); false: use json.Unmarshal.
func peekFast(params []byte) (p peekedRaw, ok bool) {
	str := func(val []byte, dst *[]byte) bool {
		if val[0] == 'n' {
			*dst = nil
			return true
		}
		*dst = val
		return plainString(val)
	}
	ok = jsonfast.Fields(params, peekedMembers, func(name string, val []byte) bool {
		switch name {
		case "name":
			return str(val, &p.name)
		case "uri":
			return str(val, &p.uri)
		case "taskId":
			return str(val, &p.taskID)
		}
		switch val[0] { // _meta
		case 'n':
			p.meta, p.version = false, nil
			return true
		case '{':
			p.meta = true
			return jsonfast.Fields(val, metaVersionMember, func(_ string, v []byte) bool {
				p.version = v
				return true
			})
		}
		return false
	})
	return p, ok
}

// plainString reports whether val is a JSON string that jsonfast.PlainString
// reads as it is: no escapes, valid UTF-8.
func plainString(val []byte) bool {
	if len(val) < 2 || val[0] != '"' {
		return false
	}
	s := val[1 : len(val)-1]
	return bytes.IndexByte(s, '\\') < 0 && utf8.Valid(s)
}

var (
	peekedMembers     = []string{"name", "uri", "taskId", "_meta"}
	metaVersionMember = []string{"io.modelcontextprotocol/protocolVersion"}
)
