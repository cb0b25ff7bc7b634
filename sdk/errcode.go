package sdk

import "github.com/mcpdev/mcpdev/transport"

// JSON-RPC error codes: what a request failed with (ErrorCode of a
// client's error), and what a handler may fail with (a *transport.Error).
// Each equals the transport package's constant of the same meaning, so
// the two compare equal.
const (
	CodeParseError     = -32700 // the message is not JSON
	CodeInvalidRequest = -32600 // not a valid request (a missing method, a bad id, before initialize)
	CodeMethodNotFound = -32601 // the server does not serve the method
	CodeInvalidParams  = -32602 // bad params: an unknown tool or prompt, arguments that break the schema
	CodeInternalError  = -32603 // the server failed

	// CodeResourceNotFound is the error code of resources/read for an
	// unknown URI up to protocol 2025-11-25; the 2026 era (SEP-2164)
	// answers CodeInvalidParams instead. Both carry the URI in data.
	CodeResourceNotFound = -32002
	// CodeMissingCapability: the request needs a client capability the
	// client did not declare (2026-07-28; elicitation, sampling, tasks).
	CodeMissingCapability = -32021
	// CodeUnsupportedVersion: the server does not speak the request's
	// protocol version (2026-07-28).
	CodeUnsupportedVersion = -32022
	// CodeHeaderMismatch: the HTTP headers of a request disagree with its
	// body (2026-07-28).
	CodeHeaderMismatch = -32020
	// CodeURLElicitationRequired: the request cannot go on until the person
	// opens URLs (URLElicitationRequired; URLElicitationsOf reads them).
	CodeURLElicitationRequired = -32042
)

// ErrorCode returns the JSON-RPC error code err carries (one of the Code
// constants, or another a server chose), or 0 for an error that is not a
// JSON-RPC error: a broken connection, a cancelled context.
func ErrorCode(err error) int { return transport.ErrorCode(err) }
