package transport

import (
	"encoding/json"

	"github.com/mcpdev/mcpdev/internal/wire"
)

// The fast paths that name transport's structs; their engine is
// internal/wire. fastpath_members_test.go ties each member list to its struct.

// decodeFast is json.Unmarshal(data, &m) in one pass for the usual
// message: exactly-named members, string values without escapes, no
// duplicates. It reports false for anything else (invalid JSON included),
// and Decode falls back to encoding/json. The raw members share one copy
// of data, or data itself when owned (the caller will not reuse it).
func decodeFast(data []byte, owned bool) (*Message, bool) {
	buf := data
	if !owned {
		buf = make([]byte, len(data))
		copy(buf, data)
	}
	m := &Message{}
	ok := wire.Fields(buf, messageMembers, func(name string, val []byte) bool {
		switch name {
		case "jsonrpc":
			return wire.StringMember(val, &m.JSONRPC)
		case "id":
			m.ID = val
		case "method":
			return wire.StringMember(val, &m.Method)
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
				if wire.JSON.Unmarshal(val, &e) != nil {
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
		len(m.ID) > 0 && len(m.Result) > 0 && wire.MarshalsUnchanged(m.ID) && wire.MarshalsUnchanged(m.Result)
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

// peekFast is json.Unmarshal(params, &p) in one pass for the usual params
// (see decodeFast); false: use json.Unmarshal.
func peekFast(params []byte) (p peekedParams, ok bool) {
	str := func(val []byte, dst **string) bool {
		if val[0] == 'n' {
			*dst = nil
			return true
		}
		s, ok := wire.PlainString(val)
		*dst = &s
		return ok
	}
	ok = wire.Fields(params, peekedMembers, func(name string, val []byte) bool {
		switch name {
		case "name":
			return str(val, &p.Name)
		case "uri":
			return str(val, &p.URI)
		case "taskId":
			return str(val, &p.TaskID)
		}
		switch val[0] { // _meta
		case 'n':
			p.Meta = nil
			return true
		case '{':
			p.Meta = &struct {
				Version json.RawMessage `json:"io.modelcontextprotocol/protocolVersion"`
			}{}
			return wire.Fields(val, metaVersionMember, func(_ string, v []byte) bool {
				p.Meta.Version = v
				return true
			})
		}
		return false
	})
	return p, ok
}

var (
	peekedMembers     = []string{"name", "uri", "taskId", "_meta"}
	metaVersionMember = []string{"io.modelcontextprotocol/protocolVersion"}
)
