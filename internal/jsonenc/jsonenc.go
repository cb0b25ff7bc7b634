// Package jsonenc is the one JSON encoder of transport and sdk:
// encoding/json without HTML escaping. json.Marshal writes '<', '>' and
// '&' as \u003c, \u003e and \u0026, which a model then reads literally;
// nothing MCP carries is embedded in HTML, so the SDK writes them as they
// are. Everything else (U+2028 and U+2029 included, which encoding/json
// always escapes) is what json.Marshal writes.
package jsonenc

import (
	"bytes"
	"encoding/json"

	"github.com/mcpdev/mcpdev/internal/jsonfast"
)

// Marshal is json.Marshal without HTML escaping, written by the codec
// of internal/jsonfast (encoding/json unless a comparison build picks
// another).
func Marshal(v any) ([]byte, error) { return jsonfast.JSON.Marshal(v) }

// MarshalIndent is json.MarshalIndent(v, "", "  ") without HTML escaping.
func MarshalIndent(v any) ([]byte, error) {
	data, err := Marshal(v)
	if err != nil {
		return nil, err
	}
	return Indent(data), nil
}

// Indent indents compact JSON by two spaces, as json.MarshalIndent does;
// data that is not JSON comes back as it is.
func Indent(data []byte) []byte {
	var b bytes.Buffer
	b.Grow(len(data) + len(data)/4)
	if json.Indent(&b, data, "", "  ") != nil {
		return data
	}
	return b.Bytes()
}
