package sdk

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

var scanMetaSeeds = []string{
	`{"name":"echo","arguments":{"text":"hi"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"progressToken":7}}`,
	`{"_meta":null}`, `{}`, `{"_meta":{"progressToken":"a","progressToken":"b"}}`, `{"_META":{"x":1}}`,
	`{"_meta":{"PROGRESSTOKEN":1}}`, `{"_meta":{"a\u0062":1}}`, `{"_meta":[1]}`, `{"_meta":"x"}`, `[]`, `null`,
	`{"_meta":{"progressToken":null,"io.modelcontextprotocol/logLevel":"info"}}`, `{"_meta":{},"_meta":{"a":1}}`, `{"_meta":{"progreſsToken":1}}`, `{"_Key":1}`,
}

// The _meta scanners decode what encoding/json decodes whenever they
// answer at all.
func FuzzScanMeta(f *testing.F) {
	for _, s := range scanMetaSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, params []byte) {
		if meta, ok := scanMeta(params); ok {
			var want struct {
				Meta map[string]json.RawMessage `json:"_meta"`
			}
			if err := json.Unmarshal(params, &want); err != nil {
				t.Fatalf("%s: scanMeta took it, encoding/json: %v", params, err)
			}
			if !equalRawMaps(meta, want.Meta) {
				t.Fatalf("%s: scanMeta %q, encoding/json %q", params, meta, want.Meta)
			}
		}
		if m, ok := scanObject(params); ok {
			var want map[string]json.RawMessage
			if err := json.Unmarshal(params, &want); err != nil || !equalRawMaps(m, want) {
				t.Fatalf("%s: scanObject %q, encoding/json %q (%v)", params, m, want, err)
			}
		}
		if len(params) > 0 && params[0] == '{' { // a raw value, as wire.Object hands it over
			if got, ok := scanRequestMeta(params); ok {
				var want RequestMeta
				if err := json.Unmarshal(params, &want); err != nil {
					t.Fatalf("%s: scanRequestMeta took it, encoding/json: %v", params, err)
				}
				if !reflect.DeepEqual(compactRaw(got.ProgressToken), compactRaw(want.ProgressToken)) {
					t.Fatalf("%s: scanRequestMeta %q, encoding/json %q", params, got.ProgressToken, want.ProgressToken)
				}
			}
		}
	})
}

func TestScanMetaSeeds(t *testing.T) {
	for _, s := range scanMetaSeeds {
		meta, ok := scanMeta([]byte(s))
		t.Logf("%s: %q %v", s, meta, ok)
	}
	// The common request is taken by the fast path.
	if meta, ok := scanMeta([]byte(scanMetaSeeds[0])); !ok || string(meta[MetaProtocolVersion]) != `"2026-07-28"` || string(meta["progressToken"]) != "7" {
		t.Errorf("scanMeta(common request) = %q, %v", meta, ok)
	}
	rm, err := parseRequestMeta([]byte(scanMetaSeeds[0]))
	if err != nil || rm.version != "2026-07-28" || rm.caps == nil || string(rm.progressToken) != "7" {
		t.Errorf("parseRequestMeta = %+v, %v", rm, err)
	}
}

func equalRawMaps(a, b map[string]json.RawMessage) bool {
	if (a == nil) != (b == nil) || len(a) != len(b) {
		return false
	}
	for k, v := range a {
		w, ok := b[k]
		if !ok || !bytes.Equal(compactRaw(v), compactRaw(w)) {
			return false
		}
	}
	return true
}

func compactRaw(b []byte) []byte {
	if b == nil {
		return nil
	}
	var out bytes.Buffer
	if json.Compact(&out, b) != nil {
		return b
	}
	return out.Bytes()
}
