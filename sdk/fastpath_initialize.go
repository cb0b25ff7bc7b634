package sdk

import (
	"encoding/json"

	"github.com/mcpdev/mcpdev/internal/jsonfast"
)

// initialize is the first request every session decodes, at start-up:
// its params are read in one pass (jsonfast.Fields) when they are the usual
// ones — plain strings, keys spelled as the struct tags — instead of by
// encoding/json's reflection, whose first use of a type builds its field
// table. Anything else goes through encoding/json, as before.

var (
	initializeMembers     = []string{"protocolVersion", "capabilities", "clientInfo"}
	implementationMembers = []string{"name", "title", "version"}
)

// initializeParams is unmarshalParams(raw, &p) for initialize's params.
func initializeParams(raw json.RawMessage) (InitializeParams, error) {
	var p InitializeParams
	if decodeInitializeParams(raw, &p) {
		return p, nil
	}
	p = InitializeParams{}
	err := unmarshalParams(raw, &p)
	return p, err
}

// decodeInitializeParams decodes raw into p as encoding/json would; false:
// use encoding/json (p may be partly written).
func decodeInitializeParams(raw json.RawMessage, p *InitializeParams) bool {
	return jsonfast.Fields(raw, initializeMembers, func(name string, val []byte) bool {
		switch name {
		case "protocolVersion":
			return jsonfast.StringMember(val, &p.ProtocolVersion)
		case "capabilities":
			p.Capabilities = append(json.RawMessage(nil), val...)
			return true
		}
		return jsonfast.Fields(val, implementationMembers, func(name string, val []byte) bool {
			switch name {
			case "name":
				return jsonfast.StringMember(val, &p.ClientInfo.Name)
			case "title":
				return jsonfast.StringMember(val, &p.ClientInfo.Title)
			}
			return jsonfast.StringMember(val, &p.ClientInfo.Version)
		})
	})
}

// clientCapabilities is the capabilities object as encoding/json decodes
// it into a map of raw values (nil when it is not an object).
func clientCapabilities(raw json.RawMessage) map[string]json.RawMessage {
	caps := map[string]json.RawMessage{}
	if jsonfast.Object(raw, func(key []byte, escaped bool, val []byte) bool {
		if escaped {
			return false
		}
		caps[string(key)] = append(json.RawMessage(nil), val...)
		return true
	}) {
		return caps
	}
	var slow map[string]json.RawMessage
	_ = json.Unmarshal(raw, &slow)
	return slow
}
