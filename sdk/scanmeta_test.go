package sdk

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/mcpdev/mcpdev/internal/testutil"
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
		checkStatelessMeta(t, params)
		if m, ok := scanObject(params); ok {
			var want map[string]json.RawMessage
			if err := json.Unmarshal(params, &want); err != nil || !equalRawMaps(m, want) {
				t.Fatalf("%s: scanObject %q, encoding/json %q (%v)", params, m, want, err)
			}
		}
		if len(params) > 0 && params[0] == '{' { // a raw value, as jsonfast.Object hands it over
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

// checkStatelessMeta: where scanStatelessMeta answers, it reads each key's
// value as a look-up in the _meta map encoding/json decodes.
func checkStatelessMeta(t *testing.T, params []byte) bool {
	vals, ok := scanStatelessMeta(params)
	if !ok {
		return false
	}
	var want struct {
		Meta map[string]json.RawMessage `json:"_meta"`
	}
	if err := json.Unmarshal(params, &want); err != nil {
		t.Fatalf("%s: scanStatelessMeta took it, encoding/json: %v", params, err)
	}
	for i, k := range statelessMetaMembers {
		w, present := want.Meta[k]
		if (vals[i] != nil) != present || !bytes.Equal(compactRaw(vals[i]), compactRaw(w)) {
			t.Fatalf("%s: scanStatelessMeta[%s] = %q, encoding/json %q (present %v)", params, k, vals[i], w, present)
		}
	}
	return true
}

// The stateless _meta is read alike by the one-pass scan and through the
// map, over random _meta objects: keys in other cases, repeated,
// escaped, values of every kind.
func TestStatelessMetaScanMatchesMap(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	keys := []string{`"io.modelcontextprotocol/protocolVersion"`, `"io.modelcontextprotocol/clientCapabilities"`,
		`"io.modelcontextprotocol/clientInfo"`, `"io.modelcontextprotocol/logLevel"`, `"progressToken"`,
		`"IO.modelcontextprotocol/protocolVersion"`, `"progress\u0054oken"`, `"other"`}
	values := []string{`"2026-07-28"`, `"2026\u002d07-28"`, `null`, `{}`, `{"sampling":{}}`, `7`, `"info"`, `"loud"`, `[1]`, "\"caf\xc3\xa9\""}
	fast := 0
	for range 30000 {
		var b bytes.Buffer
		b.WriteString(`{"name":"echo","_meta":`)
		switch r.IntN(10) {
		case 0:
			b.WriteString(`null`)
		case 1:
			b.WriteString(`"x"`)
		default:
			b.WriteString("{")
			for i := range r.IntN(6) {
				if i > 0 {
					b.WriteString(",")
				}
				b.WriteString(keys[r.IntN(len(keys))] + ":" + values[r.IntN(len(values))])
			}
			b.WriteString("}")
		}
		b.WriteString("}")
		params := b.Bytes()
		if !checkStatelessMeta(t, params) {
			continue
		}
		fast++
		got, gotErr := parseRequestMeta(params)
		var p struct {
			Meta map[string]json.RawMessage `json:"_meta"`
		}
		_ = json.Unmarshal(params, &p)
		var vals metaValues
		for i, k := range statelessMetaMembers {
			vals[i] = p.Meta[k]
		}
		want, wantErr := vals.parse()
		if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: parseRequestMeta %+v, %v; through the map %+v, %v", params, got, gotErr, want, wantErr)
		}
	}
	if fast < 5000 {
		t.Errorf("the one-pass scan answered only %d times", fast)
	}
}

// checkStatelessCall: where scanStatelessCall answers, decodeCallParams
// and scanStatelessMeta answer too, with what it read in its one pass.
func checkStatelessCall(t *testing.T, params []byte) bool {
	p, vals, ok := scanStatelessCall(params)
	if !ok {
		return false
	}
	var apart CallToolParams
	if !decodeCallParams(params, &apart) || !reflect.DeepEqual(p, apart) {
		t.Fatalf("%s: scanStatelessCall read %+v, decodeCallParams %+v", params, p, apart)
	}
	if want, ok := scanStatelessMeta(params); !ok || !reflect.DeepEqual(vals, want) {
		t.Fatalf("%s: scanStatelessCall read _meta %q, scanStatelessMeta %q (%v)", params, vals, want, ok)
	}
	return true
}

// A stateless tools/call's params read in one pass (name, arguments and
// the _meta keys) are what the two scans read apart, over random params:
// members in other cases, repeated, escaped, values of every kind.
func TestStatelessCallScanMatchesApart(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	metaKeys := []string{`"io.modelcontextprotocol/protocolVersion"`, `"io.modelcontextprotocol/clientCapabilities"`,
		`"io.modelcontextprotocol/logLevel"`, `"progressToken"`, `"PROGRESStoken"`, `"progress\u0054oken"`, `"other"`}
	keys := []string{`"name"`, `"arguments"`, `"_meta"`, `"Name"`, `"argument\u0073"`, `"_META"`, `"other"`}
	fast := 0
	for range 30000 {
		var b bytes.Buffer
		b.WriteString("{")
		for i := range r.IntN(5) {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(keys[r.IntN(len(keys))] + ":")
			if r.IntN(2) == 0 {
				b.WriteString(testutil.RandomJSON(r, 1))
				continue
			}
			b.WriteString("{")
			for j := range r.IntN(4) {
				if j > 0 {
					b.WriteString(",")
				}
				b.WriteString(metaKeys[r.IntN(len(metaKeys))] + ":" + testutil.RandomJSON(r, 2))
			}
			b.WriteString("}")
		}
		b.WriteString("}")
		if checkStatelessCall(t, b.Bytes()) {
			fast++
		}
	}
	if fast < 3000 {
		t.Errorf("the one-pass scan answered only %d times", fast)
	}
	bench := []byte(`{"name":"echo","arguments":{"text":"hello 1"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{},"progressToken":7}}`)
	if !checkStatelessCall(t, bench) {
		t.Errorf("%s: not read in one pass", bench)
	}
}
