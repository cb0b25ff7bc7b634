// Package schema reads JSON Schema documents as plain JSON values: an
// ordered object type for the places where the order keys were written in
// matters (forms show properties in that order), and a walker that follows
// local $refs, unions and type lists the same way for every package that
// looks inside a schema (sdk, transport, forms, inspector).
//
// It imports nothing of the module and no schema compiler: compiling and
// validating is internal/schema/compile's job.
package schema
