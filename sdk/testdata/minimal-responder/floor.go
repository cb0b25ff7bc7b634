//go:build floor

package main

// Built with -tags floor, the responder also links and initialises the
// packages every sdk server carries whatever its tools do: the schema
// libraries the sdk is built on (invopop/jsonschema infers schemas,
// santhosh-tekuri/jsonschema validates; its init compiles the draft
// metaschemas), net/http (Run serves Streamable HTTP with --http, and
// linking net makes a cgo build dynamic) and go/parser (doc comments under
// go run). It does no more per call than without the tag. Its peak RSS is
// the floor under the sdk's own (sdk/bench_test.go, bench/compare.sh).
import (
	_ "go/parser"
	_ "net/http"

	_ "github.com/invopop/jsonschema"
	_ "github.com/santhosh-tekuri/jsonschema/v6"
)
