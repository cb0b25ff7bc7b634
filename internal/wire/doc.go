// Package wire holds every hand-written JSON fast path of transport and
// sdk: a validating scanner over the members of an object (scan.go), a
// reflection-free decoder into any (decode.go), an assigner of decoded
// values into Go types (assign.go), a validator that proves common
// arguments valid without the jsonschema library (valid.go), a decoder of
// flat arguments straight into their struct, proven valid on the way
// (flat.go), and an encoder of plain strings and raw members (encode.go).
//
// Every fast path answers only when it is sure to match encoding/json (or
// the jsonschema library) byte for byte, and reports false otherwise; the
// caller then takes the slow path, so behaviour and error wording are
// always the library's. Each is fuzzed against the library it stands in
// for. The few lines that name a protocol struct (transport.Message,
// sdk.CallToolParams, …) stay beside it, in transport/fastpath.go and
// sdk/fastpath.go, where reflection tests tie their member lists to the
// struct tags.
//
// wire imports the standard library and internal/schema only.
package wire
