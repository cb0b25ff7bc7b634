package transport_test

import (
	"encoding/json"
	"fmt"
	"github.com/mcpdev/mcpdev/transport"
)

func ExampleParamHeaders() {
	schema := json.RawMessage(`{"type":"object","properties":{
		"region":{"type":"string","x-mcp-header":"Region"},
		"query":{"type":"string"}}}`)
	ps, err := transport.ParamHeaders(schema)
	fmt.Println(ps, err)

	_, err = transport.ParamHeaders(json.RawMessage(`{"type":"object","properties":{
		"score":{"type":"number","x-mcp-header":"Score"}}}`))
	fmt.Println(err)
	// Output:
	// [{Region [region] string}] <nil>
	// invalid x-mcp-header "Score" on property "score": type "number" is not allowed: only string, integer and boolean values are mirrored
}

func ExampleEncodeParamValue() {
	for _, v := range []string{"us-west1", "Hello, 世界", " padded "} {
		h := transport.EncodeParamValue(v)
		back, _ := transport.DecodeParamValue(h)
		fmt.Printf("%q → %s → %q\n", v, h, back)
	}
	_, err := transport.DecodeParamValue("=?base64?SGVsbG8?=")
	fmt.Println(err)
	// Output:
	// "us-west1" → us-west1 → "us-west1"
	// "Hello, 世界" → =?base64?SGVsbG8sIOS4lueVjA==?= → "Hello, 世界"
	// " padded " → =?base64?IHBhZGRlZCA=?= → " padded "
	// transport: invalid Base64 in header value
}
