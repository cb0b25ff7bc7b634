package sdk

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/mcpdev/mcpdev/internal/jsonfast"
	"github.com/mcpdev/mcpdev/transport"
)

// Each bespoke path against the alternative it stands in for, on the
// usual tools/call: "bespoke" is the fast path, "codec" the JSON codec
// (jsonfast.JSON: encoding/json, or a library swapped in under a build tag,
// see internal/jsonfast/codec.go), "library" the full validator
// (internal/validate, which stands in for the jsonschema library).

type fastBenchArgs struct {
	Query string  `json:"query"`
	Limit int     `json:"limit" jsonschema:"minimum=1,maximum=50,default=10"`
	Genre *string `json:"genre" jsonschema:"enum=fiction,enum=non-fiction,enum=poetry"`
}

var (
	fastBenchParams  = json.RawMessage(`{"name":"search_books","arguments":{"query":"dune","limit":5}}`)
	fastBenchArgsRaw = json.RawMessage(`{"query":"dune","limit":5}`)
)

func BenchmarkFastCallParams(b *testing.B) {
	b.Run("bespoke", func(b *testing.B) {
		for b.Loop() {
			var p CallToolParams
			if !decodeCallParams(fastBenchParams, &p) {
				b.Fatal("not taken")
			}
		}
	})
	b.Run("codec", func(b *testing.B) {
		for b.Loop() {
			var p CallToolParams
			if err := unmarshalParams(fastBenchParams, &p); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkFastDecodeArgs(b *testing.B) {
	b.Run("bespoke", func(b *testing.B) {
		for b.Loop() {
			if _, ok := jsonfast.DecodeValue(fastBenchArgsRaw); !ok {
				b.Fatal("not taken")
			}
		}
	})
	b.Run("codec", func(b *testing.B) {
		for b.Loop() {
			if _, err := jsonfast.JSON.DecodeNumbers(fastBenchArgsRaw); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkFastValidate(b *testing.B) {
	c, err := newArgsCodec(reflect.TypeFor[fastBenchArgs](), nil, false)
	if err != nil {
		b.Fatal(err)
	}
	v, _ := decodeArgs(fastBenchArgsRaw)
	b.Run("bespoke", func(b *testing.B) {
		for b.Loop() {
			if !c.fast.Valid(v) {
				b.Fatal("not taken")
			}
		}
	})
	b.Run("library", func(b *testing.B) {
		for b.Loop() {
			if c.schema.Validate(v) != nil {
				b.Fatal("invalid")
			}
		}
	})
}

func BenchmarkFastAssign(b *testing.B) {
	a := jsonfast.NewAssigner(reflect.TypeFor[fastBenchArgs]())
	v, _ := decodeArgs(fastBenchArgsRaw)
	b.Run("bespoke", func(b *testing.B) {
		for b.Loop() {
			var dst fastBenchArgs
			if !a(v, reflect.ValueOf(&dst).Elem()) {
				b.Fatal("not taken")
			}
		}
	})
	b.Run("codec", func(b *testing.B) { // what decodeInto does without the assigner
		for b.Loop() {
			var dst fastBenchArgs
			if err := jsonfast.JSON.Unmarshal(fastBenchArgsRaw, &dst); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkFastResult(b *testing.B) {
	r := &CallToolResult{Content: []Content{Text("Found 3 books matching 'dune' (showing up to 5).")},
		StructuredContent: json.RawMessage(`{"result":"Found 3 books matching 'dune' (showing up to 5)."}`)}
	b.Run("bespoke", func(b *testing.B) {
		for b.Loop() {
			if _, ok := fastResult(json.RawMessage(`1`), r); !ok {
				b.Fatal("not taken")
			}
		}
	})
	b.Run("codec", func(b *testing.B) {
		for b.Loop() {
			if _, err := transport.NewResult(json.RawMessage(`1`), r); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkStatelessCallParams: a stateless tools/call's params (the
// _meta keys, then name and arguments) read in one pass, against the two
// scans that read them apart.
func BenchmarkStatelessCallParams(b *testing.B) {
	params := json.RawMessage(`{"name":"echo","arguments":{"text":"hello 1"},` +
		`"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}`)
	b.Run("one-pass", func(b *testing.B) {
		for b.Loop() {
			if _, _, ok := scanStatelessCall(params); !ok {
				b.Fatal("not taken")
			}
		}
	})
	b.Run("apart", func(b *testing.B) {
		for b.Loop() {
			var p CallToolParams
			if _, ok := scanStatelessMeta(params); !ok || !decodeCallParams(params, &p) {
				b.Fatal("not taken")
			}
		}
	})
}
