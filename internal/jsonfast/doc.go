// Package jsonfast holds every hand-written JSON fast path of transport and
// sdk: a validating scanner over the members of an object (scan.go), a
// reflection-free decoder into any (decode.go), an assigner of decoded
// values into Go types (assign.go), an interner of recurring strings
// (intern.go), and an encoder of plain strings and raw members (encode.go).
//
// Every fast path answers only when it is sure to match encoding/json
// byte for byte, and reports false otherwise; the
// caller then takes the slow path, so behaviour and error wording are
// always the library's. Each is fuzzed against the library it stands in
// for. The few lines that name a protocol struct (transport.Message,
// sdk.CallToolParams, …) stay beside it, in transport/fastpath.go and
// sdk/fastpath.go, where reflection tests tie their member lists to the
// struct tags. The proof that arguments are valid against their schema,
// and the flat decoder it enables, are internal/validate's.
//
// jsonfast imports the standard library only.
package jsonfast
