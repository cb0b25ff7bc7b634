package transport

import (
	"strings"
	"unicode/utf8"

	"github.com/mcpdev/mcpdev/internal/wire"
)

// paramsPeek is what the HTTP layer reads from params: the Mcp-Name value
// and the _meta protocol version, read in one pass.
type paramsPeek struct {
	name    string
	hasName bool
	// version is the _meta protocol version's raw JSON value; nil when
	// there is none.
	version []byte
}

func (pk paramsPeek) hasVersion() bool { return len(pk.version) > 0 }

// versionString is the _meta protocol version: the JSON string's value,
// or the raw value when it is not a string.
func (pk paramsPeek) versionString() string {
	if s, ok := wire.PlainString(pk.version); ok {
		return s
	}
	var s string
	if wire.JSON.Unmarshal(pk.version, &s) != nil {
		return string(pk.version)
	}
	return s
}

// versionIs reports whether versionString() == v, without making the
// string when the version is v written plainly.
func (pk paramsPeek) versionIs(v string) bool {
	raw := pk.version
	if len(raw) == len(v)+2 && raw[0] == '"' && string(raw[1:len(raw)-1]) == v &&
		!strings.Contains(v, `\`) && utf8.ValidString(v) {
		return true
	}
	return pk.versionString() == v
}

func peekParams(m *Message) paramsPeek {
	if len(m.Params) == 0 {
		return paramsPeek{}
	}
	if raw, ok := peekFast(m.Params); ok {
		pk := paramsPeek{version: raw.version}
		if name := methodName(m.Method, raw.name, raw.uri, raw.taskID); name != nil {
			pk.name, pk.hasName = string(name[1:len(name)-1]), true
		}
		return pk
	}
	return peekSlow(m.Method, m.Params)
}

// peekSlow is peekParams through encoding/json.
func peekSlow(method string, params []byte) paramsPeek {
	var p peekedParams
	if wire.JSON.Unmarshal(params, &p) != nil {
		return paramsPeek{}
	}
	var pk paramsPeek
	if name := methodName(method, p.Name, p.URI, p.TaskID); name != nil {
		pk.name, pk.hasName = *name, true
	}
	if p.Meta != nil {
		pk.version = p.Meta.Version
	}
	return pk
}

// methodName picks the member a method's Mcp-Name header mirrors.
func methodName[T any](method string, name, uri, taskID T) T {
	switch method {
	case "tools/call", "prompts/get":
		return name
	case "resources/read":
		return uri
	case "tasks/get", "tasks/update", "tasks/cancel":
		return taskID
	}
	var none T
	return none
}

// metaVersion reads params._meta["io.modelcontextprotocol/protocolVersion"].
func metaVersion(m *Message) (string, bool) {
	if !strings.Contains(string(m.Params), "io.modelcontextprotocol/protocolVersion") {
		return "", false
	}
	pk := peekParams(m)
	if !pk.hasVersion() {
		return "", false
	}
	return pk.versionString(), true
}

// nameParam is what the Mcp-Name header must carry for a method.
func nameParam(m *Message) (string, bool) {
	pk := peekParams(m)
	return pk.name, pk.hasName
}
