package transport

import "encoding/json"

// RequestError fails one request for a reason beneath JSON-RPC: the
// transport could not carry it to the peer or bring its answer back (over
// HTTP: the connection was refused or broke, a timeout, TLS, an error
// status with no JSON-RPC answer). Read returns it; a client fails the
// request ID names with it. The connection stays usable: a later request
// may reach a peer that is back.
type RequestError struct {
	ID  json.RawMessage
	Err error
}

func (e *RequestError) Error() string { return e.Err.Error() }

func (e *RequestError) Unwrap() error { return e.Err }
