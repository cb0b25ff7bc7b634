package transport

import "github.com/mcpdev/mcpdev/internal/jsonscan"

// isPlainResponse reports whether m is a success response that
// jsonenc.Marshal encodes as {"jsonrpc":"2.0","id":ID,"result":RESULT} with
// ID and RESULT as they are, so it can be written without encoding/json.
func isPlainResponse(m *Message) bool {
	return m.JSONRPC == Version && m.Method == "" && len(m.Params) == 0 && m.Error == nil &&
		len(m.ID) > 0 && len(m.Result) > 0 && jsonscan.MarshalsUnchanged(m.ID) && jsonscan.MarshalsUnchanged(m.Result)
}
