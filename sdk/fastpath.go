package sdk

import (
	"encoding/json"
	"slices"

	"github.com/mcpdev/mcpdev/internal/jsonfast"
	"github.com/mcpdev/mcpdev/internal/pydantic"
	"github.com/mcpdev/mcpdev/internal/validate"
)

// The fast paths that name sdk's protocol structs; their engines are
// internal/jsonfast and internal/validate's proof. fastpath_members_test.go
// ties each member list to its struct.

// callParams reads the params of tools/call and prompts/get (the same
// members: name, arguments, _meta): the fast decoder, else encoding/json.
func callParams(raw json.RawMessage) (CallToolParams, error) {
	var p CallToolParams
	if decodeCallParams(raw, &p) {
		return p, nil
	}
	return slowCallParams(raw)
}

// slowCallParams is callParams through encoding/json (its own variable,
// so that the fast path's does not escape to the heap).
func slowCallParams(raw json.RawMessage) (CallToolParams, error) {
	var p CallToolParams
	err := unmarshalParams(raw, &p)
	return p, err
}

// decodeCallParams is unmarshalParams(raw, p) in one pass for the usual
// tools/call params (see transport's decodeFast); false: use
// unmarshalParams. Arguments share raw's bytes.
func decodeCallParams(raw json.RawMessage, p *CallToolParams) bool {
	return jsonfast.Fields(raw, callParamsMembers, func(name string, val []byte) bool {
		switch name {
		case "name":
			return jsonfast.InternMember(val, &p.Name)
		case "arguments":
			p.Arguments = val
			return true
		}
		switch val[0] { // _meta
		case 'n':
			p.Meta = nil
			return true
		case '{':
			meta, ok := scanRequestMeta(val)
			if !ok {
				meta = RequestMeta{}
				if jsonfast.JSON.Unmarshal(val, &meta) != nil {
					return false
				}
			}
			p.Meta = &meta
			return true
		}
		return false
	})
}

// scanStatelessCall reads a stateless tools/call's params in one pass:
// what decodeCallParams and scanStatelessMeta read apart, each as they
// read it (TestStatelessCallScanMatchesApart); false: read them apart.
func scanStatelessCall(raw []byte) (p CallToolParams, vals metaValues, ok bool) {
	var meta []byte
	if !jsonfast.Fields(raw, callParamsMembers, func(name string, val []byte) bool {
		switch name {
		case "name":
			return jsonfast.InternMember(val, &p.Name)
		case "arguments":
			p.Arguments = val
		default:
			meta = val
		}
		return true
	}) {
		return p, vals, false
	}
	if meta == nil || meta[0] == 'n' {
		return p, vals, true
	}
	if !jsonfast.Fields(meta, statelessMetaMembers, func(name string, val []byte) bool {
		vals[slices.Index(statelessMetaMembers, name)] = val
		return true
	}) {
		return p, vals, false
	}
	p.Meta = &RequestMeta{ProgressToken: vals[4]} // statelessMetaMembers[4]
	return p, vals, true
}

var (
	callParamsMembers  = []string{"name", "arguments", "_meta"}
	requestMetaMembers = []string{"progressToken"}
)

// scanRequestMeta decodes a _meta object into RequestMeta as encoding/json
// does, without reflection; false (ask encoding/json) for escaped keys, a
// repeated progressToken or one spelled in another case.
func scanRequestMeta(val []byte) (RequestMeta, bool) {
	var meta RequestMeta
	ok := jsonfast.Fields(val, requestMetaMembers, func(_ string, v []byte) bool {
		meta.ProgressToken = v
		return true
	})
	return meta, ok
}

var metaMember = []string{"_meta"}

// scanMeta is params' _meta object as encoding/json decodes it into a
// map[string]json.RawMessage (nil when absent or null), read without
// reflection. It reports false for anything where encoding/json's answer
// could differ (escaped or duplicate keys, a key matching "_meta" but for
// case, a _meta that is not an object or null): the caller then asks it.
func scanMeta(params json.RawMessage) (map[string]json.RawMessage, bool) {
	if len(params) == 0 {
		return nil, false
	}
	var raw []byte
	ok := jsonfast.Fields(params, metaMember, func(_ string, val []byte) bool {
		raw = val
		return true
	})
	if !ok || raw == nil || raw[0] == 'n' {
		return nil, ok
	}
	return scanObject(raw)
}

// scanObject decodes a JSON object into a map[string]json.RawMessage as
// encoding/json does, without reflection; false (decode it with
// encoding/json) for anything but an object of distinct unescaped keys.
func scanObject(raw []byte) (map[string]json.RawMessage, bool) {
	if len(raw) == 0 || raw[0] != '{' {
		return nil, false
	}
	m := make(map[string]json.RawMessage)
	ok := jsonfast.Object(raw, func(key []byte, escaped bool, val []byte) bool {
		if _, dup := m[string(key)]; dup || escaped {
			return false
		}
		m[string(key)] = val
		return true
	})
	return m, ok
}

// compileFast is the fast validator of an argument schema, with the format
// and base64 checks the full validator is configured with.
func compileFast(root map[string]any) *validate.Proof {
	return validate.CompileProof(root, validate.Checks{Format: pydantic.Format, Base64: base64Check})
}

func base64Check(s string) error {
	_, err := pydantic.Base64(s)
	return err
}
