// Package transport moves JSON-RPC 2.0 messages between an MCP client and
// server: newline-delimited framing over stdio or a spawned command, an
// in-memory pair for tests, and Streamable HTTP. It knows of tools only
// where Streamable HTTP must: the x-mcp-header annotations of an input
// schema, mirrored as Mcp-Param-* headers (streamable/params.go).
package transport

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/mcpdev/mcpdev/internal/jsonenc"
	"github.com/mcpdev/mcpdev/internal/jsonfast"
)

// Version is the only JSON-RPC version MCP speaks.
const Version = "2.0"

// Standard JSON-RPC error codes, plus the MCP-specific ones of the 2026 era.
const (
	CodeParseError     = -32700
	CodeInvalidRequest = -32600
	CodeMethodNotFound = -32601
	CodeInvalidParams  = -32602
	CodeInternalError  = -32603

	CodeHeaderMismatch       = -32020 // HTTP headers disagree with the body (2026-07-28)
	CodeMissingCapability    = -32021 // a required client capability is missing (2026-07-28)
	CodeUnsupportedVersion   = -32022 // protocol version not supported (2026-07-28)
	CodeURLElicitationNeeded = -32042
)

// Message is one JSON-RPC 2.0 message: a request (Method and ID), a
// notification (Method, no ID) or a response (ID with Result or Error).
// Params and Result stay raw so that each layer decodes only what it needs.
type Message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *Error          `json:"error,omitempty"`
}

// IsRequest reports whether m expects a response.
func (m *Message) IsRequest() bool { return m.Method != "" && len(m.ID) > 0 }

// IsNotification reports whether m is a one-way message.
func (m *Message) IsNotification() bool { return m.Method != "" && len(m.ID) == 0 }

// IsResponse reports whether m answers a request.
func (m *Message) IsResponse() bool { return m.Method == "" && len(m.ID) > 0 }

// NewRequest builds a request with a numeric id.
func NewRequest(id int64, method string, params any) (*Message, error) {
	raw, err := marshalParams(params)
	if err != nil {
		return nil, err
	}
	return &Message{JSONRPC: Version, ID: json.RawMessage(fmt.Sprint(id)), Method: method, Params: raw}, nil
}

// NewNotification builds a notification.
func NewNotification(method string, params any) (*Message, error) {
	raw, err := marshalParams(params)
	if err != nil {
		return nil, err
	}
	return &Message{JSONRPC: Version, Method: method, Params: raw}, nil
}

// NewResult builds a successful response to the request with the given id.
func NewResult(id json.RawMessage, result any) (*Message, error) {
	raw, err := jsonenc.Marshal(result)
	if err != nil {
		return nil, err
	}
	return &Message{JSONRPC: Version, ID: id, Result: raw}, nil
}

// NewErrorResponse builds an error response; a nil id becomes JSON null, as
// the spec demands when the request's id could not be read.
func NewErrorResponse(id json.RawMessage, err *Error) *Message {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	return &Message{JSONRPC: Version, ID: id, Error: err}
}

func marshalParams(params any) (json.RawMessage, error) {
	if params == nil {
		return nil, nil
	}
	if raw, ok := params.(json.RawMessage); ok {
		return raw, nil
	}
	return jsonenc.Marshal(params)
}

// Error is a JSON-RPC error object. Compare errors by Code (errors.As), never
// by their text.
type Error struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *Error) Error() string {
	if len(e.Data) > 0 {
		return fmt.Sprintf("jsonrpc error %d: %s (data: %s)", e.Code, e.Message, e.Data)
	}
	return fmt.Sprintf("jsonrpc error %d: %s", e.Code, e.Message)
}

// Errorf builds an *Error with a formatted message.
func Errorf(code int, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the JSON-RPC code carried by err, or 0.
func ErrorCode(err error) int {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return 0
}

// Decode parses one framed JSON-RPC message. It never panics: malformed JSON
// is a -32700 error, a well-formed value that is not a single message object
// (an array batch, a number, a message without "jsonrpc":"2.0", …) is a
// -32600 error. When the id could be read it is returned with the error so
// the caller can answer it.
func Decode(data []byte) (*Message, *Error) { return decode(data, false) }

// decodeOwned is Decode for data the caller hands over (an HTTP body read
// for this message alone): the message's raw members point into data
// instead of into a copy of it.
func decodeOwned(data []byte) (*Message, *Error) { return decode(data, true) }

func decode(data []byte, owned bool) (*Message, *Error) { return decodeInto(nil, data, owned) }

// decodeInto is decode, which decodes the usual message into dst when it
// is not nil (a zero Message), the others into memory of their own.
func decodeInto(dst *Message, data []byte, owned bool) (*Message, *Error) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return nil, Errorf(CodeParseError, "Parse error: empty message")
	}
	switch data[0] {
	case '[':
		if !json.Valid(data) {
			return nil, Errorf(CodeParseError, "Parse error: invalid JSON")
		}
		return nil, Errorf(CodeInvalidRequest, "Invalid Request: JSON-RPC batches are not supported")
	case '{':
	default:
		if !json.Valid(data) {
			return nil, Errorf(CodeParseError, "Parse error: invalid JSON")
		}
		return nil, Errorf(CodeInvalidRequest, "Invalid Request: expected a JSON object")
	}
	if dst == nil {
		dst = &Message{}
	}
	if m, ok := decodeFast(dst, data, owned); ok {
		if e := checkMessage(m); e != nil {
			return m, e
		}
		return m, nil
	}
	var m Message
	if err := jsonfast.JSON.Unmarshal(data, &m); err != nil {
		if !json.Valid(data) {
			return nil, Errorf(CodeParseError, "Parse error: %v", err)
		}
		return salvageID(data), Errorf(CodeInvalidRequest, "Invalid Request: %v", err)
	}
	if e := checkMessage(&m); e != nil {
		return &m, e
	}
	return &m, nil
}

// salvageID returns what Decode can still read of a message that
// encoding/json rejects: its id and, when it is a string, its method (so a
// request is told from a response), and its result or error (an error
// object of the wrong shape is kept as the Data of an internal error). An
// id that is not one a request may carry becomes null, the id its answer
// must have.
func salvageID(data []byte) *Message {
	var probe struct {
		ID     json.RawMessage `json:"id"`
		Method json.RawMessage `json:"method"`
		Result json.RawMessage `json:"result"`
		Error  json.RawMessage `json:"error"`
	}
	if json.Unmarshal(data, &probe) != nil {
		return nil
	}
	m := &Message{JSONRPC: Version, Result: probe.Result}
	if len(probe.Error) > 0 && string(probe.Error) != "null" {
		m.Error = &Error{}
		if json.Unmarshal(probe.Error, m.Error) != nil {
			m.Error = &Error{Code: CodeInternalError, Message: "malformed error object", Data: probe.Error}
		}
	}
	if json.Unmarshal(probe.Method, &m.Method) != nil && len(probe.Method) > 0 {
		// A method that is not a string still makes the message a request
		// (never a response), whose Invalid Request error is answered:
		// keep its JSON text as the method, which is never dispatched.
		m.Method = string(probe.Method)
	}
	switch {
	case len(probe.ID) == 0:
		if m.Method == "" {
			return nil
		}
	case validID(probe.ID):
		m.ID = utf8ID(probe.ID)
	default:
		m.ID = json.RawMessage("null")
	}
	return m
}

// checkMessage validates a decoded message. An id that is neither a string
// nor an integer makes it an Invalid Request whose id could not be
// determined: m.ID is then null, the id the error response must carry.
// null is a valid id only on an error response (to a request whose id
// could not be read).
func checkMessage(m *Message) *Error {
	m.ID = utf8ID(m.ID)
	if len(m.ID) > 0 && !validID(m.ID) {
		null := bytes.Equal(m.ID, []byte("null"))
		if !null || m.Method != "" || m.Error == nil {
			m.ID = json.RawMessage("null")
			if null {
				return Errorf(CodeInvalidRequest, "Invalid Request: id must be a string or an integer, not null")
			}
			return Errorf(CodeInvalidRequest, "Invalid Request: id must be a string or an integer")
		}
	}
	if m.JSONRPC != Version {
		return Errorf(CodeInvalidRequest, `Invalid Request: "jsonrpc" must be "2.0"`)
	}
	if m.Method == "" && len(m.ID) == 0 {
		return Errorf(CodeInvalidRequest, "Invalid Request: neither a method nor an id")
	}
	if m.Method == "" && m.Result == nil && m.Error == nil {
		return Errorf(CodeInvalidRequest, "Invalid Request: a message with an id needs a method (a request), or a result or an error (a response)")
	}
	if len(m.Params) > 0 && m.Params[0] != '{' && m.Params[0] != '[' && !bytes.Equal(m.Params, []byte("null")) {
		return Errorf(CodeInvalidRequest, "Invalid Request: params must be an object")
	}
	return nil
}

// utf8ID is a string id as encoding/json reads it into a string, invalid
// UTF-8 replaced by U+FFFD (the id an answer carries must be valid JSON
// text, which is UTF-8); any other id as it is.
func utf8ID(id json.RawMessage) json.RawMessage {
	if len(id) == 0 || id[0] != '"' || utf8.Valid(id) {
		return id
	}
	var s string
	if json.Unmarshal(id, &s) != nil {
		return id
	}
	out, err := jsonenc.Marshal(s)
	if err != nil {
		return id
	}
	return out
}

// ValidID reports whether id is one MCP allows on a request: a JSON string
// or integer. null, floats (1.5, 1.0, 1e3), booleans, objects and arrays
// are not; Decode reports a message carrying one as an Invalid Request.
func ValidID(id json.RawMessage) bool { return validID(id) }

func validID(id json.RawMessage) bool {
	if len(id) == 0 {
		return false
	}
	switch c := id[0]; {
	case c == '"':
		return true
	case c == '-' || (c >= '0' && c <= '9'):
		return !bytes.ContainsAny(id, ".eE")
	}
	return false
}
