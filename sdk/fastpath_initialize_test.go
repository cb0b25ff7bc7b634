package sdk

import (
	"encoding/json"
	"reflect"
	"testing"
)

// initialize's params, read in one pass when they are the usual ones,
// decode as encoding/json decodes them, and any others go through it: the
// same values, the same capabilities map, the same error.
var initializeParamsCases = []string{
	`{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"0"}}`,
	`{"protocolVersion":"2025-06-18","capabilities":{"roots":{"listChanged":true},"sampling":{},"elicitation":{"form":{}}},"clientInfo":{"name":"claude-ai","title":"Claude","version":"0.1.0","icons":[{"src":"https://x/i.png"}],"websiteUrl":"https://x"}}`,
	`{"protocolVersion":"2025-06-18","capabilities":null,"clientInfo":null}`,
	`{"protocolVersion":7}`,
	`{"protocolVersion":"2025-06-18","clientInfo":{"name":["x"]}}`,
	`{"ProtocolVersion":"2025-03-26","clientinfo":{"NAME":"a"}}`,
	`{"protocolVersion":"a\u00e9\n","clientInfo":{"name":"\ud800"}}`,
	`{"protocolVersion":"2025-06-18","protocolVersion":"2024-11-05"}`,
	`{"capabilities":{"a":1,"a":2,"b\u0020":[],"c":{"d":null}}}`,
	`{"capabilities":"x","extra":{"deep":[[[[1]]]]}}`,
	`{"protocolVersion":"é"}`,
	"{\"protocolVersion\":\"\xff\"}",
	`[]`,
	`null`,
	``,
	`"x"`,
	`{}`,
	`{"clientInfo":{"name":"a","title":null,"version":"1"}}`,
}

func TestInitializeParamsAsEncodingJSON(t *testing.T) {
	for _, raw := range initializeParamsCases {
		sameInitializeParams(t, []byte(raw))
	}
}

func FuzzInitializeParams(f *testing.F) {
	for _, raw := range initializeParamsCases {
		f.Add([]byte(raw))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if len(raw) > 0 && !json.Valid(raw) {
			return // params arrive inside a decoded message: valid JSON
		}
		sameInitializeParams(t, raw)
	})
}

func sameInitializeParams(t *testing.T, raw []byte) {
	t.Helper()
	got, err := initializeParams(raw)
	var want InitializeParams
	wantErr := unmarshalParams(raw, &want)
	if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() {
		t.Fatalf("params %s: error %v, want %v", raw, err, wantErr)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("params %s (-want +got):\n-%#v\n+%#v", raw, want, got)
	}
	var wantCaps map[string]json.RawMessage
	_ = json.Unmarshal(want.Capabilities, &wantCaps)
	if caps := clientCapabilities(got.Capabilities); !reflect.DeepEqual(caps, wantCaps) {
		t.Fatalf("capabilities %s (-want +got):\n-%#v\n+%#v", got.Capabilities, wantCaps, caps)
	}
}
